/**
 * The paths of the OpenAPI document (openapi.ts). Every JSON endpoint has two forms, both
 * listed because they behave differently: the routed path (rewrite rules on Netlify and in
 * `npm run serve`) and the `.json` file, which every static host serves as written.
 */
import { DEFAULT_LIMIT, MAX_LIMIT } from '../query/cheapest.js';
import { INDEX_FILE } from '../query/model-index.js';
import { describeGrid } from '../query/variants.js';
import { CHEAPEST_FILES_GROUP, cheapestFileOperations, cheapestPathForms, type CheapestFileOperations } from './openapi-cheapest.js';
import { EXPORT_COLUMNS, EXPORT_FILES, type ExportFile } from './exports.js';
import type { ApiSchemaName } from './schemas.js';

export type Json = Record<string, unknown>;
export type Tag = 'models' | 'status' | 'feeds' | 'exports' | 'api';

const API = '/api/v1';
export const ref = (kind: 'parameters' | 'responses' | 'headers', name: string) => ({ $ref: `#/components/${kind}/${name}` });

export const RESPONSE_HEADERS = {
  'Access-Control-Allow-Origin': ref('headers', 'AccessControlAllowOrigin'),
  'Cache-Control': ref('headers', 'CacheControl'),
};

/** 200 bodies point at the published schema, resolved against this document's URL (/api/v1/openapi.json). */
export const jsonOk = (description: string, schema: ApiSchemaName): Json => ({
  description,
  headers: RESPONSE_HEADERS,
  content: { 'application/json': { schema: { $ref: `./schemas/${schema}.json` } } },
});
const textOk = (description: string, mediaType: string): Json => ({
  description,
  headers: RESPONSE_HEADERS,
  content: { [mediaType]: { schema: { type: 'string' } } },
});

const NOT_FOUND = ref('responses', 'NotFound');
const NOT_PRECOMPUTED = ref('responses', 'NotPrecomputed');
const BAD_QUERY = ref('responses', 'BadQuery');
const CLIENT_ERROR = ref('responses', 'ClientError');

export interface Operation {
  id: string;
  tag: Tag;
  summary: string;
  description: string;
  responses: Json;
  parameters?: Json[];
  /** Operations the website's API page shows as one endpoint (`x-modelpulse-group`, named in the document's `x-modelpulse-groups`). */
  group?: string;
}

export const get = (op: Operation): Json => ({
  get: {
    operationId: op.id,
    tags: [op.tag],
    summary: op.summary,
    description: op.description,
    ...(op.parameters && op.parameters.length > 0 ? { parameters: op.parameters } : {}),
    // Every operation names its client errors; one without a specific one gets the general shape.
    responses: Object.keys(op.responses).some((status) => status.startsWith('4')) ? op.responses : { ...op.responses, '4XX': CLIENT_ERROR },
    ...(op.group === undefined ? {} : { 'x-modelpulse-group': op.group }),
  },
});

const routedNote = (file: string) =>
  `Routed form, answered by Netlify (the generated \`_redirects\`) and \`npm run serve\`; nginx with the config in the hosting docs serves the extensionless path but ignores its query string (answering as if there were none), and other static hosts do not rewrite at all. The file form \`${file}\` works everywhere.`;
export const FILE_NOTE = 'File form: a static file that every static host (Netlify, Cloudflare Pages, GitHub Pages, nginx, S3) serves as written.';

export interface Endpoint {
  id: string;
  tag: Tag;
  summary: string;
  description: string;
  ok: Json;
  /** Path parameters, shared by both forms; an unknown value is a 404. */
  params?: Json[];
  /** Query parameters and their error answers: only rewrite rules can act on a query string. */
  query?: { parameters: Json[]; responses: Json };
}

