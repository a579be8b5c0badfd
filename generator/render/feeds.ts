/**
 * Atom feeds (RFC 4287) of price changes, deprecations and incidents. Pure: times come from the
 * data, never the clock, so equal input gives equal bytes.
 */
import { isoSecond, parseIsoTime } from '../models/dates.js';
import type { ApiPrice, Deprecation, EarliestRetirement, PriceChange } from '../types/api-types.js';
import { statedWindow } from './change-window.js';
// site.ts imports this module: use its values inside functions only, never at module load.
import { API_ROOT, CACHE_SECONDS, type RenderedText } from './rendered.js';
import type { ApiIncident, ServiceDetail } from './status.js';
import { xmlElement } from './xml.js';
import { safeHttpUrl } from './presentation.js';
import { pageUrl, routes } from './page-routes.js';

/** Newest entries per feed: far more than a reader misses between polls, and the file stays small. */
export const FEED_ENTRY_LIMIT = 100;

export const FEED_NAMES = ['price-changes', 'deprecations', 'incidents'] as const;
export type FeedName = (typeof FEED_NAMES)[number];

/** RFC 4151 tag date: the year the project started using its host names. */
const TAG_YEAR = '2026';
/** `updated` is required; with no time in the data at all the feed says the epoch, not the clock. */
const EPOCH = '1970-01-01T00:00:00Z';

export interface FeedsInput {
  siteUrl: string;
  priceChanges: readonly PriceChange[];
  /** `meta.updated_at` of price-changes.json, for a feed without entries. */
  priceChangesUpdatedAt: string;
  deprecations: readonly Deprecation[];
  /** `meta.updated_at` of deprecations.json: when the list last changed. */
  deprecationsUpdatedAt: string;
  /** Active or legacy models whose maker gives only a tentative earliest retirement date: "not before". */
  earliestRetirements: readonly EarliestRetirement[];
  /** The data's as-of (`meta.as_of`): what `retired` and the price-change window are judged on. */
  asOf: string;
  services: readonly ServiceDetail[];
  statusAsOf: string | null;
}

interface FeedLink {
  rel: 'alternate' | 'related' | 'self';
  href: string;
  type?: string;
}

interface FeedEntry {
  id: string;
  title: string;
  updated: string;
  published: string | null;
  links: FeedLink[];
  category: { term: string; label: string } | null;
  summary: string;
}

export const feedPath = (name: FeedName): string => `${API_ROOT}/feeds/${name}.atom`;
export const modelPageUrl = (siteUrl: string, modelId: string): string => pageUrl(siteUrl, routes.model(modelId));
const servicePageUrl = (siteUrl: string, serviceId: string): string => pageUrl(siteUrl, routes.status(serviceId));

/** The host name alone (no port): tag URIs and calendar UIDs are built from it. */
export function siteHost(siteUrl: string): string {
  return new URL(siteUrl).hostname;
}

/**
 * A stable `tag:` URI (RFC 4151); parts are percent-encoded so upstream ids cannot break it, but
 * `/` and `:` stay readable. Still unambiguous: only the last part may hold a `/` of its own
 * beyond a model id's one.
 */
function tagUri(siteUrl: string, ...parts: string[]): string {
  const encoded = parts.map((p) => encodeURIComponent(p).replace(/%2F/g, '/').replace(/%3A/g, ':'));
  return `tag:${siteHost(siteUrl)},${TAG_YEAR}:${encoded.join('/')}`;
}

/** ISO time normalized to the second in UTC, or null when absent or not a valid time. */
function atomTime(value: string | null): string | null {
  if (value === null) return null;
  const date = parseIsoTime(value);
  return date === null ? null : isoSecond(date);
}

const compareStrings = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

/** Newest first; ties by id, so the order never depends on the input's order. */
function newestFirst(entries: FeedEntry[]): FeedEntry[] {
  return [...entries].sort((a, b) => compareStrings(b.updated, a.updated) || compareStrings(a.id, b.id)).slice(0, FEED_ENTRY_LIMIT);
}

