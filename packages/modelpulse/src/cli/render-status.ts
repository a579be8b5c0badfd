/**
 * What `modelpulse status` and `modelpulse fastest` print by default: the services with the
 * models in trouble now, one model's state with its providers side by side, the model status
 * list, and the fastest models. Pure: responses in, text out.
 */
import type { FastestResponse, ModelStatusListResponse, StatusResponse } from '../generated/api.js';
import type { ModelStatusResponse } from '../model-status.js';
import { fields, percent, printable, table, usd } from './format.js';
import { attribution, describeQuery, serviceRows } from './render.js';

type Reason = ModelStatusResponse['data']['status']['reason'];
type Counts = ModelStatusResponse['data']['status']['providers'];
type Incident = ModelStatusResponse['data']['status']['open_incidents'][number];
type Stats = NonNullable<ModelStatusResponse['data']['endpoints'][number]['stats']>;

/** Why a model reads as it does, in words (docs/api.md, "The state of a model"). */
const REASONS: Record<Reason, string> = {
  incident: 'an open official incident names it',
  all_providers_down: 'every provider endpoint with figures is down',
  no_provider_up: 'no provider endpoint is up',
  most_providers_failing: 'more than half of its provider endpoints are not up',
  some_providers_failing: 'some provider endpoints are failing, others serve it',
  providers_up: 'its provider endpoints are up',
  no_figures: 'OpenRouter publishes no figures for it, or none were read yet',
  figures_stale: 'the newest figures are over an hour old',
  no_traffic: 'no uptime figure at all',
};

const count = (n: number | null | undefined) => (n === null || n === undefined ? '-' : n.toLocaleString('en-US'));
const pair = (a: number | null, b: number | null, unit: string) => (a === null && b === null ? '-' : `${count(a)} / ${count(b)} ${unit}`);
const upOf = (p: Counts) => `${p.up} of ${p.up + p.degraded + p.down + p.unknown} up`;
const countsText = (p: Counts) => `${p.up} up, ${p.degraded} degraded, ${p.down} down, ${p.unknown} unknown`;
const THRESHOLDS = 'OpenRouter endpoints by 5-minute uptime: up at 95% or more, down below 50%';

function troubleSection(models: Omit<ModelStatusListResponse, never> | Error): string {
  if (models instanceof Error) return `Models in trouble now: not available (${printable(models.message)})`;
  const unknown = Object.entries(models.meta.unknown).filter(([, n]) => (n ?? 0) > 0).map(([reason, n]) => `${n} ${reason}`);
  const without = unknown.length === 0 ? '' : ` Without a verdict: ${unknown.join(', ')}.`;
  if (models.data.length === 0) return `Models in trouble now: none.${without}`;
  return [`Models in trouble now (${models.data.length}${models.meta.omitted > 0 ? `, ${models.meta.omitted} more not listed` : ''}):`, troubleTable(models), ...(without === '' ? [] : [without.trim()])].join('\n');
}

function troubleTable(models: ModelStatusListResponse): string {
  return table(models.data, [
    { title: 'MODEL', value: (m) => m.id },
    { title: 'STATE', value: (m) => m.state },
    { title: 'PROVIDERS', value: (m) => upOf(m.providers) },
    { title: 'INCIDENTS', value: (m) => String(m.open_incidents.length), align: 'right' },
    { title: 'SINCE', value: (m) => m.since ?? '-' },
    { title: 'WHY', value: (m) => REASONS[m.reason] ?? m.reason, width: 60 },
  ]);
}

/** `modelpulse status`: the services, then the models in trouble now (or why that list is missing). */
export function renderStatusBoard(services: StatusResponse, models: ModelStatusListResponse | Error): string {
  return [serviceRows(services), '', troubleSection(models), '', `Checked ${printable(services.meta.checked_at)}.`, attribution(services.meta)].join('\n');
}

/** `modelpulse status models`: each model in trouble, then each of its endpoints' figures. */
export function renderModelsInTrouble(response: ModelStatusListResponse): string {
  const lines = [troubleSection(response)];
  for (const m of response.data) {
    lines.push('', `${printable(m.id)}: ${m.state}, ${countsText(m.providers)}`);
    lines.push(endpointTable(m.endpoints.map((e) => ({ name: providerName(e.provider_name, e.tag), health: e.health, stats: e.stats }))));
  }
  lines.push('', `${THRESHOLDS}. Checked ${printable(response.meta.checked_at)}.`, attribution(response.meta));
  return lines.join('\n');
}

/** The provider's name, and its endpoint tag where that says more (`fireworks/fast`). */
const providerName = (name: string, tag: string | null) => (tag === null || tag === name.toLowerCase().replace(/[^a-z0-9]+/g, '-') ? name : `${name} (${tag})`);

interface EndpointRow {
  name: string;
  health?: string;
  stats: Stats | null;
}