/** One endpoint in both forms; the routed one keeps `id`, the file one is `<id>File`. */
export function bothForms(routed: string, file: string, e: Endpoint): Record<string, Json> {
  const params = e.params ?? [];
  const notFound = params.length > 0 ? { 404: NOT_FOUND } : {};
  return {
    [routed]: get({
      id: e.id,
      tag: e.tag,
      summary: e.summary,
      description: `${e.description}\n\n${routedNote(file)}`,
      parameters: [...params, ...(e.query?.parameters ?? [])],
      responses: { 200: e.ok, ...notFound, ...e.query?.responses },
    }),
    [file]: get({
      id: `${e.id}File`,
      tag: e.tag,
      summary: `${e.summary} (file)`,
      description: `${e.description}\n\n${FILE_NOTE}`,
      parameters: params,
      responses: { 200: e.ok, ...notFound },
    }),
  };
}

const CHEAPEST_DESCRIPTION = [
  'Text-generation models on sale (`on_sale`: OpenRouter lists them, or their maker\'s page lists them as active; a price list alone is not enough) with a known paid price (not delisted, and not retired: a retirement date on or before the date of `meta.as_of`, the data\'s one as-of time, so every host answers alike) that pass every filter, ordered by `price.blended` ascending, then `benchmarks.intelligence_index` descending (models without one last), then `id`. `meta.query` echoes the normalized query answered and `meta.canonical_path` names its file.',
  `Only the queries people ask most are precomputed. ${describeGrid()} The query-string form reaches them with any combination and order of the six parameters, flags spelled \`1\`, \`true\`, \`0\` or \`false\`, and \`limit=${DEFAULT_LIMIT}\` or no limit alike.`,
  'On Cloudflare the Worker answers any valid query exactly, computed with the same code. Hosts without it (Netlify, `npm run serve`) answer any other query with a JSON 404 `not_precomputed` whose `error.precomputed` gives the grid\'s rule (the points of each value and `max_points`) and whose `error.fallback.client` names the browser client `/api/v1/client.js`, which computes the answer from the model index (`error.fallback.index`) with the same code. Everywhere, a malformed value answers 400 `bad_query` naming the parameter where the host can see values (the Worker, the client; Netlify cannot, and answers `not_precomputed`), a wrong parameter name (`MIN_INTEL`, `intel`, `top`, `author`…) answers 400 `bad_query`, other names (`utm_source`…) are ignored (names are matched as sent, never percent-decoded), and `meta.query` says what was answered. A parameter given twice answers 400 `bad_query` where the host reads values (the Worker, the client); Netlify\'s rules answer with the last value, and `meta.query` shows it.',
].join('\n\n');