function newest(entries: readonly FeedEntry[]): string | null {
  return entries.reduce<string | null>((max, e) => (max === null || e.updated > max ? e.updated : max), null);
}

/** One formatter for every price (`toLocaleString` would make one per call: seconds over a large catalog). */
const USD_NUMBER = new Intl.NumberFormat('en-US', { maximumFractionDigits: 6, useGrouping: false });

function usd(value: number | null): string {
  return value === null ? 'unknown' : `$${USD_NUMBER.format(value)}`;
}

/** When the change happened, as honestly as the data knows it. */
function changeWhen(change: Pick<PriceChange, 'at' | 'previous_seen_at' | 'source_date'>): string {
  if (change.source_date !== null) return `on ${change.source_date}, as its source dates it`;
  const window = statedWindow(change);
  if (window !== null) return `between ${atomTime(window.from) ?? window.from} (old price last seen) and ${atomTime(window.to) ?? window.to} (new price first seen)`;
  return `at ${atomTime(change.at) ?? change.at}`;
}

function priceChangeEntry(siteUrl: string, change: PriceChange): FeedEntry {
  const pct = change.change_pct;
  const direction = pct === null ? 'price changed' : pct > 0 ? `price up ${pct}%` : pct < 0 ? `price down ${-pct}%` : 'blended price unchanged';
  const move = (key: keyof ApiPrice) => `${usd(change.previous[key])} → ${usd(change.current[key])}`;
  const at = atomTime(change.at) ?? EPOCH;
  return {
    id: tagUri(siteUrl, 'price-change', change.model_id, at),
    title: `${change.name} (${change.model_id}): ${direction}`,
    updated: at,
    published: at,
    links: [
      { rel: 'alternate', type: 'text/html', href: modelPageUrl(siteUrl, change.model_id) },
      { rel: 'related', type: 'application/json', href: `${siteUrl}/${API_ROOT}/models/${change.model_id}.json` },
    ],
    category: null,
    summary:
      `${change.name} (${change.model_id}), USD per 1M tokens: input ${move('input')}, output ${move('output')}, ` +
      `blended ${move('blended')}${pct === null ? '' : ` (${pct > 0 ? '+' : ''}${pct}%)`}. Changed ${changeWhen(change)}.`,
  };
}

/**
 * A deprecation has no announcement time of its own, so its `updated` is the retirement day
 * (00:00 UTC): stable from build to build, and it moves only when the date does. Upcoming
 * retirements therefore carry a future date.
 */
function deprecationEntry(siteUrl: string, d: Deprecation): FeedEntry {
  const day = `${d.retirement_date}T00:00:00Z`;
  const source = safeHttpUrl(d.source_url);
  const links: FeedLink[] = [{ rel: 'alternate', type: 'text/html', href: modelPageUrl(siteUrl, d.model_id) }];
  if (source !== null) links.push({ rel: 'related', href: source });
  const verb = d.retired ? 'retired on' : 'retires on';
  return {
    id: tagUri(siteUrl, 'retirement', d.model_id),
    title: `${d.name} (${d.model_id}) ${verb} ${d.retirement_date}`,
    updated: day,
    published: null,
    links,
    category: null,
    summary:
      `${d.name} (${d.model_id}) ${verb} ${d.retirement_date}. ` +
      `Replacement: ${d.replacement ?? 'none announced'}. Source: ${source ?? d.source_url}.`,
  };
}

/**
 * An active model's tentative earliest retirement date ("not sooner than …"): no deprecation,
 * dated on that day like a retirement, so a reader sees it coming and it moves only with the date.
 */