/** Providers side by side, fastest first (throughput p50; those without figures last). */
function endpointTable(rows: readonly EndpointRow[]): string {
  const speed = (r: EndpointRow) => r.stats?.throughput_30m.p50_tps ?? -1;
  const sorted = [...rows].sort((a, b) => speed(b) - speed(a));
  const withHealth = rows.some((r) => r.health !== undefined);
  return table(sorted, [
    { title: 'PROVIDER', value: (r) => r.name },
    ...(withHealth ? [{ title: 'HEALTH', value: (r: EndpointRow) => r.health ?? '-' }] : []),
    { title: 'LATENCY p50/p90', value: (r) => (r.stats === null ? 'no figures' : pair(r.stats.latency_30m.p50_ms, r.stats.latency_30m.p90_ms, 'ms')), align: 'right' },
    { title: 'THROUGHPUT p50/p90', value: (r) => (r.stats === null ? '-' : pair(r.stats.throughput_30m.p50_tps, r.stats.throughput_30m.p90_tps, 'tok/s')), align: 'right' },
    { title: 'UPTIME 5m / 30m / 1d', value: (r) => (r.stats === null ? '-' : [r.stats.uptime_5m, r.stats.uptime_30m, r.stats.uptime_1d].map((u) => percent(u)).join(' / ')), align: 'right' },
    { title: 'OBSERVED', value: (r) => r.stats?.observed_at ?? '-' },
  ]);
}

function incidentTable(incidents: readonly Incident[]): string {
  return table(incidents, [
    { title: 'STARTED', value: (i) => i.started_at ?? '-' },
    { title: 'SERVICE', value: (i) => i.service_id },
    { title: 'IMPACT', value: (i) => i.impact },
    { title: 'STATUS', value: (i) => i.status },
    { title: 'INCIDENT', value: (i) => i.name, width: 60 },
  ]);
}

/** `modelpulse status <model>`: its state and why, its speed by source, incidents, providers side by side. */
export function renderModelStatus(response: ModelStatusResponse): string {
  const { data: m, meta } = response;
  const s = m.status;
  const asked = m.asked.match === 'id' ? [] : [['Asked as', `${m.asked.name}: an API name at ${m.asked.providers.join(', ')} (${m.asked.match === 'exact' ? 'as listed' : `a ${m.asked.match}`})`] as const];
  const or = s.speed.openrouter;
  const aa = s.speed.artificial_analysis;
  const lines = [
    fields([
      ['Model', `${m.name} (${m.id})`],
      ...asked,
      ['State', `${s.state}: ${REASONS[s.reason] ?? s.reason}${s.since === null ? '' : ` (since ${s.since})`}`],
      ['Providers', `${countsText(s.providers)} (${THRESHOLDS})`],
      ['OpenRouter', or === null ? 'no figures' : `${count(or.throughput_tps)} tokens/s, ${count(or.latency_ms)} ms to the first token (its fastest endpoint's p50 over 30 minutes, observed ${or.observed_at})`],
      ...(response.fallback === null ? [] : [['Live', `no, the static file (${response.fallback.url}: ${response.fallback.reason})`] as const]),
      ['Artificial Analysis', aa === null ? 'no figures' : `${count(aa.output_tps)} tokens/s, ${count(aa.ttft_ms)} ms to the first token (medians across the providers it measures) <${aa.url}>`],
    ]),
    '',
    s.open_incidents.length === 0 ? 'Open incidents naming it: none.' : `Open incidents naming it (${s.open_incidents.length}):\n${incidentTable(s.open_incidents)}`,
    '',
    m.endpoints.length === 0 ? 'Providers: no OpenRouter endpoint lists it.' : `Providers (${m.endpoints.length}, fastest first; figures by OpenRouter over the windows named):\n${endpointTable(m.endpoints.map((e) => ({ name: providerName(e.provider_name, e.tag), stats: e.stats })))}`,
  ];
  const resolved = s.recent_incidents.filter((i) => i.resolved_at !== null).slice(0, 5);
  if (resolved.length > 0) lines.push('', `Recent incidents naming it (latest ${resolved.length}):`, incidentTable(resolved));
  lines.push('', attribution(meta, aa === null ? [] : [meta.benchmarks_attribution]));
  return lines.join('\n');
}

/** `modelpulse fastest`: the models in the order asked, with both figures, their source and price. */
export function renderFastest(response: FastestResponse & { computed: boolean }): string {
  const q = response.meta.query;
  const how = response.computed ? " (not precomputed: computed from the fastest index with the API's own code)" : '';
  const heading = `Fastest models for ${describeQuery(q)}${q.max_price === null ? '' : `, max_price ${usd(q.max_price)}`}, by ${q.sort === 'latency' ? 'time to the first token' : 'output tokens a second'}${how}`;
  const body = response.data.length === 0 ? 'No model matches with a known speed.' : table(response.data, [
    { title: 'MODEL', value: (m) => m.id },
    { title: 'TOKENS/S', value: (m) => count(m.status.throughput_tps), align: 'right' },
    { title: 'FIRST TOKEN', value: (m) => (m.status.latency_ms === null ? '-' : `${count(m.status.latency_ms)} ms`), align: 'right' },
    { title: 'FROM', value: (m) => m.status.speed_source ?? '-' },
    { title: 'BLENDED', value: (m) => usd(m.price.blended), align: 'right' },
    { title: 'INTEL', value: (m) => (m.benchmarks.intelligence_index === null ? '-' : String(m.benchmarks.intelligence_index)), align: 'right' },
    { title: 'STATE', value: (m) => m.status.state },
  ]);
  const note = "Speed: OpenRouter's fastest endpoint (p50 over 30 minutes), else Artificial Analysis' median (FROM). Prices: USD per 1M tokens; blended = (3 × input + output) / 4.";
  return [heading, '', body, '', note, attribution(response.meta, [response.meta.benchmarks_attribution])].join('\n');
}
