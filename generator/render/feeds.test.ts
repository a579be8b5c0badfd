import { parseAtomFeed } from 'feedsmith';
import { describe, expect, it } from 'vitest';
import type { ApiPrice, Deprecation, PriceChange } from '../types/api-types.js';
import { FEED_ENTRY_LIMIT, renderFeeds, type FeedsInput } from './feeds.js';
import { safeHttpUrl } from './presentation.js';
import type { ApiIncident, ServiceDetail } from './status.js';
import { NO_TRAFFIC } from './status.js';

const SITE = 'https://pulse.example.org';
const HOSTILE = 'Evil <img src=x onerror=alert(1)> & "quoted" \'single\' \u0000nul\u001b[31m';
/** What a parser must give back: the same text without the characters XML 1.0 forbids. */
const HOSTILE_PARSED = 'Evil <img src=x onerror=alert(1)> & "quoted" \'single\' nul[31m';

const price = (input: number | null, output: number | null): ApiPrice => ({
  input,
  output,
  blended: input === null || output === null ? null : (3 * input + output) / 4,
  cache_read: null,
  cache_write: null,
});

function change(model_id: string, at: string, change_pct: number | null = -20, name = `Model ${model_id}`): PriceChange {
  return { model_id, name, at, previous: price(2, 4), current: price(1.6, 3.2), change_pct, previous_seen_at: at, source: 'openrouter', source_date: null, upcoming: false };
}

function deprecation(model_id: string, retirement_date: string, extra: Partial<Deprecation> = {}): Deprecation {
  return { model_id, name: `Model ${model_id}`, retirement_date, retired: false, deprecated_at: null, replacement: null, replacement_id: null, source_url: `https://docs.example.com/${model_id}`, ...extra };
}

type RecentIncident = ServiceDetail['recent_incidents'][number];

function incident(id: string, extra: Partial<RecentIncident> = {}): RecentIncident {
  return { id, source: 'official', name: `Incident ${id}`, status: 'investigating', impact: 'minor', started_at: '2026-11-10T10:00:00Z', updated_at: '2026-11-10T10:30:00Z', url: null, resolved_at: null, components: [], models: [], ...extra };
}

function activeForm({ resolved_at: _resolved, components: _components, models: _models, ...rest }: RecentIncident): ApiIncident {
  return rest;
}

function service(id: string, extra: Partial<ServiceDetail> = {}): ServiceDetail {
  return {
    id,
    name: `Service ${id}`,
    url: `https://${id}.example.com`,
    status: 'operational',
    official: { platform: 'statuspage', indicator: 'none', description: 'All Systems Operational', url: null, fetched_at: null, stale: false, age_seconds: null, error: null },
    probe_configured: false,
    probe: null,
    active_incidents: [],
    traffic: NO_TRAFFIC,
    uptime_90d: [],
    recent_incidents: [],
    official_history: null,
    ...extra,
  };
}

function input(extra: Partial<FeedsInput> = {}): FeedsInput {
  return { siteUrl: SITE, priceChanges: [], priceChangesUpdatedAt: '2026-11-20T12:00:00Z', deprecations: [], deprecationsUpdatedAt: '2026-11-19T08:00:00Z', earliestRetirements: [], asOf: '2026-11-20T11:00:00Z', services: [], statusAsOf: '2026-11-20T12:05:00Z', ...extra };
}

function feed(files: ReturnType<typeof renderFeeds>, name: string) {
  const file = files.find((f) => f.path === `api/v1/feeds/${name}.atom`);
  if (file === undefined) throw new Error(`no ${name} feed`);
  return { text: file.text, parsed: parseAtomFeed(file.text) };
}

const hrefs = (links: Array<{ href?: string; rel?: string }> | undefined, rel: string) => (links ?? []).filter((l) => l.rel === rel).map((l) => l.href);

/** Every code point XML 1.0 allows (§2.2), written independently of the implementation's regex. */
function isXmlChar(cp: number): boolean {
  return cp === 0x9 || cp === 0xa || cp === 0xd || (cp >= 0x20 && cp <= 0xd7ff) || (cp >= 0xe000 && cp <= 0xfffd) || (cp >= 0x10000 && cp <= 0x10ffff);
}