function notBeforeEntry(siteUrl: string, e: EarliestRetirement): FeedEntry {
  const source = e.source_url === null ? null : safeHttpUrl(e.source_url);
  const links: FeedLink[] = [{ rel: 'alternate', type: 'text/html', href: modelPageUrl(siteUrl, e.model_id) }];
  if (source !== null) links.push({ rel: 'related', href: source });
  return {
    id: tagUri(siteUrl, 'not-before', e.model_id),
    title: `${e.name} (${e.model_id}) is ${e.status}, not retired before ${e.not_before}`,
    updated: `${e.not_before}T00:00:00Z`,
    published: null,
    links,
    category: null,
    summary: `${e.name} (${e.model_id}) is ${e.status}: its maker announces no retirement date and says it will not be retired before ${e.not_before}.${source === null ? '' : ` Source: ${source}.`}`,
  };
}

type FeedIncident = ApiIncident & { resolved_at: string | null };

/** Every incident once: the recent ones, plus active ones the recent list no longer holds. */
function incidentsOf(service: ServiceDetail): FeedIncident[] {
  const recent = new Set(service.recent_incidents.map((i) => i.id));
  return [...service.recent_incidents, ...service.active_incidents.filter((i) => !recent.has(i.id)).map((i) => ({ ...i, resolved_at: null }))];
}

function incidentEntry(siteUrl: string, service: ServiceDetail, incident: FeedIncident, statusAsOf: string | null): FeedEntry {
  const started = atomTime(incident.started_at);
  const resolved = atomTime(incident.resolved_at);
  // Any later word on the incident (an update, its end) makes a new `updated` for the same id.
  const times = [atomTime(incident.updated_at), started, resolved].filter((t): t is string => t !== null).sort();
  const updated = times.at(-1) ?? atomTime(statusAsOf) ?? EPOCH;
  const official = safeHttpUrl(incident.url);
  const links: FeedLink[] = [{ rel: 'alternate', type: 'text/html', href: servicePageUrl(siteUrl, service.id) }];
  if (official !== null) links.push({ rel: 'related', type: 'text/html', href: official });
  const status = incident.status.replace(/_/g, ' ');
  const facts = [
    `Status: ${status}.`,
    `Impact: ${incident.impact}.`,
    started === null ? null : `Started ${started}.`,
    resolved === null ? null : `Resolved ${resolved}.`,
    incident.source === 'probe' ? 'Detected by ModelPulse probes.' : 'From the official status page.',
    official === null ? null : `Details: ${official}`,
  ];
  return {
    id: tagUri(siteUrl, 'incident', service.id, incident.id),
    title: `${service.name}: ${incident.name} (${status})`,
    updated,
    published: started,
    links,
    category: { term: service.id, label: service.name },
    summary: facts.filter((f) => f !== null).join(' '),
  };
}

interface FeedHead {
  name: FeedName;
  title: string;
  subtitle: string;
  json: string;
  attribution: string;
  updated: string;
}

