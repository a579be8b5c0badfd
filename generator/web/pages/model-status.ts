/**
 * The model page's status section (docs/website.md, "Model status"): the model's state and why,
 * its speed from OpenRouter beside Artificial Analysis' medians, its providers side by side
 * (health, uptime over 5 minutes, 30 minutes and a day, latency and throughput), and the official
 * incidents that name it. Read from the model detail the client reads where status is live
 * (`liveModel`: the Worker's newest figures), else the static file.
 */
import type { LiveFallback } from '../../client/client.js';
import { FIGURES_MAX_AGE_S, healthOf, recentUptime } from '../../status/model-state.js';
import type { DetailOffer, EndpointStats, ModelDetail, ModelIncident } from '../../types/api-types.js';
import { externalLink, h, scrollTable, type Child } from '../dom.js';
import { formatLatency, formatThroughput, formatTime, formatUptime } from '../format.js';
import { ageMs, dataAge, formatAge, newestTime, plural } from '../freshness.js';
import { cell, note, table } from './common.js';
import { liveLine, liveObservedAt } from './live-line.js';
import { healthText, incidentItem, modelStateBadge, reasonWords } from './model-words.js';

/** The detail as older data may hold it: without `status`, or offers without `stats`. */
type Shown = Omit<ModelDetail, 'status' | 'endpoints'> & { status?: ModelDetail['status']; endpoints: Array<Omit<DetailOffer, 'stats'> & { stats?: EndpointStats | null; provider_name?: string }> };

export interface StatusSource {
  meta: Record<string, unknown>;
  fallback: LiveFallback | null;
  /** When the state was judged: the live observation, else the last status check (index.json's freshness). */
  judgedAt: string | null;
  now: number;
}

const ago = (at: string | null, now: number): string => {
  const ms = ageMs(at, now);
  return ms === null ? 'never' : ms < 60_000 ? 'just now' : `${formatAge(ms)} ago`;
};

/** "2 up, 1 down (of 3 providers with figures)". */
function providerCounts(providers: ModelDetail['status']['providers']): string {
  const judged = providers.up + providers.degraded + providers.down;
  const parts = (['up', 'degraded', 'down'] as const).filter((k) => providers[k] > 0).map((k) => `${providers[k]} ${k}`);
  const unknown = providers.unknown > 0 ? `; ${providers.unknown} without a verdict` : '';
  return judged === 0 ? `No provider with a verdict${unknown}.` : `Providers: ${parts.join(', ')} (of ${plural(judged, 'provider')} with a verdict)${unknown}.`;
}

function stateLine(status: ModelDetail['status'], source: StatusSource): HTMLElement {
  const stale = dataAge(source.judgedAt, source.now).stale;
  return h(
    'p',
    { class: 'model-state', attrs: { 'data-reason': status.reason } },
    modelStateBadge(status.state, stale),
    ` ${reasonWords(status.reason).replace(/^./, (c) => c.toUpperCase())}.`,
    status.since === null ? '' : ` Since ${formatTime(status.since)}.`,
    ' ',
    providerCounts(status.providers),
    source.judgedAt === null ? '' : ` Judged ${ago(source.judgedAt, source.now)} (${formatTime(source.judgedAt)}).`,
  );
}

/** OpenRouter's fastest provider beside Artificial Analysis' medians: each with its source, never blended. */
function speedSides(speed: ModelDetail['status']['speed'], now: number): HTMLElement {
  const or = speed.openrouter;
  const aa = speed.artificial_analysis;
  const orText: Child[] = or === null ? ['No figures.'] : [`${formatThroughput(or.throughput_tps)}, ${formatLatency(or.latency_ms)} to the first token (observed ${ago(or.observed_at, now)}).`];
  const aaText: Child[] =
    aa === null ? ['No figures.'] : [`${formatThroughput(aa.output_tps)}, ${formatLatency(aa.ttft_ms)} to the first token. `, externalLink(aa.url, 'Source')];
  return h(
    'dl',
    { class: 'sides speed' },
    h('div', { attrs: { 'data-speed': 'openrouter' } }, h('dt', {}, 'OpenRouter, best provider (p50, 30 min)'), h('dd', {}, ...orText)),
    h('div', { attrs: { 'data-speed': 'artificial_analysis' } }, h('dt', {}, 'Artificial Analysis (median)'), h('dd', {}, ...aaText)),
  );
}

const pair = (a: string, b: string) => (a === '—' && b === '—' ? '—' : `${a} / ${b}`);