const modelsPaths = (cheapestFiles: Record<string, Json>): Record<string, Json> => ({
  ...bothForms(`${API}/models`, `${API}/models.json`, {
    id: 'listModels',
    tag: 'models',
    summary: 'Models currently offered',
    description: 'Every model currently offered (delisted models are left out), by id. `?author=` narrows the list to one author, like `/api/v1/models/{author}`.',
    ok: jsonOk('The models, with `meta.count`.', 'models'),
    query: { parameters: [ref('parameters', 'AuthorQuery')], responses: { 400: BAD_QUERY, 404: NOT_FOUND } },
  }),
  ...bothForms(`${API}/models/{author}`, `${API}/models/{author}.json`, {
    id: 'listAuthorModels',
    tag: 'models',
    summary: "One author's models",
    description: 'The models of one author currently offered; `meta.author` names the author.',
    ok: jsonOk("The author's models.", 'models'),
    params: [ref('parameters', 'ListedAuthor')],
  }),
  ...bothForms(`${API}/models/{author}/{slug}`, `${API}/models/{author}/{slug}.json`, {
    id: 'getModel',
    tag: 'models',
    summary: 'One model',
    description:
      "One model (id `{author}/{slug}`) with its price history back to the earliest price any source showed (each entry naming its source; only witnessed changes), the maker's changes announced ahead, every provider offer (each with its tiers and its own judged price history), direct prices and provenance (with the prices sources corrected, `price_corrections`). Delisted models stay, marked by `delisted_at`. On Cloudflare the path form is the Worker's live answer where the edge monitor has something newer for the model (its figures, or open official incidents that name it): `meta.live` says so; without it, the build's file.",
    ok: jsonOk('The model.', 'model'),
    params: [ref('parameters', 'Author'), ref('parameters', 'Slug')],
    query: {
      parameters: [
        {
          name: 'live',
          in: 'query',
          required: false,
          description: "`1`: asked live, as the client asks where status is live. A Netlify site built with LIVE_STATUS_URL proxies this form to that Cloudflare deployment, whose Worker answers it; without it (or on any other host) the query is ignored and the answer is the path form's (docs/hosting.md, \"Live status on every host\").",
          schema: { type: 'string', enum: ['1'] },
          examples: { live: { value: '1' } },
        },
      ],
      responses: {},
    },
  }),
  ...bothForms(`${API}/cheapest`, `${API}/cheapest.json`, {
    id: 'cheapestModels',
    tag: 'models',
    summary: 'Cheapest models for a query',
    description: `${CHEAPEST_DESCRIPTION}\n\nThe file \`/api/v1/cheapest.json\` holds the default query (no filter, limit ${DEFAULT_LIMIT}); every other precomputed variant has its own file, one operation per set of parts: flags as segments, numbers after their names, in the order of \`/api/v1/cheapest/min_intel/{min_intel}/min_context/{min_context}/vision/reasoning/tools/limit/{limit}.json\`.`,
    ok: jsonOk('The cheapest matching models, cheapest first.', 'cheapest'),
    query: {
      parameters: ['MinIntel', 'MinContext', 'Vision', 'Reasoning', 'Tools', 'Limit'].map((name) => ref('parameters', name)),
      responses: { 400: BAD_QUERY, 404: NOT_PRECOMPUTED },
    },
  }),
  ...cheapestFiles,
  ...bothForms(`${API}/price-changes`, `${API}/price-changes.json`, {
    id: 'listPriceChanges',
    tag: 'models',
    summary: 'Price changes',
    description:
      "Changes of a model's input or output price as the source that sets it showed them (never a change of which source sets it), each witnessed (OpenRouter's own listing, a source's own date, the maker's page, or two sources within 31 days; a source correcting itself is never a change) and with the window in which it happened (`previous_seen_at` to `at`), newest first: the changes a maker dates ahead (`upcoming`), every change of the 90 days before `meta.as_of`, and at least the latest 100.",
    ok: jsonOk('The price changes.', 'price-changes'),
  }),
  ...bothForms(`${API}/deprecations`, `${API}/deprecations.json`, {
    id: 'listDeprecations',
    tag: 'models',
    summary: 'Model retirements',
    description: 'Models with a retirement date: upcoming retirements soonest first, then retired ones newest first. `retired` says whether the date has passed as of the date of `meta.as_of` (recompute it for your own day); an active model with only the maker\'s tentative earliest date is not listed (its `lifecycle.not_before` is); the date, `deprecated_at` and `replacement` come from the maker\'s own deprecation page where it lists the model (`source_url`).',
    ok: jsonOk('The models with a retirement date.', 'deprecations'),
  }),
});

/** How cost estimates are made: by the client, with the cost module (no host computes them). */
const COST_RULES =
  'A token mix is priced by the cost module every client runs (the browser client `/api/v1/client.js`: `cost`, `cheapestForUsage`, `estimateCost`; the npm package `modelpulse`, its CLI `modelpulse cost` and its MCP tools `estimate_cost` and `cheapest_for_usage`): no host, the Worker included, answers a cost query, as the data to price one is published. '
  + 'The rules: `input_tokens` is the whole prompt, cache reads and writes included, and fresh input is what is left of it; the context tier is chosen by the whole prompt (a tier applies to a prompt of more than its `min_prompt_tokens`) and sets every rate of the request; image and audio are parts of their own (`output_image_tokens`, `output_audio_tokens` of the output, `input_audio_tokens` of the prompt, `cache_audio_read_tokens` of the cache reads) at the model\'s `unit_prices` per 1M tokens of that kind, and the rest of the output is text at the text rate (ranking prices text mixes only); the total is exact to the micro-dollar, or null with the unknown rates named in `missing`; '
  + "the default price is the model's headline price, a provider's is its standard offer (the freshest word of its witnesses, the maker's own page first: docs/data.md, Witnesses; else OpenRouter's endpoint; never a regional, data-zone, provisioned, batch, fine-tune, free or time-window variant).";

