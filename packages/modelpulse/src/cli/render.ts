/**
 * What each CLI command prints by default: readable tables and the attribution the API asks
 * every display to show. Pure: responses (and today's date) in, text out.
 */
import type { CheapestResponse, DeprecationsResponse, ModelResponse, ModelsResponse, PriceChangesResponse, ServiceResponse, StatusResponse } from '../generated/api.js';
import { fields, percent, printable, table, tokens, usd, type Column } from './format.js';

type Meta = { attribution: { text: string; url: string }; updated_at: string };
type ModelRow = CheapestResponse['data'][number];

/** The link back every display of the data must show, and when the content last changed. */
export function attribution(meta: Meta, extra: ReadonlyArray<{ text: string; url: string }> = []): string {
  const lines = [`Data: ${printable(meta.attribution.text)} <${printable(meta.attribution.url)}>, updated ${printable(meta.updated_at)}`];
  for (const link of extra) lines.push(`${printable(link.text)} <${printable(link.url)}>`);
  return lines.join('\n');
}

const capabilities = (c: ModelRow['capabilities']) => (['vision', 'reasoning', 'tools'] as const).filter((k) => c[k]).join(' ') || '-';

const MODEL_COLUMNS: Column<ModelRow>[] = [
  { title: 'MODEL', value: (m) => m.id },
  { title: 'BLENDED', value: (m) => usd(m.price.blended), align: 'right' },
  { title: 'INPUT', value: (m) => usd(m.price.input), align: 'right' },
  { title: 'OUTPUT', value: (m) => usd(m.price.output), align: 'right' },
  { title: 'CONTEXT', value: (m) => tokens(m.context_length), align: 'right' },
  { title: 'INTEL', value: (m) => (m.benchmarks.intelligence_index === null ? '-' : String(m.benchmarks.intelligence_index)), align: 'right' },
  { title: 'CAPABILITIES', value: (m) => capabilities(m.capabilities) },
];

const PRICE_NOTE = 'Prices: USD per 1M tokens; blended = (3 × input + output) / 4.';

export function renderModels(response: ModelsResponse | CheapestResponse, heading: string): string {
  const body = response.data.length === 0 ? 'No model matches.' : table(response.data, MODEL_COLUMNS);
  return [heading, '', body, '', PRICE_NOTE, attribution(response.meta, [response.meta.benchmarks_attribution])].join('\n');
}

/** `min_intel 40, vision, limit 5`: the query the answer is for, as the API echoes it. */
export function describeQuery(query: CheapestResponse['meta']['query']): string {
  const parts: string[] = [];
  if (query.min_intel !== null) parts.push(`min_intel ${query.min_intel}`);
  if (query.min_context !== null) parts.push(`min_context ${query.min_context}`);
  for (const flag of ['vision', 'reasoning', 'tools'] as const) if (query[flag]) parts.push(flag);
  parts.push(`limit ${query.limit}`);
  return parts.join(', ');
}

export function renderCheapest(response: CheapestResponse & { computed: boolean }): string {
  const how = response.computed ? ' (not precomputed: computed from the model index with the API\'s own code)' : '';
  return renderModels(response, `Cheapest models for ${describeQuery(response.meta.query)}${how}`);
}

function probeText(probe: StatusResponse['data'][number]['probe']): string {
  if (probe === null) return '-';
  if (probe.ok === null) return 'inconclusive';
  const latency = probe.latency_ms === null ? '' : ` ${probe.latency_ms} ms`;
  return probe.ok ? `ok${latency}` : `failed${probe.http_status === null ? '' : ` (HTTP ${probe.http_status})`}`;
}

/** The services, one row each. */
export function serviceRows(response: StatusResponse): string {
  return table(response.data, [
    { title: 'SERVICE', value: (s) => s.id },
    { title: 'STATUS', value: (s) => s.status },
    { title: 'OFFICIAL', value: (s) => s.official.indicator },
    { title: 'PROBE', value: (s) => probeText(s.probe) },
    { title: 'INCIDENTS', value: (s) => String(s.active_incidents.length), align: 'right' },
  ]);
}