/** Every OpenRouter endpoint of the model, fastest first (no throughput last), its figures in a row. */
function providersTable(model: Shown, now: number): HTMLElement {
  // OpenRouter's provider endpoints (each with a tag), not its own listing of the model.
  const offers = model.endpoints.filter((e) => e.source === 'openrouter' && e.tag !== null);
  if (offers.length === 0) return note('No OpenRouter provider endpoint is known for this model: there are no real-traffic figures to show.');
  const speed = (e: (typeof offers)[number]) => e.stats?.throughput_30m.p50_tps ?? null;
  const sorted = [...offers].sort((a, b) => {
    const [x, y] = [speed(a), speed(b)];
    if (x !== y) return x === null ? 1 : y === null ? -1 : y - x;
    return (a.provider_name ?? a.provider) < (b.provider_name ?? b.provider) ? -1 : 1;
  });
  const rows = sorted.map((e) => {
    const s = e.stats ?? null;
    const old = s !== null && (ageMs(s.observed_at, now) ?? 0) > FIGURES_MAX_AGE_S * 1000;
    return h(
      'tr',
      { attrs: { 'data-offer': `${e.source}:${e.source_key}` } },
      h('th', { attrs: { scope: 'row' } }, e.provider_name ?? e.provider, e.free ? ' (free)' : ''),
      // What the figures say (judged when they were read); their age is in the last column.
      cell(s === null ? h('span', { class: 'muted' }, 'No figures') : healthText(healthOf(recentUptime(s)))),
      cell(s === null ? '—' : formatUptime(s.uptime_5m), 'num'),
      cell(s === null ? '—' : formatUptime(s.uptime_30m), 'num'),
      cell(s === null ? '—' : formatUptime(s.uptime_1d), 'num'),
      cell(s === null ? '—' : pair(formatLatency(s.latency_30m.p50_ms), formatLatency(s.latency_30m.p90_ms)), 'num'),
      cell(s === null ? '—' : pair(formatThroughput(s.throughput_30m.p50_tps), formatThroughput(s.throughput_30m.p90_tps)), 'num'),
      cell(s === null ? '—' : h('span', { class: old ? 'problem' : undefined, attrs: { title: formatTime(s.observed_at) } }, ago(s.observed_at, now))),
    );
  });
  const headers = ['Provider', 'Health', 'Uptime 5 min', 'Uptime 30 min', 'Uptime 1 day', 'Latency p50 / p90', 'Throughput p50 / p90', 'Observed'];
  return scrollTable('Providers', table(`Each provider's real traffic on OpenRouter (${plural(offers.length, 'endpoint')}), fastest first: latency to the first token and throughput over 30 minutes`, headers, rows));
}

/** A note when the newest figures shown are over an hour old on the reader's clock. */
function figuresAge(model: Shown, now: number): HTMLElement | null {
  const newest = newestTime(...model.endpoints.map((e) => e.stats?.observed_at));
  const ms = ageMs(newest, now);
  if (ms === null || ms <= FIGURES_MAX_AGE_S * 1000) return null;
  return h(
    'p',
    { class: 'note note-warning', attrs: { 'data-figures-age': 'old' } },
    `These figures were read ${formatAge(ms)} ago (${formatTime(newest)}): they say what was, not what is. `,
    "The site's files keep each model's first read of the day; the state above is judged on the newest read at the last status check.",
  );
}

function incidentList(label: string, incidents: readonly ModelIncident[]): HTMLElement {
  return h('ul', { class: 'incidents', attrs: { 'aria-label': label } }, ...incidents.map(incidentItem));
}

/** The section, or a note for data from before status per model. */
export function modelStatusSection(model: Shown, source: StatusSource): Child[] {
  const status = model.status;
  const heading = h('h2', {}, 'Status and speed');
  const live = liveLine(source.meta, source.fallback, source.now, 'the static model file, with the figures of its last build');
  if (status === undefined) return [heading, live, note('No status in this response (data from before status per model).')];
  const resolved = status.recent_incidents.filter((i) => i.resolved_at !== null);
  return [
    heading,
    live,
    stateLine(status, source),
    speedSides(status.speed, source.now),
    h('h3', {}, 'Providers'),
    liveObservedAt(source.meta) === null ? figuresAge(model, source.now) : null,
    providersTable(model, source.now),
    h('h3', {}, 'Open incidents naming it'),
    status.open_incidents.length === 0 ? note('No open official incident names this model.') : incidentList('Open incidents naming this model', status.open_incidents),
    resolved.length === 0 ? null : h('details', { class: 'more' }, h('summary', {}, `Resolved incidents naming it in the last 90 days (${resolved.length})`), incidentList('Resolved incidents naming this model', resolved)),
  ];
}