const costPaths = (): Record<string, Json> => ({
  [`${API}/cost-index.json`]: get({
    id: 'getCostIndex',
    tag: 'models',
    summary: 'What ranking by the cost of a token mix reads',
    description: `Every model that takes part in \`cheapest\` (same candidates, as of the same day), in id order, as compact rows: the headline price with its context tiers, what \`cheapest\`'s filters read, and each provider's standard offer (the one a cost estimate prices) with its tiers (null: not known). One request instead of one per model: ranking by cost reads this file and nothing else. ${COST_RULES} ${FILE_NOTE}`,
    responses: { 200: jsonOk('The cost index.', 'cost-index') },
  }),
  [`${API}/api-names.json`]: get({
    id: 'getApiNames',
    tag: 'models',
    summary: "The names each provider's API accepts, each with the model it names",
    description: "Dated snapshots, `-latest` aliases and Bedrock/Vertex/Azure ids (with their region or data-zone prefix), as genai-prices' match rules, LiteLLM's keys, models.dev and the makers' own alias lists give them, and OpenRouter's ids and canonical slugs (provider `openrouter`, at its listed price): `providers` maps provider id → API name → model id; `ambiguous` lists the names two models claim (resolvable to neither); `aliases` the names a maker moved, from the day it moved them; `patterns` genai-prices' families (`starts_with`, `contains`, `regex`…, each standing for one listed name, with the names it never takes in `except`; a regex runs only within a bounded subset). `resolveModel({ provider, model, at })` in the client and the npm package (CLI `modelpulse resolve`, MCP tool `resolve_model`) reads this file and the model's detail: the name as listed, else a common form of a listed name (case, `models/`, a provider prefix, Vertex's publisher path and `@version`, Bedrock's zone prefix and version tail, OpenRouter's `:free` and other variants), else the most specific pattern; then the offer that lists it, at its price on the day. " + FILE_NOTE,
    responses: { 200: jsonOk('The API-name index.', 'api-names') },
  }),
});

const EXPORTS: Record<ExportFile, [string, string, string]> = {
  'models.csv': ['exportModels', 'Every model (CSV)', 'One row per model of `/api/v1/models`, in its order.'],
  'offers.csv': ['exportOffers', 'Every offer (CSV)', 'Every offer of every model with a detail file (delisted models included), each model\'s cheapest first.'],
  'price-history.csv': ['exportPriceHistory', 'Every price history point (CSV)', 'Every point of every model\'s price history (level `model`), then of each offer\'s where the data has one (level `offer`), oldest first.'],
};

const exportPaths = (): Record<string, Json> =>
  Object.fromEntries(EXPORT_FILES.map((file) => {
    const [id, summary, rows] = EXPORTS[file];
    const columns = EXPORT_COLUMNS[file].map((c) => `\`${c.name}\` (${c.description})`).join(', ');
    return [`${API}/export/${file}`, get({
      id,
      tag: 'exports',
      summary,
      description: `${rows} CSV as RFC 4180 writes it: UTF-8 without a byte-order mark, a header row, CRLF line ends, fields quoted where they hold a comma, a quote or a line break. Numbers are plain numbers, booleans \`true\`/\`false\`, unknown an empty field; a text field that starts with \`=\`, \`+\`, \`-\`, \`@\`, a tab or a carriage return gets a leading \`'\` so a spreadsheet shows it instead of running it. Columns: ${columns}. The bytes change only when the data does. ${FILE_NOTE}`,
      responses: { 200: textOk('A CSV file.', 'text/csv') },
    })];
  }));