function feedXml(siteUrl: string, head: FeedHead, entries: readonly FeedEntry[]): string {
  const link = (l: FeedLink) => xmlElement('link', { rel: l.rel, ...(l.type === undefined ? {} : { type: l.type }), href: l.href });
  const lines = [
    '<?xml version="1.0" encoding="utf-8"?>',
    '<feed xmlns="http://www.w3.org/2005/Atom">',
    `  ${xmlElement('id', {}, tagUri(siteUrl, 'feed', head.name))}`,
    `  ${xmlElement('title', { type: 'text' }, head.title)}`,
    `  ${xmlElement('subtitle', { type: 'text' }, head.subtitle)}`,
    `  ${xmlElement('updated', {}, head.updated)}`,
    `  ${link({ rel: 'self', type: 'application/atom+xml', href: `${siteUrl}/${feedPath(head.name)}` })}`,
    `  ${link({ rel: 'alternate', type: 'text/html', href: `${siteUrl}/` })}`,
    `  ${link({ rel: 'related', type: 'application/json', href: `${siteUrl}/${API_ROOT}/${head.json}` })}`,
    `  <author>${xmlElement('name', {}, 'ModelPulse')}${xmlElement('uri', {}, siteUrl)}</author>`,
    `  ${xmlElement('generator', { uri: siteUrl }, 'ModelPulse')}`,
    `  ${xmlElement('rights', { type: 'text' }, `${head.attribution} Free to use: cache at least ${CACHE_SECONDS} s and link back to ${siteUrl}`)}`,
  ];
  for (const e of entries) {
    lines.push(
      '  <entry>',
      `    ${xmlElement('id', {}, e.id)}`,
      `    ${xmlElement('title', { type: 'text' }, e.title)}`,
      `    ${xmlElement('updated', {}, e.updated)}`,
      ...(e.published === null ? [] : [`    ${xmlElement('published', {}, e.published)}`]),
      ...e.links.map((l) => `    ${link(l)}`),
      ...(e.category === null ? [] : [`    ${xmlElement('category', { term: e.category.term, label: e.category.label })}`]),
      `    ${xmlElement('summary', { type: 'text' }, e.summary)}`,
      '  </entry>',
    );
  }
  lines.push('</feed>', '');
  return lines.join('\n');
}

/**
 * The three feeds. A feed's `updated` is its newest entry's; the deprecations feed's is when the
 * list last changed (its entries are dated on future retirement days). None moves with the clock
 * or the run, so an unchanged feed keeps its bytes.
 */
export function renderFeeds(input: FeedsInput): RenderedText[] {
  const { siteUrl } = input;
  const modelsData = 'ModelPulse (data from OpenRouter, genai-prices, LiteLLM and models.dev).';
  // Changes that happened: one a maker dates ahead enters the feed on its day (judged on the as-of).
  const changes = newestFirst(input.priceChanges.filter((c) => !c.upcoming).map((c) => priceChangeEntry(siteUrl, c)));
  const retirements = newestFirst([...input.deprecations.map((d) => deprecationEntry(siteUrl, d)), ...input.earliestRetirements.map((e) => notBeforeEntry(siteUrl, e))]);
  const asOf = atomTime(input.asOf) ?? EPOCH;
  const incidents = newestFirst(input.services.flatMap((s) => incidentsOf(s).map((i) => incidentEntry(siteUrl, s, i, input.statusAsOf))));
  const feed = (head: Omit<FeedHead, 'updated'>, entries: FeedEntry[], updated: string | null): RenderedText => ({
    path: feedPath(head.name),
    text: feedXml(siteUrl, { ...head, updated: updated ?? EPOCH }, entries),
  });
  return [
    feed(
      { name: 'price-changes', title: 'ModelPulse: AI model price changes', subtitle: `Changes of input or output prices (USD per 1M tokens), newest first; the latest ${FEED_ENTRY_LIMIT}, as of ${asOf}.`, json: 'price-changes.json', attribution: modelsData },
      changes,
      newest(changes) ?? atomTime(input.priceChangesUpdatedAt),
    ),
    feed(
      { name: 'deprecations', title: 'ModelPulse: AI model retirements', subtitle: `Announced retirement dates of AI models, and the earliest dates makers give for active ones ("not before"), latest date first (at most ${FEED_ENTRY_LIMIT}); each entry is dated on its day; retired or upcoming as of ${asOf}.`, json: 'deprecations.json', attribution: modelsData },
      retirements,
      atomTime(input.deprecationsUpdatedAt) ?? newest(retirements),
    ),
    feed(
      { name: 'incidents', title: 'ModelPulse: AI service incidents', subtitle: `Incidents of the monitored AI services, from official status pages and our probes; the latest ${FEED_ENTRY_LIMIT} updated.`, json: 'status.json', attribution: 'ModelPulse (official status pages and our own probes).' },
      incidents,
      // Without incidents there is no time to give but the epoch: the run's time would change the feed every run.
      newest(incidents),
    ),
  ];
}
