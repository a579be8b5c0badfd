import { cheapestPath, cheapestRanker, DEFAULT_QUERY, MAX_LIMIT, type CheapestQuery } from '../query/cheapest.js';
import { DEFAULT_FASTEST_QUERY, fastest } from '../query/fastest.js';
import { precomputedVariants } from '../query/variants.js';
import type { Dataset, SourceState } from '../store/data-store.js';
import { ARTIFICIAL_ANALYSIS_ATTRIBUTION } from '../sources/artificialanalysis/index.js';
import { FACT_SOURCES, type FactSource } from '../sources/facts.js';
import { SOURCE_URLS } from '../models/facts-merge.js';
import { badgePath, renderBadges } from './badges.js';
import { calendarPath, renderRetirementCalendar } from './calendar.js';
import { feedPath, renderFeeds } from './feeds.js';
import { OPENAPI_FILE, openApiDocument } from './openapi.js';
import { errorFiles } from './errors.js';
import { pageUrl, routes } from './page-routes.js';
import { sitePath } from '../config.js';
import { STATUS_SOURCE_ID } from '../status/types.js';
import { STATIC_LIVE_META, type ModelDetail, type ModelEntry, type ModelListEntry } from '../types/api-types.js';
import { MAX_FILE_BYTES } from '../bounds/text.js';
import { MAX_LISTED_NOT_OPERATIONAL } from '../bounds/site.js';
import { asOfAfterRun, EMPTY_CONTENT_STATE, updatedAtFor, type ContentState } from '../publish/content-times.js';
import { contentFingerprint, jsonFingerprints } from '../publish/fingerprint.js';
import { buildCostIndex } from '../query/cost-index.js';
import { EXPORT_DIR, renderExports } from './exports.js';
import { serviceDetail, serviceListEntry } from './status.js';
import { incidentModelSources, matchIncidents, type IncidentModelSource } from './incident-models.js';
import { createModelStatus } from './model-status.js';
import { STATE_THRESHOLDS } from '../status/model-state.js';
import type { ServiceDefinition } from '../status/registry.js';
import type { ModelStatesFile } from '../store/traffic-store.js';
import { deprecations, earliestRetirements, modelDetail, modelEntry, priceChanges } from './models.js';
import { asPublished, publishedPartOf } from './part-of.js';
import { sourcedModel, type SourcedModel } from './model-sources.js';
import { boundModelRecord, boundStrings } from '../bounds/models.js';
import { boundServiceHistory } from '../bounds/status.js';
import { guardHistoryTimes } from '../status/times.js';
import { cheapestOffer } from './offers.js';
import { apiNamesIndex, indexedNames, ownersOf } from './api-names.js';
import { API_SCHEMA_NAMES, apiSchemas, type ApiSchemaName } from './schemas.js';

export interface RenderConfig {
  siteUrl: string;
  /** When each response last changed, as `update` recorded it (data/state/content.json). */
  contentTimes?: ContentState;
  /** Told about each stored value the render bounded (docs/bad-input.md): for the build's warnings. */
  report?: (message: string) => void;
  /** The largest file allowed (default MAX_FILE_BYTES): a model whose own file would be larger is left out. */
  maxFileBytes?: number;
  /** Told about each model left out for its size, with the size its file would have had. */
  leftOut?: (id: string, bytes: number) => void;
  /** `meta.cache_seconds`: what the host sends as max-age (default 60; GitHub Pages sends 600). */
  cacheSeconds?: number;
  /**
   * `update`'s run at this time: every day-dependent judgement is made at it, and `as_of` becomes
   * it where the catalog changed materially (publish/content-times.ts). Without it (the build),
   * they are made at the recorded `as_of`.
   */
  run?: string;
  /** Receives each model's judged state and since (`update` keeps them: state/model-states.json). */
  onModelStates?: (states: ModelStatesFile) => void;
  /** Told what the run report lists: names of incidents that fit two models (render/incident-models.ts). */
  notice?: (line: string) => void;
  /** Receives the names incident matching read of the catalog (a Cloudflare build ships them to the monitor: monitor/names-asset.ts). */
  onIncidentSources?: (sources: readonly IncidentModelSource[]) => void;
}