const statusPaths = (): Record<string, Json> => ({
  ...bothForms(`${API}/status`, `${API}/status.json`, {
    id: 'listServiceStatus',
    tag: 'status',
    summary: 'Status of every monitored service',
    description: 'Every monitored AI service: its combined status (the worse of the official status page and our own probes), the official indicator, the last probe and active incidents.',
    ok: jsonOk('The services.', 'status'),
  }),
  ...bothForms(`${API}/status/{service_id}`, `${API}/status/{service_id}.json`, {
    id: 'getServiceStatus',
    tag: 'status',
    summary: 'One service',
    description: "One service, plus `uptime_90d` (exactly 90 UTC days, oldest first, each with `probe` (our probes), `official` (from the page's own incident history for the watched components: major outage counts its whole duration, partial outage 30%) and `uptime` (the lower of the two known); `null` for a day without data, never a made-up 1), `recent_incidents` (every incident of the window, with its components) and `official_history` (the history's coverage and whether its last read failed).",
    ok: jsonOk('The service.', 'service'),
    params: [ref('parameters', 'ServiceId')],
  }),
  ...Object.fromEntries((['status', 'uptime'] as const).map((kind) => [
    `${API}/badges/{service_id}/${kind}.json`,
    get({
      id: kind === 'status' ? 'getStatusBadge' : 'getUptimeBadge',
      tag: 'status',
      summary: kind === 'status' ? "Status badge (shields.io)" : 'Uptime badge (shields.io)',
      description: `A [shields.io endpoint badge](https://shields.io/badges/endpoint-badge) (\`schemaVersion\`, \`label\`, \`message\`, \`color\`, \`cacheSeconds\`) showing the service's ${kind === 'status' ? 'combined status' : 'uptime over the last 90 days'}. Use it as \`https://img.shields.io/endpoint?url=<URL-encoded address of this file>\`. ${FILE_NOTE}`,
      parameters: [ref('parameters', 'ServiceId')],
      responses: { 200: jsonOk('The badge.', 'badge'), 404: NOT_FOUND },
    }),
  ])),
});

const FEEDS: Array<[string, string, string, string]> = [
  ['price-changes.atom', 'priceChangesFeed', 'Price changes (Atom)', 'The latest price changes (those of `/api/v1/price-changes`) as an Atom feed, newest first, at most 100 entries.'],
  ['deprecations.atom', 'deprecationsFeed', 'Model retirements (Atom)', 'Announced model retirements (those of `/api/v1/deprecations`), and active models\' tentative earliest retirement dates ("not before"), as an Atom feed, at most 100 entries.'],
  ['incidents.atom', 'incidentsFeed', 'Service incidents (Atom)', 'Incidents of the monitored services, from their official status pages and from our own probes (an API we could not reach), as an Atom feed, at most 100 entries.'],
];

const feedPaths = (): Record<string, Json> => ({
  ...Object.fromEntries(FEEDS.map(([file, id, summary, description]) => [
    `${API}/feeds/${file}`,
    get({ id, tag: 'feeds', summary, description: `${description} ${FILE_NOTE}`, responses: { 200: textOk('An Atom 1.0 feed.', 'application/atom+xml') } }),
  ])),
  [`${API}/feeds/retirements.ics`]: get({
    id: 'retirementsCalendar',
    tag: 'feeds',
    summary: 'Model retirements (iCalendar)',
    description: `The model retirement dates as an iCalendar file (RFC 5545), one all-day event per announced retirement, past ones included, and one per active model\'s tentative earliest retirement date ("not before"): subscribe to it from a calendar app. ${FILE_NOTE}`,
    responses: { 200: textOk('An iCalendar file.', 'text/calendar') },
  }),
});