describe('renderFeeds', () => {
  it('writes the three feeds at their paths, each with the feed-level metadata', () => {
    const files = renderFeeds(input());
    expect(files.map((f) => f.path)).toEqual(['api/v1/feeds/price-changes.atom', 'api/v1/feeds/deprecations.atom', 'api/v1/feeds/incidents.atom']);
    for (const name of ['price-changes', 'deprecations', 'incidents']) {
      const { text, parsed } = feed(files, name);
      expect(text.startsWith('<?xml version="1.0" encoding="utf-8"?>\n<feed xmlns="http://www.w3.org/2005/Atom">')).toBe(true);
      expect(parsed.id).toBe(`tag:pulse.example.org,2026:feed/${name}`);
      expect(parsed.title?.value).toMatch(/^ModelPulse: /);
      expect(hrefs(parsed.links, 'self')).toEqual([`${SITE}/api/v1/feeds/${name}.atom`]);
      expect(hrefs(parsed.links, 'alternate')).toEqual([`${SITE}/`]);
      expect(parsed.authors).toEqual([{ name: 'ModelPulse', uri: SITE }]);
      expect(parsed.rights?.value).toContain(`cache at least 60 s and link back to ${SITE}`);
      expect(parsed.entries ?? []).toEqual([]);
    }
  });

  it('lists price changes newest first, ties by model id, with links and prices', () => {
    const files = renderFeeds(input({
      priceChanges: [
        change('b/late', '2026-11-02T00:00:00Z', 12.5),
        change('a/early', '2026-10-01T00:00:00Z', null),
        change('z/tie', '2026-11-05T00:00:00Z', -20),
        change('c/tie', '2026-11-05T00:00:00Z', 0),
      ],
    }));
    const { parsed } = feed(files, 'price-changes');
    const entries = parsed.entries ?? [];
    expect(entries.map((e) => e.updated)).toEqual(['2026-11-05T00:00:00Z', '2026-11-05T00:00:00Z', '2026-11-02T00:00:00Z', '2026-10-01T00:00:00Z']);
    expect(entries.map((e) => e.id)).toEqual([
      'tag:pulse.example.org,2026:price-change/c/tie/2026-11-05T00:00:00Z',
      'tag:pulse.example.org,2026:price-change/z/tie/2026-11-05T00:00:00Z',
      'tag:pulse.example.org,2026:price-change/b/late/2026-11-02T00:00:00Z',
      'tag:pulse.example.org,2026:price-change/a/early/2026-10-01T00:00:00Z',
    ]);
    expect(entries.map((e) => e.title?.value)).toEqual([
      'Model c/tie (c/tie): blended price unchanged',
      'Model z/tie (z/tie): price down 20%',
      'Model b/late (b/late): price up 12.5%',
      'Model a/early (a/early): price changed',
    ]);
    expect(hrefs(entries[1]!.links, 'alternate')).toEqual([`${SITE}/#/models/z/tie`]);
    expect(hrefs(entries[1]!.links, 'related')).toEqual([`${SITE}/api/v1/models/z/tie.json`]);
    expect(entries[1]!.summary?.value).toBe(
      'Model z/tie (z/tie), USD per 1M tokens: input $2 → $1.6, output $4 → $3.2, blended $2.5 → $2 (-20%). Changed at 2026-11-05T00:00:00Z.',
    );
    // The feed is as new as its newest entry, not as the (later) as-of time.
    expect(parsed.updated).toBe('2026-11-05T00:00:00Z');
  });

  it('states the window in which a change happened where it is wider than a day, and leaves out changes dated ahead', () => {
    const seenWeeksApart = { ...change('a/monthly', '2026-08-01T00:00:00Z'), previous_seen_at: '2026-05-01T00:00:00Z' };
    const dated = { ...change('b/dated', '2026-09-01T00:00:00Z'), previous_seen_at: '2026-09-01T00:00:00Z', source: 'genai-prices' as const, source_date: '2026-09-01' };
    const ahead = { ...change('c/ahead', '2026-12-01T00:00:00Z'), source: 'genai-prices' as const, source_date: '2026-12-01', upcoming: true };
    const entries = feed(renderFeeds(input({ priceChanges: [ahead, dated, seenWeeksApart] })), 'price-changes').parsed.entries ?? [];
    expect(entries.map((e) => e.summary?.value.replace(/^.*\. Changed /, ''))).toEqual([
      'on 2026-09-01, as its source dates it.',
      'between 2026-05-01T00:00:00Z (old price last seen) and 2026-08-01T00:00:00Z (new price first seen).',
    ]);
  });

  it(`keeps only the newest ${FEED_ENTRY_LIMIT} entries`, () => {
    const changes = Array.from({ length: 150 }, (_, i) => change(`m/n${String(i).padStart(3, '0')}`, new Date(Date.UTC(2026, 0, 1) + i * 3_600_000).toISOString().replace('.000', '')));
    const entries = feed(renderFeeds(input({ priceChanges: changes })), 'price-changes').parsed.entries ?? [];
    expect(entries).toHaveLength(FEED_ENTRY_LIMIT);
    expect(entries[0]!.id).toContain('m/n149');
    expect(entries.at(-1)!.id).toContain('m/n050');
    expect(new Set(entries.map((e) => e.id)).size).toBe(FEED_ENTRY_LIMIT);
  });

  it('gives identical bytes for equal input, whatever the input order', () => {
    const data = input({
      priceChanges: [change('a/x', '2026-11-05T00:00:00Z'), change('b/y', '2026-11-05T00:00:00Z'), change('c/z', '2026-11-01T00:00:00Z')],
      deprecations: [deprecation('a/x', '2027-01-01'), deprecation('b/y', '2027-01-01')],
      services: [service('one', { recent_incidents: [incident('official:1'), incident('official:2')] }), service('two', { recent_incidents: [incident('official:1')] })],
    });
    const reversed: FeedsInput = {
      ...data,
      priceChanges: [...data.priceChanges].reverse(),
      deprecations: [...data.deprecations].reverse(),
      services: [...data.services].reverse().map((s) => ({ ...s, recent_incidents: [...s.recent_incidents].reverse() })),
    };
    const first = renderFeeds(data);
    expect(renderFeeds(data)).toEqual(first);
    expect(renderFeeds(reversed)).toEqual(first);
  });

  it('dates an empty feed by when its response last changed, never by the run or the clock', () => {
    expect(feed(renderFeeds(input()), 'price-changes').parsed.updated).toBe('2026-11-20T12:00:00Z');
    expect(feed(renderFeeds(input()), 'deprecations').parsed.updated).toBe('2026-11-19T08:00:00Z');
    // The status run's time moves every 15 minutes: a feed without incidents must not move with it.
    expect(feed(renderFeeds(input()), 'incidents').parsed.updated).toBe('1970-01-01T00:00:00Z');
    expect(renderFeeds(input({ statusAsOf: '2026-11-20T12:20:00Z' }))).toEqual(renderFeeds(input()));
  });

  it('dates each retirement on its day, latest first, with the replacement and the source', () => {
    const files = renderFeeds(input({
      deprecations: [
        deprecation('old/gone', '2026-06-30', { retired: true, replacement: 'old/next' }),
        deprecation('new/soon', '2027-03-01'),
        deprecation('a/same', '2027-03-01', { source_url: 'javascript:alert(1)' }),
      ],
    }));
    const { parsed } = feed(files, 'deprecations');
    const entries = parsed.entries ?? [];
    expect(entries.map((e) => e.id)).toEqual([
      'tag:pulse.example.org,2026:retirement/a/same',
      'tag:pulse.example.org,2026:retirement/new/soon',
      'tag:pulse.example.org,2026:retirement/old/gone',
    ]);
    expect(entries.map((e) => e.updated)).toEqual(['2027-03-01T00:00:00Z', '2027-03-01T00:00:00Z', '2026-06-30T00:00:00Z']);
    expect(entries[2]!.title?.value).toBe('Model old/gone (old/gone) retired on 2026-06-30');
    expect(entries[1]!.title?.value).toBe('Model new/soon (new/soon) retires on 2027-03-01');
    expect(entries[2]!.summary?.value).toBe('Model old/gone (old/gone) retired on 2026-06-30. Replacement: old/next. Source: https://docs.example.com/old/gone.');
    expect(entries[1]!.summary?.value).toContain('Replacement: none announced.');
    expect(hrefs(entries[1]!.links, 'alternate')).toEqual([`${SITE}/#/models/new/soon`]);
    expect(hrefs(entries[1]!.links, 'related')).toEqual(['https://docs.example.com/new/soon']);
    // A non-http source never becomes a link.
    expect(hrefs(entries[0]!.links, 'related')).toEqual([]);
    // Entries carry future dates, so the feed is dated by when deprecations.json last changed.
    expect(parsed.updated).toBe('2026-11-19T08:00:00Z');
    // What retired and upcoming are judged on: the data's as-of.
    expect(parsed.subtitle?.value).toMatch(/retired or upcoming as of 2026-11-20T11:00:00Z\.$/);
  });

  it('shows an active model\'s tentative earliest retirement date as "not before", dated on that day', () => {
    const files = renderFeeds(input({
      deprecations: [deprecation('new/soon', '2027-03-01')],
      earliestRetirements: [{ model_id: 'anthropic/next', name: 'Next', status: 'active', not_before: '2027-06-30', source_url: 'https://docs.example.com/deprecations' }],
    }));
    const [first, second] = feed(files, 'deprecations').parsed.entries ?? [];
    expect(first!.id).toBe('tag:pulse.example.org,2026:not-before/anthropic/next');
    expect(first!.updated).toBe('2027-06-30T00:00:00Z');
    expect(first!.title?.value).toBe('Next (anthropic/next) is active, not retired before 2027-06-30');
    expect(first!.summary?.value).toBe('Next (anthropic/next) is active: its maker announces no retirement date and says it will not be retired before 2027-06-30. Source: https://docs.example.com/deprecations.');
    expect(hrefs(first!.links, 'related')).toEqual(['https://docs.example.com/deprecations']);
    expect(first!.title?.value).not.toMatch(/deprecat|retires on/i);
    expect(second!.id).toBe('tag:pulse.example.org,2026:retirement/new/soon');
  });

  it('lists incidents of every service once, newest update first, ties by service then id', () => {
    const active: ApiIncident = { id: 'official:old-active', source: 'official', name: 'Still open', status: 'identified', impact: 'major', started_at: '2026-11-01T00:00:00Z', updated_at: '2026-11-12T00:00:00Z', url: 'https://status.one.example.com/incidents/old' };
    const files = renderFeeds(input({
      services: [
        service('one', {
          // In both lists: listed once, with its recent form (which knows resolved_at).
          active_incidents: [active, activeForm(incident('official:a'))],
          recent_incidents: [
            incident('official:a', { status: 'resolved', resolved_at: '2026-11-11T00:00:00Z' }),
            incident('probe:2026-11-09T00:00:00Z', { source: 'probe', name: 'Our probes could not reach the API', started_at: '2026-11-09T00:00:00Z', updated_at: '2026-11-09T01:00:00Z' }),
          ],
        }),
        service('two', { recent_incidents: [incident('official:tie', { updated_at: '2026-11-12T00:00:00Z', started_at: null })] }),
      ],
    }));
    const { parsed } = feed(files, 'incidents');
    const entries = parsed.entries ?? [];
    expect(entries.map((e) => e.id)).toEqual([
      'tag:pulse.example.org,2026:incident/one/official:old-active',
      'tag:pulse.example.org,2026:incident/two/official:tie',
      'tag:pulse.example.org,2026:incident/one/official:a',
      'tag:pulse.example.org,2026:incident/one/probe:2026-11-09T00:00:00Z',
    ]);
    expect(entries.map((e) => e.updated)).toEqual(['2026-11-12T00:00:00Z', '2026-11-12T00:00:00Z', '2026-11-11T00:00:00Z', '2026-11-09T01:00:00Z']);
    expect(entries.map((e) => e.title?.value)).toEqual([
      'Service one: Still open (identified)',
      'Service two: Incident official:tie (investigating)',
      'Service one: Incident official:a (resolved)',
      'Service one: Our probes could not reach the API (investigating)',
    ]);
    expect(hrefs(entries[0]!.links, 'alternate')).toEqual([`${SITE}/#/status/one`]);
    expect(hrefs(entries[0]!.links, 'related')).toEqual(['https://status.one.example.com/incidents/old']);
    expect(hrefs(entries[1]!.links, 'related')).toEqual([]);
    expect(entries[0]!.categories).toEqual([{ term: 'one', label: 'Service one' }]);
    expect(entries[0]!.published).toBe('2026-11-01T00:00:00Z');
    expect(entries[2]!.summary?.value).toBe('Status: resolved. Impact: minor. Started 2026-11-10T10:00:00Z. Resolved 2026-11-11T00:00:00Z. From the official status page.');
    expect(entries[3]!.summary?.value).toContain('Detected by ModelPulse probes.');
    expect(parsed.updated).toBe('2026-11-12T00:00:00Z');
  });

  it('gives an incident that changes status a new updated under the same id', () => {
    const render = (i: RecentIncident) => feed(renderFeeds(input({ services: [service('one', { recent_incidents: [i] })] })), 'incidents').parsed.entries![0]!;
    const open = render(incident('official:x'));
    const resolved = render(incident('official:x', { status: 'resolved', resolved_at: '2026-11-10T12:00:00Z' }));
    expect(resolved.id).toBe(open.id);
    expect(open.updated).toBe('2026-11-10T10:30:00Z');
    expect(resolved.updated).toBe('2026-11-10T12:00:00Z');
    expect(resolved.title?.value).toBe('Service one: Incident official:x (resolved)');
    // With no time at all the entry falls back to the status as-of time.
    expect(render(incident('official:y', { started_at: null, updated_at: null })).updated).toBe('2026-11-20T12:05:00Z');
  });

  it('escapes upstream text: parsers get the literal text back, minus characters XML forbids', () => {
    const files = renderFeeds(input({
      priceChanges: [change('evil/model', '2026-11-05T00:00:00Z', -20, HOSTILE)],
      deprecations: [deprecation('evil/model', '2027-01-01', { name: HOSTILE, replacement: HOSTILE })],
      services: [service('evil', { name: HOSTILE, recent_incidents: [incident('official:<&">', { name: HOSTILE, url: 'javascript:alert(1)' })] })],
    }));
    for (const file of files) {
      expect(file.text).not.toContain('<img');
      expect([...file.text].every((c) => isXmlChar(c.codePointAt(0)!))).toBe(true);
    }
    const [changeEntry] = feed(files, 'price-changes').parsed.entries!;
    expect(changeEntry!.title?.value).toBe(`${HOSTILE_PARSED} (evil/model): price down 20%`);
    expect(changeEntry!.summary?.value.startsWith(`${HOSTILE_PARSED} (evil/model), USD`)).toBe(true);
    const [retirement] = feed(files, 'deprecations').parsed.entries!;
    expect(retirement!.title?.value).toBe(`${HOSTILE_PARSED} (evil/model) retires on 2027-01-01`);
    expect(retirement!.summary?.value).toContain(`Replacement: ${HOSTILE_PARSED}.`);
    const [outage] = feed(files, 'incidents').parsed.entries!;
    expect(outage!.title?.value).toBe(`${HOSTILE_PARSED}: ${HOSTILE_PARSED} (investigating)`);
    expect(outage!.categories).toEqual([{ term: 'evil', label: HOSTILE_PARSED }]);
    // The id stays a valid URI; the javascript: URL is not linked.
    expect(outage!.id).toBe('tag:pulse.example.org,2026:incident/evil/official:%3C%26%22%3E');
    expect(hrefs(outage!.links, 'related')).toEqual([]);
  });
});

describe('safeHttpUrl', () => {
  it('keeps http(s) URLs and drops everything else', () => {
    expect(safeHttpUrl('https://status.example.com/incidents/1')).toBe('https://status.example.com/incidents/1');
    expect(safeHttpUrl('http://example.com')).toBe('http://example.com/');
    expect(safeHttpUrl('javascript:alert(1)')).toBeNull();
    expect(safeHttpUrl('data:text/html,<b>x</b>')).toBeNull();
    expect(safeHttpUrl('not a url')).toBeNull();
    expect(safeHttpUrl(null)).toBeNull();
  });
});
