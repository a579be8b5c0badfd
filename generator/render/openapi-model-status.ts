/**
 * The OpenAPI paths of the status per model (issue 39): `/api/v1/status/models`, `/api/v1/fastest`
 * and the fastest index. The shared helpers are openapi-paths.ts'.
 */
import { FASTEST_INDEX_FILE } from '../query/fastest-index.js';
import { bothForms, FILE_NOTE, get, jsonOk, ref, RESPONSE_HEADERS, type Json } from './openapi-paths.js';

const API = '/api/v1';

const FASTEST_DESCRIPTION = [
  "The fastest models for a need: `cheapest`'s candidates (on sale, text generation, a known paid price, not retired as of `meta.as_of`) with a known speed, that pass `cheapest`'s five filters and the price cap `max_price` (the blended price, USD per 1M tokens), ordered by `status.throughput_tps` descending (`sort=latency`: `status.latency_ms` ascending), then `price.blended` ascending, then `id`. Each entry is a models list entry: `status.speed_source` says whether its figures are OpenRouter's (its fastest endpoint's p50 over 30 minutes, as first read that day) or Artificial Analysis' medians.",
  'Only the default query (no filter, by throughput, limit 10) has a file, `/api/v1/fastest.json`. On Cloudflare the Worker answers any valid query exactly with the same code; hosts without it (Netlify, `npm run serve`) answer any parameter of the route with a JSON 404 `not_precomputed` whose `error.fallback` names the client and the fastest index it computes the answer from. Names and values are read as for `cheapest`.',
].join('\n\n');

export function modelStatusPaths(): Record<string, Json> {
  return {
    ...bothForms(`${API}/fastest`, `${API}/fastest.json`, {
      id: 'fastestModels',
      tag: 'models',
      summary: 'Fastest models for a query',
      description: FASTEST_DESCRIPTION,
      ok: jsonOk('The fastest matching models, fastest first.', 'fastest'),
      query: {
        parameters: ['MinIntel', 'MinContext', 'Vision', 'Reasoning', 'Tools', 'MaxPrice', 'Sort', 'Limit'].map((name) => ref('parameters', name)),
        responses: { 400: ref('responses', 'BadQuery'), 404: ref('responses', 'FastestNotPrecomputed') },
      },
    }),
    [`${API}/${FASTEST_INDEX_FILE}`]: get({
      id: 'getFastestIndex',
      tag: 'api',
      summary: 'Fastest index (for computing fastest)',
      description: `What the client and the Cloudflare Worker compute \`fastest\` answers from: every candidate's models list entry, after a small head (the filter columns, the rows in throughput order and the latency order). Its layout (\`format\`) belongs to the client of the same build; use the client rather than reading it. ${FILE_NOTE}`,
      responses: { 200: { description: 'The fastest index.', headers: RESPONSE_HEADERS, content: { 'application/json': { schema: { type: 'object', required: ['format', 'head_bytes', 'columns', 'throughput_rows', 'latency_order', 'entries'], properties: { format: { type: 'integer' }, head_bytes: { type: 'integer' }, columns: { type: 'object' }, throughput_rows: { type: 'integer' }, latency_order: { type: 'array' }, entries: { type: 'array' } } } } } } },
    }),
    ...bothForms(`${API}/status/models`, `${API}/status/models.json`, {
      id: 'listModelStatus',
      tag: 'status',
      summary: 'Models not operational now',
      description:
        "Every model whose state is degraded or outage (worst first, then by id): why (`reason`), since when, its OpenRouter endpoints with each one's verdict (`health`) and newest real-traffic figures (uptime over 5 minutes, 30 minutes and a day; latency and throughput percentiles over 30 minutes), and the open official incidents that name it. `meta.unknown` counts the models without a verdict by reason; `meta.thresholds` gives the rules' figures. A status file: it changes with every run, and on Cloudflare the path form is answered by the Worker (`meta.live`): the sweep's newest figures and the open incidents of the official pages the edge monitor reads every minute, matched to the models they name.",
      ok: jsonOk('The models not operational.', 'status-models'),
    }),
  };
}