const apiPaths = (): Record<string, Json> => ({
  ...bothForms(API, `${API}/index.json`, {
    id: 'getIndex',
    tag: 'api',
    summary: 'API index',
    description: 'The endpoints with their path form, file form and schema, and the client\'s path.',
    ok: jsonOk('The index.', 'index'),
  }),
  [`${API}/openapi.json`]: get({
    id: 'getOpenApi',
    tag: 'api',
    summary: 'This OpenAPI document',
    description: `This document (OpenAPI 3.1). Its schema references are relative (\`./schemas/<name>.json\`), so they resolve against its own URL to the published JSON Schemas. ${FILE_NOTE}`,
    responses: { 200: { description: 'The OpenAPI document.', headers: RESPONSE_HEADERS, content: { 'application/json': { schema: { type: 'object', required: ['openapi', 'info', 'paths'], properties: { openapi: { const: '3.1.0' }, info: { type: 'object' }, paths: { type: 'object' } } } } } } },
  }),
  [`${API}/schemas/{name}.json`]: get({
    id: 'getSchema',
    tag: 'api',
    summary: 'JSON Schema of a response',
    description: `The JSON Schema (draft 2020-12, with an absolute \`$id\`) every response of that kind is validated against before it is published. ${FILE_NOTE}`,
    parameters: [ref('parameters', 'SchemaName')],
    responses: { 200: { description: 'A JSON Schema.', headers: RESPONSE_HEADERS, content: { 'application/json': { schema: { type: 'object', required: ['$schema', '$id'], properties: { $schema: { const: 'https://json-schema.org/draft/2020-12/schema' }, $id: { type: 'string', format: 'uri' } } } } } }, 404: NOT_FOUND },
  }),
  [`${API}/client.js`]: get({
    id: 'getClient',
    tag: 'api',
    summary: 'Browser client (ES module)',
    description: `A dependency-free ES module: \`import { cheapest, models, model, status, service, priceChanges, deprecations, cost, cheapestForUsage, estimateCost, createClient } from '<site>/api/v1/client.js'\`. \`cheapest(query)\` answers any query: the precomputed file when there is one, else computed from the model index with the generator's own code. Limit at most ${MAX_LIMIT}. \`cost(id, usage, { provider })\` prices a token mix on one model, \`cheapestForUsage(usage, query)\` ranks the models by it (see \`GET /api/v1/cost-index.json\`). ${FILE_NOTE}`,
    responses: { 200: textOk('JavaScript source (an ES module).', 'text/javascript') },
  }),
  [`${API}/${INDEX_FILE}`]: get({
    id: 'getModelIndex',
    tag: 'api',
    summary: 'Model index (for computing cheapest)',
    description: `What the client and the Cloudflare Worker compute \`cheapest\` answers from (\`error.fallback.index\` of a \`not_precomputed\` answer): every candidate model's entry as published, after a small head (the candidates' filter columns, in answer order) the Worker reads alone. Its layout (\`format\`) belongs to the client of the same build; use the client rather than reading it. ${FILE_NOTE}`,
    responses: { 200: { description: 'The model index.', headers: RESPONSE_HEADERS, content: { 'application/json': { schema: { type: 'object', required: ['format', 'head_bytes', 'columns', 'entries'], properties: { format: { type: 'integer' }, head_bytes: { type: 'integer' }, columns: { type: 'object' }, entries: { type: 'array' } } } } } } },
  }),
});

/** The 200 of every precomputed `cheapest` file (a component: the document has dozens of them). */
export const CHEAPEST_FILE_RESPONSE = jsonOk('The cheapest matching models, cheapest first.', 'cheapest');

let cheapestFileItems: CheapestFileOperations | undefined;

/**
 * The precomputed `cheapest` files' operations and their path parameters (openapi-cheapest.ts).
 * They follow the grid alone, which reads no data: worked out once per process (every render,
 * each `update` and each build, puts them in the document) and frozen, so no reader changes them.
 */
export function cheapestFiles(): CheapestFileOperations {
  cheapestFileItems ??= deepFreeze(
    cheapestFileOperations(cheapestPathForms(), (op) =>
      get({ ...op, tag: 'models', group: CHEAPEST_FILES_GROUP, responses: { 200: ref('responses', 'CheapestFile'), 404: NOT_PRECOMPUTED } }),
    ),
  );
  return cheapestFileItems;
}

function deepFreeze<T>(value: T): T {
  if (value !== null && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const child of Object.values(value)) deepFreeze(child);
  }
  return value;
}

/** Every public endpoint, in the order a reader meets them. */
export function openApiPaths(files: CheapestFileOperations = cheapestFiles()): Record<string, Json> {
  return { ...apiPaths(), ...modelsPaths(files.paths), ...costPaths(), ...statusPaths(), ...feedPaths(), ...exportPaths() };
}