/**
 * What depends on where and how the site is served, set after `updated_at` is stamped so that a
 * response's content times do not depend on it (update fingerprints the responses without it):
 * the root-absolute links (under a project sub-path they start with it) and `cache_seconds`.
 */
function placeOnSite(responses: readonly RenderedJson[], basePath: string, cacheSeconds: number): void {
  const local = (path: string) => `${basePath}${path}`;
  for (const file of responses) {
    const body = file.body as { data: Record<string, unknown>; meta: Record<string, unknown> };
    body.meta.cache_seconds = cacheSeconds;
    if (typeof body.meta.canonical_path === 'string') body.meta.canonical_path = local(body.meta.canonical_path);
    if (file.schema !== 'index') continue;
    const data = body.data as { endpoints: Array<{ path: string; file: string }>; client: string; openapi: string; feeds: Record<string, string>; badges: Record<string, string>; exports: Record<string, string> };
    for (const endpoint of data.endpoints) Object.assign(endpoint, { path: local(endpoint.path), file: local(endpoint.file) });
    data.client = local(data.client);
    data.openapi = local(data.openapi);
    for (const links of [data.feeds, data.badges, data.exports]) for (const key of Object.keys(links)) links[key] = local(links[key]!);
  }
}

/** What a response's meta may add to a model's file once stamped (its updated_at), with room to spare. */
const META_SLACK_BYTES = 256;

import { API_ROOT, CACHE_SECONDS, type RenderedFile, type RenderedJson } from './rendered.js';
/** The time a response carries when data/ holds no time at all (never the clock). */
const EPOCH = '1970-01-01T00:00:00Z';

/** Where each source is documented for people, by source id. */
function sourceUrl(id: string, siteUrl: string): string {
  if (id === 'openrouter') return 'https://openrouter.ai/models';
  return (FACT_SOURCES as readonly string[]).includes(id) ? SOURCE_URLS[id as FactSource] : pageUrl(siteUrl, routes.docs());
}

/** Which sources a response is made from (attribution; their freshness is in index.json). */
function sourcesMeta(sources: Record<string, SourceState>, ids: readonly string[], siteUrl: string) {
  return ids.filter((id) => sources[id] !== undefined).map((id) => ({ id, url: sourceUrl(id, siteUrl) }));
}

/** Every source's last attempt and success: the freshness published in index.json alone. */
function freshnessOf(sources: Record<string, SourceState>, siteUrl: string, runAt: string) {
  return {
    run_at: runAt,
    sources: Object.keys(sources)
      .sort()
      .map((id) => {
        const s = sources[id]!;
        return { id, url: sourceUrl(id, siteUrl), last_attempt_at: s.last_attempt_at, last_success_at: s.last_success_at, stale: !s.ok, error: s.error };
      }),
  };
}

/** The newest time data/ records: what a response carries when update never saw its content. */
export function lastRunAt(dataset: Dataset, contentTimes: ContentState): string {
  const times = [contentTimes.last_run_at, ...Object.values(dataset.sources).map((s) => s.last_attempt_at)].filter((t): t is string => t !== null);
  return times.sort().at(-1) ?? EPOCH;
}

/**
 * The time a build judges everything that depends on the day at: the run being recorded, else the
 * as-of update recorded (docs/api.md, "One as-of"), else the newest run data/ records (`runAt`,
 * lastRunAt's); null before any run.
 */
export function recordedAsOfTime(runAt: string, contentTimes: ContentState, run?: string): string | null {
  return run ?? contentTimes.as_of ?? (runAt === EPOCH ? null : runAt);
}

/**
 * Fills every response's `meta.updated_at`: the time update recorded for this exact content, so
 * unchanged responses keep their bytes from run to run (see publish/content-times.ts).
 */
