/**
 * The OpenAPI 3.1 document served at /api/v1/openapi.json. It references the published JSON
 * Schemas by relative URI (`./schemas/<name>.json`) instead of copying them, so the two can
 * never disagree; those URIs resolve against the document's own URL.
 */
import { PUBLISHED_EXTENSIONS } from '../models/ids.js';
import { DEFAULT_LIMIT, MAX_LIMIT } from '../query/cheapest.js';
import { MAX_MCP_BODY_BYTES } from '../bounds/site.js';
import { CHEAPEST_FILES_GROUP } from './openapi-cheapest.js';
import { CHEAPEST_FILE_RESPONSE, cheapestFiles, openApiPaths, RESPONSE_HEADERS, type Json } from './openapi-paths.js';
import { modelStatusPaths } from './openapi-model-status.js';
import { siteRootPaths } from './openapi-site-paths.js';
import { badQuery, errorFiles, notFound, type ApiError } from './errors.js';
import { API_SCHEMA_NAMES } from './schemas.js';
import { pageUrl, routes } from './page-routes.js';

export interface OpenApiOptions {
  siteUrl: string;
  /** Monitored service ids: the examples of `{service_id}`. */
  serviceIds: readonly string[];
  /** Authors with models currently offered: the examples of `{author}` and `?author=`. */
  authors: readonly string[];
}

export const OPENAPI_FILE = 'api/v1/openapi.json';

/** Kept equal to CACHE_SECONDS in site.ts by the tests (not imported: site.ts imports this module). */
const MIN_CACHE_SECONDS = 60;

function description(siteUrl: string): string {
  return [
    'Free, read-only JSON about AI models (prices, context sizes, capabilities, benchmark indices, retirements) and the status of AI services, generated from public sources and served as static files.',
    '**Terms.** Free, no API key, no sign-up. CORS is open to every origin (`Access-Control-Allow-Origin: *`). Cache every response for at least ' +
      `${MIN_CACHE_SECONDS} seconds (\`meta.cache_seconds\`; the CDN sends \`Cache-Control: public, max-age=${MIN_CACHE_SECONDS}, stale-while-revalidate=300\`): polling more often gets nothing new. ` +
      `Wherever you show the data, show \`meta.attribution.text\` as a link to \`meta.attribution.url\` (${siteUrl}).`,
    '**Two URL forms.** Each JSON endpoint is listed twice: the routed path (`/api/v1/models`, `/api/v1/cheapest?vision=1`), answered by the rewrite rules on Netlify and in `npm run serve` and by Cloudflare\'s `_redirects` and Worker, and the `.json` file (`/api/v1/models.json`, `/api/v1/cheapest/vision.json`), which works on every static host. Every operation of the API is GET (HEAD works too); beside it, the site publishes its npm package (`/modelpulse.tgz`) and, on Cloudflare, a remote MCP endpoint (`POST /mcp`).',
    '**Responses.** Every JSON 200 is `{ "data": …, "meta": { … } }` and matches the JSON Schema (draft 2020-12) it references under `/api/v1/schemas/`.' +
      ' **One as-of.** `meta.as_of`, the same in every response of a build, is the last update run at which what the catalog says changed; `retired`, who takes part in `cheapest` and the 90-day window of price changes are judged on its date, on every host.' +
      ' **Stable bytes, honest freshness.** `meta.updated_at` is when that response\'s content last changed: a response keeps its bytes (and its ETag, so `If-None-Match` gets a 304) until what it says changes. When the data was last checked lives in a small set of freshness files: `/api/v1` (index.json, `data.freshness`: the last run and every source\'s last attempt, success, staleness and error) and the status responses (`meta.checked_at`, probe and page times), which change with every run. Errors are `{ "error": { "status", "code", "message" } }` with the matching HTTP status, never an HTML page, on Cloudflare, Netlify, `npm run serve` and nginx (docs/hosting.md); GitHub Pages answers unknown files with an HTML 404 page that says so.',
    'Names are snake_case; times are ISO 8601 UTC; dates are `YYYY-MM-DD`; prices are USD per 1,000,000 tokens; unknown is `null`, never 0 (0 means free).',
  ].join('\n\n');
}

/**
 * An error answer, its example the very body the build publishes under /api/v1/errors/ (so the
 * document says each code once, where the hosts serve it). The schema is the published one as
 * it is: narrowing it with `allOf` makes Redocly reject valid examples.
 */
const errorResponse = (error: ApiError, description: string): Json => {
  return {
    description: `${description} (\`error.code\` \`${error.code}\`.)`,
    headers: RESPONSE_HEADERS,
    content: { 'application/json': { schema: { $ref: './schemas/error.json' }, examples: { [error.code]: { value: { error } } } } },
  };
};

