import ICAL from 'ical.js';
import { describe, expect, it } from 'vitest';
import type { Deprecation } from '../types/api-types.js';
import { escapeIcsText, foldIcsLine, renderRetirementCalendar, type CalendarInput } from './calendar.js';

const SITE = 'https://pulse.example.org';
const AS_OF = '2026-11-20T12:34:56Z';
/** Non-ASCII of every UTF-8 width (2, 3 and 4 octets), and every character TEXT must escape. */
const TRICKY_NAME = 'Ünïcødé 模型 🚀, with "semi;colon", back\\slash and\r\ntwo lines';

function deprecation(model_id: string, retirement_date: string, extra: Partial<Deprecation> = {}): Deprecation {
  return { model_id, name: `Model ${model_id}`, retirement_date, retired: false, deprecated_at: null, replacement: null, replacement_id: null, source_url: `https://docs.example.com/${model_id}`, ...extra };
}

function input(deprecations: Deprecation[], asOf: string | null = AS_OF, earliestRetirements: CalendarInput['earliestRetirements'] = []): CalendarInput {
  return { siteUrl: SITE, deprecations, earliestRetirements, asOf };
}

function parse(text: string) {
  const calendar = new ICAL.Component(ICAL.parse(text));
  const events = calendar.getAllSubcomponents('vevent').map((e) => ({
    uid: e.getFirstPropertyValue('uid'),
    start: e.getFirstPropertyValue('dtstart') as ICAL.Time,
    end: e.getFirstPropertyValue('dtend') as ICAL.Time,
    stamp: (e.getFirstPropertyValue('dtstamp') as ICAL.Time).toString(),
    summary: e.getFirstPropertyValue('summary'),
    description: e.getFirstPropertyValue('description'),
    url: e.getFirstPropertyValue('url'),
    transp: e.getFirstPropertyValue('transp'),
  }));
  return { calendar, events };
}

/** The physical lines, each with its terminator: all must end in CRLF. */
function physicalLines(text: string): string[] {
  return text.match(/[^\r\n]*(\r\n|\r|\n|$)/g)!.filter((l) => l !== '');
}

