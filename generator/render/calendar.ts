/**
 * The retirement calendar (iCalendar, RFC 5545): one all-day event per announced model
 * retirement, and one per active model's tentative earliest retirement date ("not before"). Pure:
 * DTSTAMP is the data's as-of time, never the clock.
 */
import { addDays, isoSecond, parseIsoTime } from '../models/dates.js';
import type { Deprecation, EarliestRetirement } from '../types/api-types.js';
import { modelPageUrl, siteHost } from './feeds.js';
import { safeHttpUrl } from './presentation.js';
// site.ts imports this module: use its values inside functions only, never at module load.
import { API_ROOT, type RenderedText } from './rendered.js';

/** RFC 5545 §3.1: lines longer than 75 octets (without the CRLF) are folded. */
export const ICS_LINE_OCTETS = 75;
/** How often calendar apps should poll (RFC 7986 REFRESH-INTERVAL); retirement dates move slowly. */
export const CALENDAR_REFRESH = 'PT6H';
/** DTSTAMP is required; with no time in the data at all it is the epoch, not the clock. */
const EPOCH_STAMP = '19700101T000000Z';

export interface CalendarInput {
  siteUrl: string;
  /** Every deprecation: the calendar is not limited like the feeds (past events are harmless). */
  deprecations: readonly Deprecation[];
  /** Active models' tentative earliest retirement dates: an event each, "not before". */
  earliestRetirements: readonly EarliestRetirement[];
  /** The data's as-of (`meta.as_of`), which `retired` is judged on: DTSTAMP. */
  asOf: string | null;
}

export const calendarPath = (): string => `${API_ROOT}/feeds/retirements.ics`;

/**
 * Controls TEXT may not hold (RFC 5545 §3.3.11 TSAFE-CHAR): C0 other than tab and newline, DEL,
 * and lone surrogates (not encodable in UTF-8). Upstream names may carry them; they go.
 */
const ILLEGAL_TEXT_CHARS = /[\u0000-\u0008\u000B-\u001F\u007F]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/** A TEXT value: backslash, semicolon, comma and newlines escaped (RFC 5545 §3.3.11). */
export function escapeIcsText(value: string): string {
  return value
    .replace(/\r\n?/g, '\n')
    .replace(ILLEGAL_TEXT_CHARS, '')
    .replace(/[\\;,\n]/g, (c) => (c === '\n' ? '\\n' : `\\${c}`));
}

function utf8Octets(codePoint: number): number {
  return codePoint < 0x80 ? 1 : codePoint < 0x800 ? 2 : codePoint < 0x10000 ? 3 : 4;
}

/** Folds one content line at 75 octets, between code points (a multi-byte character is never split). */
export function foldIcsLine(line: string): string {
  const parts: string[] = [];
  let current = '';
  let octets = 0;
  for (const char of line) {
    const size = utf8Octets(char.codePointAt(0)!);
    if (octets + size > ICS_LINE_OCTETS) {
      parts.push(current);
      // A continuation line starts with one space, which counts toward its 75 octets.
      current = ' ';
      octets = 1;
    }
    current += char;
    octets += size;
  }
  parts.push(current);
  return parts.join('\r\n');
}

const icsDate = (date: string): string => date.replace(/-/g, '');

function icsStamp(asOf: string | null): string {
  const date = asOf === null ? null : parseIsoTime(asOf);
  return date === null ? EPOCH_STAMP : isoSecond(date).replace(/[-:]/g, '');
}

interface CalendarEvent {
  model_id: string;
  /** `retirement` or `not-before`: the UID's kind. */
  kind: string;
  date: string;
  summary: string;
  lines: string[];
}

function retirementEvent(d: Deprecation): CalendarEvent {
  const lines = [`${d.name} (${d.model_id}) ${d.retired ? 'retired' : 'retires'} on ${d.retirement_date}.`, `Replacement: ${d.replacement ?? 'none announced'}`, `Source: ${safeHttpUrl(d.source_url) ?? d.source_url}`];
  return { model_id: d.model_id, kind: 'retirement', date: d.retirement_date, summary: `Retirement: ${d.name} (${d.model_id})`, lines };
}

function notBeforeEvent(e: EarliestRetirement): CalendarEvent {
  const source = e.source_url === null ? null : safeHttpUrl(e.source_url);
  const lines = [`${e.name} (${e.model_id}) is ${e.status}: its maker announces no retirement date and says it will not be retired before ${e.not_before}.`, ...(source === null ? [] : [`Source: ${source}`])];
  return { model_id: e.model_id, kind: 'not-before', date: e.not_before, summary: `Not retired before: ${e.name} (${e.model_id})`, lines };
}

function eventLines(siteUrl: string, e: CalendarEvent, stamp: string): string[] {
  const page = modelPageUrl(siteUrl, e.model_id);
  return [
    'BEGIN:VEVENT',
    `UID:${escapeIcsText(`${e.model_id}-${e.kind}@${siteHost(siteUrl)}`)}`,
    `DTSTAMP:${stamp}`,
    `DTSTART;VALUE=DATE:${icsDate(e.date)}`,
    `DTEND;VALUE=DATE:${icsDate(addDays(e.date, 1))}`,
    `SUMMARY:${escapeIcsText(e.summary)}`,
    `DESCRIPTION:${escapeIcsText([...e.lines, `Model page: ${page}`].join('\n'))}`,
    `URL:${page}`,
    // An all-day reminder, not a meeting: it must not show the day as busy.
    'TRANSP:TRANSPARENT',
    'END:VEVENT',
  ];
}

/** The whole calendar, events soonest first (ties by model id), CRLF line endings. */
export function renderRetirementCalendar(input: CalendarInput): RenderedText {
  const stamp = icsStamp(input.asOf);
  const events = [...input.deprecations.map(retirementEvent), ...input.earliestRetirements.map(notBeforeEvent)].sort((a, b) =>
    a.date !== b.date ? (a.date < b.date ? -1 : 1) : a.model_id !== b.model_id ? (a.model_id < b.model_id ? -1 : 1) : a.kind < b.kind ? -1 : a.kind > b.kind ? 1 : 0,
  );
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//ModelPulse//AI model retirements//EN',
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    // X- values are TEXT (RFC 5545 §3.8.8.2) but some parsers do not unescape them: no , ; or \ here.
    `X-WR-CALNAME:${escapeIcsText('ModelPulse: AI model retirements')}`,
    `X-WR-CALDESC:${escapeIcsText(`Announced retirement dates of AI models and the earliest dates makers give for active ones (not before). Free to use: link back to ${input.siteUrl}`)}`,
    `REFRESH-INTERVAL;VALUE=DURATION:${CALENDAR_REFRESH}`,
    `X-PUBLISHED-TTL:${CALENDAR_REFRESH}`,
    ...events.flatMap((d) => eventLines(input.siteUrl, d, stamp)),
    'END:VCALENDAR',
  ];
  return { path: calendarPath(), text: lines.map((line) => `${foldIcsLine(line)}\r\n`).join('') };
}