function components(documentation: string): Json {
  return {
    headers: {
      AccessControlAllowOrigin: {
        description: 'CORS: every origin may read every response.',
        schema: { type: 'string', const: '*' },
      },
      CacheControl: {
        description: `Cache for at least ${MIN_CACHE_SECONDS} seconds (\`max-age\`); Netlify and \`npm run serve\` send \`public, max-age=${MIN_CACHE_SECONDS}, stale-while-revalidate=300\`.`,
        schema: { type: 'string', pattern: '(^|[ ,])max-age=([6-9][0-9]|[1-9][0-9]{2,})($|[ ,])' },
      },
    },
    responses: {
      CheapestFile: CHEAPEST_FILE_RESPONSE,
      NotFound: errorResponse(notFound(documentation), 'No such path, model, author or service (JSON on Cloudflare, Netlify, `npm run serve` and nginx; GitHub Pages answers with an HTML 404 page); `error.hint` names what was meant where only the case is wrong.'),
      NotPrecomputed: errorResponse(errorFiles(documentation, '').get('not-precomputed')!, 'This `cheapest` query has no precomputed file on a host that cannot compute queries (or a value is not valid there). `error.fallback.client` is the browser client, which checks the query and computes the answer from the model index (`error.fallback.index`) with the same code.'),
      FastestNotPrecomputed: errorResponse(errorFiles(documentation, '').get('fastest-not-precomputed')!, 'This `fastest` query has no file on a host that cannot compute queries (every query but the default). `error.fallback.client` is the browser client, which checks the query and computes the answer from the fastest index (`error.fallback.index`) with the same code.'),
      BadQuery: errorResponse(badQuery('min_intel', 'min_intel must be a number from 0 to 100', documentation), 'A malformed value, or a parameter name the API lists as wrong (another endpoint\'s parameter, a case variant, a common misspelling); `error.parameter` names it. Other names are ignored on every host.'),
      ClientError: {
        description: 'Any other client error, where the host can tell: the JSON error object (`/api/v1/schemas/error.json`), whose `error.code` says what went wrong and `error.message` how to fix it. See the API documentation (Errors) for what each host checks.',
        headers: RESPONSE_HEADERS,
        content: { 'application/json': { schema: { $ref: './schemas/error.json' } } },
      },
    },
  };
}

const examples = (values: readonly unknown[]) => Object.fromEntries(values.map((value) => [String(value).replaceAll('/', '_'), { value }]));
const flag = (name: string, what: string): Json => ({
  name,
  in: 'query',
  description: `\`1\` or \`true\` keeps only models ${what}; \`0\`, \`false\` or absent does not constrain. The CDN serves all four spellings (lower case); others answer \`not_precomputed\` there (the client also accepts upper case).`,
  schema: { type: 'string', enum: ['1', 'true', '0', 'false'] },
  examples: examples(['1']),
});

/**
 * Parameters shared by several operations. Ids are patterns, never enums of today's data: a
 * client generated from the document must not change when an author or a service comes or
 * goes. The data only picks the examples.
 */