describe('renderRetirementCalendar', () => {
  const sample = [
    deprecation('zeta/late', '2027-12-31', { replacement: 'zeta/next' }),
    deprecation('uni/code', '2028-02-28', { name: TRICKY_NAME, replacement: 'a,b;c\\d', source_url: 'https://docs.example.com/deprecations?model=uni,code;x' }),
    deprecation('alpha/past', '2026-06-30', { retired: true }),
    deprecation('beta/same', '2027-12-31'),
  ];

  it('writes a VCALENDAR with the required properties at its path', () => {
    const file = renderRetirementCalendar(input(sample));
    expect(file.path).toBe('api/v1/feeds/retirements.ics');
    const { calendar } = parse(file.text);
    expect(calendar.name).toBe('vcalendar');
    expect(calendar.getFirstPropertyValue('version')).toBe('2.0');
    expect(calendar.getFirstPropertyValue('prodid')).toBe('-//ModelPulse//AI model retirements//EN');
    expect(calendar.getFirstPropertyValue('calscale')).toBe('GREGORIAN');
    expect(calendar.getFirstPropertyValue('x-wr-calname')).toBe('ModelPulse: AI model retirements');
    expect(calendar.getFirstPropertyValue('x-wr-caldesc')).toBe(`Announced retirement dates of AI models and the earliest dates makers give for active ones (not before). Free to use: link back to ${SITE}`);
  });

  it('shows an active model\'s tentative earliest retirement date as "not before", never as a retirement', () => {
    const earliest = [{ model_id: 'anthropic/next', name: 'Next', status: 'active' as const, not_before: '2027-06-30', source_url: 'https://docs.example.com/deprecations' }];
    const { events } = parse(renderRetirementCalendar(input(sample, AS_OF, earliest)).text);
    const event = events.find((e) => e.uid === 'anthropic/next-not-before@pulse.example.org')!;
    expect([event.start.toString(), event.end.toString(), event.stamp]).toEqual(['2027-06-30', '2027-07-01', AS_OF]);
    expect(event.summary).toBe('Not retired before: Next (anthropic/next)');
    expect(event.description).toBe(
      `Next (anthropic/next) is active: its maker announces no retirement date and says it will not be retired before 2027-06-30.\nSource: https://docs.example.com/deprecations\nModel page: ${SITE}/#/models/anthropic/next`,
    );
    expect(String(event.summary)).not.toMatch(/retirement:/i);
  });

  it('has one all-day event per deprecation, soonest first, ties by model id', () => {
    const { events } = parse(renderRetirementCalendar(input(sample)).text);
    expect(events.map((e) => e.uid)).toEqual([
      'alpha/past-retirement@pulse.example.org',
      'beta/same-retirement@pulse.example.org',
      'zeta/late-retirement@pulse.example.org',
      'uni/code-retirement@pulse.example.org',
    ]);
    expect(events.map((e) => [e.start.isDate, e.start.toString(), e.end.isDate, e.end.toString()])).toEqual([
      [true, '2026-06-30', true, '2026-07-01'],
      [true, '2027-12-31', true, '2028-01-01'],
      [true, '2027-12-31', true, '2028-01-01'],
      // 2028 is a leap year: the day after Feb 28 is Feb 29.
      [true, '2028-02-28', true, '2028-02-29'],
    ]);
    expect(events.every((e) => e.stamp === AS_OF)).toBe(true);
    expect(events.every((e) => e.transp === 'TRANSPARENT')).toBe(true);
    expect(events[0]!.summary).toBe('Retirement: Model alpha/past (alpha/past)');
    expect(events[0]!.url).toBe(`${SITE}/#/models/alpha/past`);
    expect(events[0]!.description).toBe(
      `Model alpha/past (alpha/past) retired on 2026-06-30.\nReplacement: none announced\nSource: https://docs.example.com/alpha/past\nModel page: ${SITE}/#/models/alpha/past`,
    );
    expect(events[2]!.description).toContain('retires on 2027-12-31.\nReplacement: zeta/next\n');
  });

  it('round-trips commas, semicolons, backslashes, newlines and non-ASCII through folding', () => {
    const { events } = parse(renderRetirementCalendar(input(sample)).text);
    const uni = events.find((e) => e.uid === 'uni/code-retirement@pulse.example.org')!;
    const name = TRICKY_NAME.replace('\r\n', '\n');
    expect(uni.summary).toBe(`Retirement: ${name} (uni/code)`);
    expect(uni.description).toBe(
      `${name} (uni/code) retires on 2028-02-28.\nReplacement: a,b;c\\d\nSource: https://docs.example.com/deprecations?model=uni,code;x\nModel page: ${SITE}/#/models/uni/code`,
    );
  });

  it('ends every physical line with CRLF and keeps each within 75 octets', () => {
    const long = deprecation('long/name', '2027-05-05', { name: `${'模型🚀é'.repeat(40)} end`, replacement: 'x'.repeat(200) });
    const text = renderRetirementCalendar(input([...sample, long])).text;
    const lines = physicalLines(text);
    expect(lines.length).toBeGreaterThan(40);
    for (const line of lines) {
      expect(line.endsWith('\r\n')).toBe(true);
      const content = line.slice(0, -2);
      expect(content).not.toMatch(/[\r\n]/);
      expect(Buffer.byteLength(content, 'utf8')).toBeLessThanOrEqual(75);
      // No line starts or ends inside a character: each encodes to UTF-8 and back unchanged.
      expect(Buffer.from(content, 'utf8').toString('utf8')).toBe(content);
    }
    // Folding happened (continuation lines), and unfolding gives the text back.
    expect(lines.some((l) => l.startsWith(' '))).toBe(true);
    const { events } = parse(text);
    expect(events.find((e) => e.uid === 'long/name-retirement@pulse.example.org')!.summary).toBe(`Retirement: ${'模型🚀é'.repeat(40)} end (long/name)`);
  });

  it('drops control characters TEXT may not hold', () => {
    const text = renderRetirementCalendar(input([deprecation('ctl/x', '2027-01-01', { name: 'a\u0000b\u001bc\u007fd\te' })])).text;
    expect(text).not.toMatch(/[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/);
    expect(parse(text).events[0]!.summary).toBe('Retirement: abcd\te (ctl/x)');
  });

  it('is deterministic: the same bytes for the same data in any order, DTSTAMP the data\'s as-of', () => {
    const first = renderRetirementCalendar(input(sample));
    expect(renderRetirementCalendar(input([...sample].reverse()))).toEqual(first);
    const noTime = renderRetirementCalendar(input(sample, null)).text;
    expect(noTime).toContain('\r\nDTSTAMP:19700101T000000Z\r\n');
    expect(first.text).toContain('\r\nDTSTAMP:20261120T123456Z\r\n');
  });

  it('renders a valid calendar without events', () => {
    const file = renderRetirementCalendar(input([]));
    expect(parse(file.text).events).toEqual([]);
    expect(file.text.startsWith('BEGIN:VCALENDAR\r\nVERSION:2.0\r\n')).toBe(true);
    expect(file.text.endsWith('END:VCALENDAR\r\n')).toBe(true);
  });
});

describe('escapeIcsText and foldIcsLine', () => {
  it('escapes TEXT special characters', () => {
    expect(escapeIcsText('a\\b;c,d\ne\r\nf\rg')).toBe('a\\\\b\\;c\\,d\\ne\\nf\\ng');
  });

  it('folds at 75 octets between code points', () => {
    expect(foldIcsLine('x'.repeat(75))).toBe('x'.repeat(75));
    expect(foldIcsLine('x'.repeat(76))).toBe(`${'x'.repeat(75)}\r\n x`);
    // 2-octet characters: 37 fit in 74 octets, the 38th would make 76.
    const folded = foldIcsLine('é'.repeat(100)).split('\r\n');
    expect(folded.map((l) => Buffer.byteLength(l))).toEqual([74, 75, 53]);
    expect(folded.map((l) => l.replace(/^ /, '')).join('')).toBe('é'.repeat(100));
    // A 4-octet emoji (a surrogate pair in JS) is never split.
    const emoji = foldIcsLine(`${'x'.repeat(73)}🚀`).split('\r\n');
    expect(emoji).toEqual(['x'.repeat(73), ' 🚀']);
  });
});