export function renderService(response: ServiceResponse): string {
  const s = response.data;
  const known = s.uptime_90d.filter((d) => d.uptime !== null);
  const mean = known.length === 0 ? null : known.reduce((sum, d) => sum + (d.uptime as number), 0) / known.length;
  const lines = [
    fields([
      ['Service', `${s.name} (${s.id})`],
      ['Status', s.status],
      ['Official', `${s.official.indicator}: ${s.official.description}${s.official.stale ? ' (stale)' : ''}`],
      ['Probe', probeText(s.probe)],
      ['Uptime, 90 days', mean === null ? 'no data' : `${percent(mean, 2)} (${known.length} of ${s.uptime_90d.length} days with data)`],
      ['Last 7 days', s.uptime_90d.slice(-7).map((d) => percent(d.uptime)).join(' ')],
    ]),
  ];
  const incidents = [...s.active_incidents.map((i) => ({ ...i, when: i.started_at, state: `${i.status} (active)` })), ...s.recent_incidents.filter((i) => i.resolved_at !== null).slice(0, 5).map((i) => ({ ...i, when: i.started_at, state: i.status }))];
  if (incidents.length > 0) {
    lines.push('', table(incidents, [
      { title: 'STARTED', value: (i) => i.when ?? '-' },
      { title: 'INCIDENT', value: (i) => i.name, width: 60 },
      { title: 'STATE', value: (i) => i.state },
    ]));
  }
  lines.push('', `Checked ${printable(response.meta.checked_at)}.`, attribution(response.meta));
  return lines.join('\n');
}

export function renderModel(response: ModelResponse): string {
  const m = response.data;
  const lines = [
    fields([
      ['Model', `${m.name} (${m.id})`],
      ['Price', `input ${usd(m.price.input)}, output ${usd(m.price.output)}, blended ${usd(m.price.blended)}` + (m.price.cache_read === null ? '' : `, cache read ${usd(m.price.cache_read)}`)],
      ['Context', `${tokens(m.context_length)} tokens, output up to ${tokens(m.max_output)}`],
      ['Capabilities', capabilities(m.capabilities)],
      ['Benchmarks', `intelligence ${printable(m.benchmarks.intelligence_index)}, coding ${printable(m.benchmarks.coding_index)}, math ${printable(m.benchmarks.math_index)}`],
      ['Lifecycle', `${m.lifecycle.status ?? 'unknown'}${m.lifecycle.not_before === null ? '' : `, not before ${m.lifecycle.not_before}`} (as of ${printable(response.meta.as_of)})`],
      ['Retirement', m.retirement_date ?? 'none announced'],
      ...(m.delisted_at === null ? [] : [['Delisted', m.delisted_at] as const]),
    ]),
  ];
  if (m.endpoints.length > 0) {
    lines.push('', `Offers (${m.endpoints.length}, cheapest first):`, table(m.endpoints.slice(0, 10), [
      { title: 'PROVIDER', value: (e) => e.provider },
      { title: 'SOURCE', value: (e) => e.source },
      { title: 'INPUT', value: (e) => usd(e.price.input), align: 'right' },
      { title: 'OUTPUT', value: (e) => usd(e.price.output), align: 'right' },
      { title: 'CONTEXT', value: (e) => tokens(e.context_length), align: 'right' },
    ]));
  }
  if (m.price_history.length > 1) {
    lines.push('', 'Price history (latest 5):', table(m.price_history.slice(-5).reverse(), [
      { title: 'AT', value: (p) => p.at },
      { title: 'INPUT', value: (p) => usd(p.input), align: 'right' },
      { title: 'OUTPUT', value: (p) => usd(p.output), align: 'right' },
    ]));
  }
  lines.push('', PRICE_NOTE, attribution(response.meta, [response.meta.benchmarks_attribution]));
  return lines.join('\n');
}

export function renderChanges(response: PriceChangesResponse): string {
  const signed = (pct: number | null) => (pct === null ? '-' : `${pct > 0 ? '+' : ''}${pct}%`);
  const rows = table(response.data, [
    { title: 'AT', value: (c) => c.at.slice(0, 10) },
    { title: 'MODEL', value: (c) => c.model_id },
    { title: 'BEFORE', value: (c) => `${usd(c.previous.input)} / ${usd(c.previous.output)}`, align: 'right' },
    { title: 'AFTER', value: (c) => `${usd(c.current.input)} / ${usd(c.current.output)}`, align: 'right' },
    { title: 'BLENDED', value: (c) => signed(c.change_pct), align: 'right' },
  ]);
  return [response.data.length === 0 ? 'No price changes.' : rows, '', 'Prices: input / output, USD per 1M tokens.', attribution(response.meta)].join('\n');
}

/** `retired` as of the reader's day (the API's is as of the data's day): compared as YYYY-MM-DD. */
export function renderDeprecations(response: DeprecationsResponse, today: string): string {
  const rows = table(response.data, [
    { title: 'RETIRES', value: (d) => d.retirement_date },
    { title: 'STATE', value: (d) => (d.retirement_date <= today ? 'retired' : 'upcoming') },
    { title: 'MODEL', value: (d) => d.model_id },
    { title: 'REPLACEMENT', value: (d) => d.replacement ?? '-' },
  ]);
  return [response.data.length === 0 ? 'No retirements announced.' : rows, '', attribution(response.meta)].join('\n');
}