function parameters(ids: { serviceIds: readonly string[]; authors: readonly string[] }): Record<string, Json> {
  // Never ending in an extension the site publishes (models/ids.ts refuses such ids), so that
  // `/api/v1/models/openai.json` is the file form of `{author}`, not an author `openai.json`.
  const segment = `^(?!.*\\.(${PUBLISHED_EXTENSIONS.join('|')})$)[a-z0-9][a-z0-9._-]*$`;
  const firstOf = (values: readonly string[], preferred: string) => (values.includes(preferred) ? preferred : (values[0] ?? preferred));
  const author = firstOf(ids.authors, 'openai');
  return {
    Author: { name: 'author', in: 'path', required: true, description: 'The author part of a model id (`<author>/<slug>`).', schema: { type: 'string', pattern: segment }, examples: examples([author]) },
    Slug: { name: 'slug', in: 'path', required: true, description: 'The rest of the model id after `<author>/`.', schema: { type: 'string', pattern: segment }, examples: examples(['gpt-4o']) },
    ListedAuthor: { name: 'author', in: 'path', required: true, description: 'An author with models currently offered.', schema: { type: 'string', pattern: segment }, examples: examples([author]) },
    AuthorQuery: { name: 'author', in: 'query', description: "Only this author's models (an author with models currently offered).", schema: { type: 'string', pattern: segment }, examples: examples([author]) },
    // `models` is no service: /api/v1/status/models is the list of models not operational.
    ServiceId: { name: 'service_id', in: 'path', required: true, description: 'A monitored service (`data/services.json`).', schema: { type: 'string', pattern: `^(?!models$)${segment.slice(1)}` }, examples: examples([firstOf(ids.serviceIds, 'openai')]) },
    SchemaName: { name: 'name', in: 'path', required: true, description: 'The kind of response.', schema: { type: 'string', enum: [...API_SCHEMA_NAMES] }, examples: examples(['model']) },
    MinIntel: { name: 'min_intel', in: 'query', description: 'Only models whose `benchmarks.intelligence_index` is at least this (a model without an index never matches).', schema: { type: 'number', minimum: 0, maximum: 100 }, examples: examples([40]) },
    MinContext: { name: 'min_context', in: 'query', description: 'Only models whose `context_length` is at least this many tokens.', schema: { type: 'integer', minimum: 0 }, examples: examples([128000]) },
    Vision: flag('vision', 'that take image input'),
    Reasoning: flag('reasoning', 'that support reasoning'),
    Tools: flag('tools', 'that support tool calling'),
    MaxPrice: { name: 'max_price', in: 'query', description: 'Only models whose `price.blended` (USD per 1M tokens) is at most this.', schema: { type: 'number', minimum: 0, maximum: 100000 }, examples: examples([2]) },
    Sort: { name: 'sort', in: 'query', description: '`throughput` (default): most output tokens a second first; `latency`: least time to the first token first.', schema: { type: 'string', enum: ['throughput', 'latency'], default: 'throughput' }, examples: examples(['latency']) },
    Limit: { name: 'limit', in: 'query', description: 'How many models at most.', schema: { type: 'integer', minimum: 1, maximum: MAX_LIMIT, default: DEFAULT_LIMIT }, examples: examples([5]) },
  };
}

/** Pure: the document for a deployment at `siteUrl` with these services and authors. */
export function openApiDocument(options: OpenApiOptions): object {
  const { siteUrl } = options;
  // Sorted copies: the document does not depend on the order the caller lists ids in.
  const ids = { serviceIds: [...options.serviceIds].sort(), authors: [...options.authors].sort() };
  const files = cheapestFiles();
  return {
    openapi: '3.1.0',
    info: {
      title: 'ModelPulse API',
      version: 'v1',
      summary: 'AI model prices, capabilities and retirements, and AI service status, as static JSON.',
      description: description(siteUrl),
      contact: { name: 'ModelPulse', url: siteUrl },
      license: { name: 'MIT', identifier: 'MIT' },
    },
    jsonSchemaDialect: 'https://json-schema.org/draft/2020-12/schema',
    servers: [{ url: siteUrl }],
    paths: { ...openApiPaths(files), ...modelStatusPaths(), ...siteRootPaths(MAX_MCP_BODY_BYTES) },
    components: { ...components(pageUrl(siteUrl, routes.docs())), parameters: { ...parameters(ids), ...files.parameters } },
    // How the website's API page groups operations it shows as one endpoint (web/openapi-view.ts).
    'x-modelpulse-groups': {
      [CHEAPEST_FILES_GROUP]: {
        summary: 'Cheapest models for a query (precomputed files)',
        description: `Each precomputed \`cheapest\` variant as a file (see \`GET /api/v1/cheapest\` for the semantics): its non-default parts in a fixed order, \`min_intel/{min_intel}\`, \`min_context/{min_context}\`, \`vision\`, \`reasoning\`, \`tools\`, \`limit/{limit}\` (limit ${DEFAULT_LIMIT} is the default: no part; no part at all is \`/api/v1/cheapest.json\`). One operation per set of parts, so that standard tools match every file; the numbers' enums are the precomputed values, and any other value has no file (404 \`not_precomputed\`).`,
        example: '/api/v1/cheapest/min_intel/{min_intel}/vision/limit/{limit}.json',
      },
    },
    // Public: no key, no sign-up. Said explicitly, so tools need not guess.
    security: [],
    tags: [
      { name: 'models', description: 'Models, prices, the cheapest-model query, price changes and retirements.' },
      { name: 'status', description: 'Status of the monitored AI services, uptime and badges.' },
      { name: 'feeds', description: 'Atom feeds and an iCalendar file for feed readers and calendars.' },
      { name: 'exports', description: 'The whole catalog as CSV files, for spreadsheets and analysis.' },
      { name: 'api', description: 'The API itself: index, this document, the JSON Schemas, the browser client.' },
    ],
    externalDocs: { description: 'ModelPulse API documentation', url: pageUrl(siteUrl, routes.docs()) },
  };
}