function stampUpdatedAt(files: readonly RenderedJson[], contentTimes: ContentState, siteUrl: string, fallback: string): void {
  for (const file of files) {
    const meta = (file.body as { meta?: { updated_at?: string | null } }).meta;
    if (meta === undefined || meta.updated_at !== null) continue;
    // Only a path update recorded needs its fingerprint (hashing every file costs seconds).
    meta.updated_at = contentTimes.files[file.path] === undefined ? fallback : updatedAtFor(contentTimes, file.path, contentFingerprint(file.body, siteUrl), fallback);
  }
}

/** Offers and facts come from the secondary sources: every string of them within bounds. */
function boundedSources(model: SourcedModel, report: (message: string) => void): SourcedModel {
  return { ...model, offers: boundStrings(model.offers, 'offers', report), facts: boundStrings(model.facts, 'facts', report) };
}

/**
 * Pure: the whole API as a list of files, from data/ alone. The "as of" time is the one update
 * recorded (docs/api.md, "One as-of"), else the last run data/ records, never the clock, so equal
 * data gives equal files.
 */
export function renderApi(dataset: Dataset, config: RenderConfig): RenderedFile[] {
  const contentTimes = config.contentTimes ?? EMPTY_CONTENT_STATE;
  const runAt = lastRunAt(dataset, contentTimes);
  // Every day-dependent judgement below (retired, cheapest's candidates, dated prices in force or
  // upcoming, the 90-day window of price changes, how fresh Artificial Analysis' indices are) is
  // made at this one time.
  const recordedAsOf = recordedAsOfTime(runAt, contentTimes, config.run);
  const judgeAt = recordedAsOf ?? EPOCH;
  const docs = pageUrl(config.siteUrl, routes.docs());
  // `updated_at` is null until stampUpdatedAt fills it in, at its place in the key order.
  const metaFor = (sourceIds: readonly string[], text: string) => ({
    api_version: 'v1',
    attribution: { text, url: config.siteUrl },
    cache_seconds: CACHE_SECONDS,
    updated_at: null as string | null,
    as_of: null as string | null,
    sources: sourcesMeta(dataset.sources, sourceIds, config.siteUrl),
    documentation: docs,
  });
  const baseMeta = metaFor(['openrouter', ...FACT_SOURCES], "ModelPulse (data from OpenRouter, genai-prices, LiteLLM, models.dev and the model makers' own deprecation pages; indices by Artificial Analysis)");
  const modelsMeta = {
    ...baseMeta,
    price_unit: 'USD per 1M tokens',
    blended_formula: '(3 * input + output) / 4',
    benchmarks_attribution: ARTIFICIAL_ANALYSIS_ATTRIBUTION,
  };
  const files: RenderedFile[] = [];
  const responses: RenderedJson[] = [];
  // Each response gets its own meta object: stampUpdatedAt fills them in one by one.
  const add = (path: string, schema: ApiSchemaName, data: unknown, meta: object) => {
    const file = { path: `${API_ROOT}/${path}.json`, schema, body: { data, meta: { ...meta } } };
    responses.push(file);
    files.push(file);
  };

  // Secondary sources, then curated overrides, win over OpenRouter's values everywhere below.
  // Stored text within bounds again (an older version stored longer; facts come from elsewhere).
  const report = config.report ?? (() => undefined);
  const about = (id: string) => (message: string) => report(`${id}: ${message}`);
  // A model part of another (render/part-of.ts) keeps its address and is listed nowhere.
  const partOf = publishedPartOf(dataset);
  const allModels = [...dataset.models.values()]
    .sort((a, b) => (a.id < b.id ? -1 : 1))
    .map((r) => boundedSources(sourcedModel(dataset, asPublished(boundModelRecord(r, about(r.id)), partOf), judgeAt), about(r.id)));

  // Status is the freshness set: judged at its own last check (`meta.checked_at`), which may be
  // newer than `as_of`. Before the first status run the data's as-of anchors the 90-day window
  // (every day null, every service unknown); the clock never does. Each model's state is judged
  // at the same time (render/model-status.ts).
  const statusSource = dataset.sources[STATUS_SOURCE_ID];
  const statusAsOf = statusSource?.last_attempt_at ?? recordedAsOf;
  const historyOf = (id: string) => {
    const stored = dataset.statusHistories.get(id);
    if (stored === undefined || statusAsOf === null) return stored;
    return boundServiceHistory(guardHistoryTimes(stored, statusAsOf, about(`status/${id}`)), statusAsOf, about(`status/${id}`));
  };
  const histories = new Map(dataset.services.map((service) => [service.id, historyOf(service.id)]));
  const incidentSources = incidentModelSources(allModels);
  config.onIncidentSources?.(incidentSources);
  const incidents = matchIncidents(dataset.services, histories, incidentSources, statusAsOf, config.notice);
  const modelStatus = createModelStatus({
    judgeAt: statusAsOf,
    traffic: dataset.traffic,
    states: dataset.modelStates,
    incidents,
    aaSpeed: (id) => dataset.factsByModel.get(id)?.artificialanalysis?.[0]?.speed ?? null,
    aaUrl: SOURCE_URLS.artificialanalysis,
    report,
  });
  const detailOf = (model: SourcedModel) => modelDetail(model, { status: modelStatus.status(model.record.id), statsOf: (offer) => modelStatus.offerStats(model.record.id, offer) });
  // The size budget: a model whose own file would break it is left out everywhere, reported.
  const maxFileBytes = config.maxFileBytes ?? MAX_FILE_BYTES;
  const modelDetails = new Map<string, ModelDetail>();
  const models = allModels.filter((model) => {
    const detail = detailOf(model);
    const bytes = Buffer.byteLength(JSON.stringify({ data: detail, meta: modelsMeta })) + META_SLACK_BYTES;
    if (bytes > maxFileBytes) {
      config.leftOut?.(model.record.id, bytes);
      return false;
    }
    modelDetails.set(model.record.id, detail);
    return true;
  });
  const entries: ModelEntry[] = models.filter((m) => m.record.delisted_at === null && m.record.part_of === undefined).map((m) => modelEntry(m.record, cheapestOffer(m.offers), m.lifecycle, m.kind));
  // The lists add each model's compact status; `cheapest` answers do not (their bytes stay with the catalog).
  const listEntries: ModelListEntry[] = entries.map((entry) => ({ ...entry, status: modelStatus.entryStatus(entry.id) }));

  add('models', 'models', listEntries, { ...modelsMeta, count: listEntries.length });
  // What ranking by the cost of a token mix reads (query/cost-index.ts), judged on the same as-of.
  const costIndex = buildCostIndex([...modelDetails.values()], judgeAt);
  add('cost-index', 'cost-index', costIndex, { ...modelsMeta, count: costIndex.models.length });
  const nameIndex = apiNamesIndex(modelDetails.values(), ownersOf(dataset.factsByModel), dataset.facts, report);
  add('api-names', 'api-names', nameIndex, { ...baseMeta, count: indexedNames(nameIndex) });
  // Bulk exports for analysts: CSV files of their own, no meta (render/exports.ts).
  files.push(...renderExports(listEntries, modelDetails));
  const authors = [...new Set(entries.map((e) => e.author))].sort();
  for (const author of authors) {
    const own = listEntries.filter((e) => e.author === author);
    add(`models/${author}`, 'models', own, { ...modelsMeta, count: own.length, author });
  }
  for (const model of models) {
    const id = model.record.id;
    add(`models/${id}`, 'model', modelDetails.get(id)!, modelsMeta);
  }

  // Variants that differ only in `limit` share one ranking: the first `limit` of the longest.
  const rankings = new Map<string, ModelEntry[]>();
  const rank = cheapestRanker(entries, judgeAt);
  const addCheapest = (query: Readonly<CheapestQuery>, path = cheapestPath(query)) => {
    const longest = { ...query, limit: MAX_LIMIT };
    const key = cheapestPath(longest);
    let ranking = rankings.get(key);
    if (ranking === undefined) {
      ranking = rank(longest);
      rankings.set(key, ranking);
    }
    const result = ranking.slice(0, query.limit);
    add(path, 'cheapest', result, { ...modelsMeta, count: result.length, query, canonical_path: `/${API_ROOT}/${path}.json` });
  };
  addCheapest(DEFAULT_QUERY);
  for (const { query, path } of precomputedVariants()) if (path !== 'cheapest') addCheapest(query, path);

  // `fastest`'s default answer, for static hosts (the Worker and the client compute any other from
  // the fastest index, with the same code: query/fastest.ts). It ranks by figures, so it is a
  // freshness file: its order may change with any run that reads new figures.
  const fastestAnswer = fastest(listEntries, DEFAULT_FASTEST_QUERY, judgeAt);
  add('fastest', 'fastest', fastestAnswer, { ...modelsMeta, count: fastestAnswer.length, query: DEFAULT_FASTEST_QUERY, canonical_path: `/${API_ROOT}/fastest.json` });

  const changes = priceChanges(models, judgeAt);
  add('price-changes', 'price-changes', changes, { ...modelsMeta, count: changes.length });
  const retiring = deprecations(models, judgeAt);
  add('deprecations', 'deprecations', retiring, { ...baseMeta, count: retiring.length });

  // `path` works where our rewrite rules run (Netlify, npm run serve); `file` works on any static host.
  if (statusAsOf === null && dataset.services.length > 0) {
    throw new Error('data/ holds no observation time yet (no model or status update has run): run `npm run update` first');
  }
  // Status responses are freshness files: they say when the services were last checked.
  // `live` says these are the build's files (a Worker's live answer says `monitor`: docs/api.md, "Live status").
  const statusMeta = { ...metaFor([STATUS_SOURCE_ID], 'ModelPulse (official status pages and our own probes)'), checked_at: statusAsOf, live: STATIC_LIVE_META };
  const extrasOf = (service: ServiceDefinition) => ({ traffic: modelStatus.serviceTraffic(service), incidentModels: (incidentId: string) => incidents.named(service.id, incidentId) });
  const services = dataset.services.map((service) => serviceListEntry(service, histories.get(service.id), statusAsOf, extrasOf(service)));
  add('status', 'status', services, { ...statusMeta, count: services.length });
  const details = dataset.services.map((service) => serviceDetail(service, histories.get(service.id), statusAsOf, extrasOf(service)));
  for (const detail of details) add(`status/${detail.id}`, 'service', detail, statusMeta);
  // The models not operational now, with their figures (a freshness file: it changes with every run).
  const trouble = modelStatus.notOperational(listEntries, MAX_LISTED_NOT_OPERATIONAL);
  add('status/models', 'status-models', trouble.entries, { ...statusMeta, count: trouble.entries.length, omitted: trouble.omitted, unknown: trouble.unknown, thresholds: STATE_THRESHOLDS });
  config.onModelStates?.(modelStatus.judged());


  const endpoint = (path: string, file: string, description: string, schema: ApiSchemaName) => ({
    path,
    file,
    description,
    schema: `${config.siteUrl}/${API_ROOT}/schemas/${schema}.json`,
  });
  add('index', 'index', {
    endpoints: [
      endpoint('/api/v1/models', '/api/v1/models.json', 'models currently offered', 'models'),
      endpoint('/api/v1/models?author=<author>', '/api/v1/models/<author>.json', "one author's models", 'models'),
      endpoint('/api/v1/models/<author>/<slug>', '/api/v1/models/<author>/<slug>.json', 'one model with price_history and endpoints', 'model'),
      endpoint('/api/v1/cheapest?min_intel&min_context&vision&reasoning&tools&limit', '/api/v1/cheapest/<variant>.json', 'cheapest models for a query', 'cheapest'),
      endpoint('/api/v1/fastest?min_intel&min_context&vision&reasoning&tools&max_price&sort&limit', '/api/v1/fastest.json', 'fastest models for a query (the default query has a file; the client and the Cloudflare Worker compute any other)', 'fastest'),
      endpoint('/api/v1/cost-index.json', '/api/v1/cost-index.json', 'what ranking by the cost of a token mix reads (the client prices mixes: cost, cheapestForUsage)', 'cost-index'),
      endpoint('/api/v1/api-names.json', '/api/v1/api-names.json', "the names each provider's API accepts, each with the model it names (resolveModel reads it)", 'api-names'),
      endpoint('/api/v1/price-changes', '/api/v1/price-changes.json', 'price changes, newest first', 'price-changes'),
      endpoint('/api/v1/deprecations', '/api/v1/deprecations.json', 'models with a retirement date: upcoming soonest first, then retired newest first', 'deprecations'),
      endpoint('/api/v1/status', '/api/v1/status.json', 'status of the monitored AI services', 'status'),
      endpoint('/api/v1/status/<service_id>', '/api/v1/status/<service_id>.json', 'one service with 90 days of uptime and recent incidents', 'service'),
      endpoint('/api/v1/status/models', '/api/v1/status/models.json', 'every model not operational now, with its providers, open incidents and figures', 'status-models'),
    ],
    client: `/${API_ROOT}/client.js`,
    openapi: `/${OPENAPI_FILE}`,
    feeds: {
      price_changes: `/${feedPath('price-changes')}`,
      deprecations: `/${feedPath('deprecations')}`,
      incidents: `/${feedPath('incidents')}`,
      retirements_calendar: `/${calendarPath()}`,
    },
    badges: { status: `/${badgePath('<service_id>', 'status')}`, uptime: `/${badgePath('<service_id>', 'uptime')}` },
    exports: { models: `/${EXPORT_DIR}/models.csv`, offers: `/${EXPORT_DIR}/offers.csv`, price_history: `/${EXPORT_DIR}/price-history.csv` },
    freshness: freshnessOf(dataset.sources, config.siteUrl, runAt),
  }, baseMeta);

  // A build publishes the recorded as-of; a run moves it to its own time where the catalog changed.
  const asOf = config.run === undefined ? judgeAt : asOfAfterRun(contentTimes, new Map(responses.map((r) => [r.path, jsonFingerprints(r.body, config.siteUrl)])), config.run);
  for (const file of responses) (file.body as { meta: { as_of: string | null } }).meta.as_of = asOf;
  stampUpdatedAt(responses, contentTimes, config.siteUrl, runAt);
  const basePath = sitePath(config.siteUrl);
  placeOnSite(responses, basePath, config.cacheSeconds ?? CACHE_SECONDS);
  const updatedAt = (path: string) => (responses.find((r) => r.path === `${API_ROOT}/${path}.json`)!.body as { meta: { updated_at: string } }).meta.updated_at;
  // For people and tools that subscribe rather than poll: feeds, a calendar and badges. Their
  // times come from the responses they mirror and the as-of, so they keep their bytes while those do.
  const earliest = earliestRetirements(models);
  files.push(...renderFeeds({ siteUrl: config.siteUrl, priceChanges: changes, priceChangesUpdatedAt: updatedAt('price-changes'), deprecations: retiring, deprecationsUpdatedAt: updatedAt('deprecations'), earliestRetirements: earliest, asOf, services: details, statusAsOf }));
  files.push(renderRetirementCalendar({ siteUrl: config.siteUrl, deprecations: retiring, earliestRetirements: earliest, asOf }));
  files.push(...renderBadges(details));
  files.push({ path: OPENAPI_FILE, schema: null, body: openApiDocument({ siteUrl: config.siteUrl, serviceIds: dataset.services.map((s) => s.id), authors }) });

  for (const [name, error] of errorFiles(docs, basePath)) files.push({ path: `${API_ROOT}/errors/${name}.json`, schema: 'error', body: { error } });

  const schemas = apiSchemas(config.siteUrl);
  for (const name of API_SCHEMA_NAMES) files.push({ path: `${API_ROOT}/schemas/${name}.json`, schema: null, body: schemas[name] });
  return files;
}
