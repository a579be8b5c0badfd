import pLimit from 'p-limit';
import type { HttpClient } from '../http/client.js';
import { isUpstreamError } from '../http/errors.js';
import { DEFAULT_MAX_NEW_SHARE, DelistGuardError, mergeCatalog, type MergeSummary } from '../models/merge.js';
import type { EndpointRecord, ModelRecord } from '../models/types.js';
import { translateEndpoints } from '../sources/openrouter/endpoints.js';
import { fetchCatalogPages, fetchEndpoints } from '../sources/openrouter/fetch.js';
import { parseCatalog, parseEndpoints, SOURCE_ID } from '../sources/openrouter/parse.js';
import { translateCatalog, type CatalogObservation, type TranslateIssue } from '../sources/openrouter/translate.js';
import { boundEndpoints, boundModelText } from '../bounds/models.js';
import { loadDataset, modelRecordProblem, saveEndpointsRotation, saveModels, savePendingAdditions, saveSources, type EndpointsRotation } from '../store/data-store.js';
import { sameJson } from '../text/stable-json.js';
import { ENDPOINTS_HISTORY, nextEndpointHistory, type OfferHistoryFile } from '../models/offer-history.js';
import { saveOfferHistory } from '../store/offer-history-store.js';
import { pickEndpointRefreshes } from './endpoints-rotation.js';
import type { StoreRef } from '../store/store.js';

export interface ModelsUpdateOptions {
  /** Where the data is read and written (see store/layout.ts). */
  store: StoreRef;
  now: string;
  http: HttpClient;
  baseUrl: string;
  maxDelistShare: number;
  maxPriceFactor?: number;
  /** Default DEFAULT_MAX_NEW_SHARE (models/merge.ts). */
  maxNewShare?: number;
  force: boolean;
  endpointsPerRun: number;
  endpointsConcurrency?: number;
  log?: (line: string) => void;
  /** Each endpoints answer read and parsed for a model's offers (its statistics go to the traffic stage). */
  onEndpoints?: (modelId: string, json: unknown) => void;
}

export interface SourceRunReport {
  source: string;
  ok: boolean;
  /** Why the source failed; data/ kept its last good state. */
  error: string | null;
  summary: MergeSummary | null;
  issues: TranslateIssue[];
  warnings: string[];
  endpointsRefreshed: number;
}

/**
 * Refreshes the model catalog from OpenRouter into data/. On any failure (network, bad payload,
 * delist guard) the model files stay untouched and only data/sources.json records the failure.
 */
export async function updateModels(options: ModelsUpdateOptions): Promise<SourceRunReport> {
  const log = options.log ?? (() => undefined);
  const dataset = await loadDataset(options.store);
  const previousState = dataset.sources[SOURCE_ID];
  const report: SourceRunReport = { source: SOURCE_ID, ok: false, error: null, summary: null, issues: [], warnings: [], endpointsRefreshed: 0 };
  for (const rejected of dataset.rejectedModels) report.warnings.push(`${rejected.path} ${rejected.reason}`);
  const lastSeen = previousState?.last_attempt_at ?? null;
  if (lastSeen !== null && options.now < lastSeen) {
    // History must stay in time order; an observation from the past would corrupt it.
    report.error = `observation time ${options.now} is before the last recorded attempt ${lastSeen}; nothing changed`;
    log(`${SOURCE_ID}: REFUSED: ${report.error}`);
    return report;
  }

  let merged;
  try {
    const pages = await fetchCatalogPages(options.http, options.baseUrl);
    const observation = boundObservation(translateCatalog(parseCatalog(pages, `${options.baseUrl}/models`)));
    report.issues = observation.issues;
    merged = mergeCatalog(dataset.models, observation, {
      now: options.now,
      maxDelistShare: options.maxDelistShare,
      maxPriceFactor: options.maxPriceFactor,
      maxNewShare: options.maxNewShare,
      pendingAdditions: dataset.pendingAdditions,
      force: options.force,
      previousReadAt: previousState?.last_success_at ?? null,
    });
    const held = merged.summary.added_held.length;
    if (held > 0) {
      report.warnings.push(
        `growth guard: held ${held} new models (more than ${((options.maxNewShare ?? DEFAULT_MAX_NEW_SHARE) * 100).toFixed(0)}% of the ${[...dataset.models.values()].filter((m) => m.delisted_at === null && m.origin !== 'first-party').length} listed at once); ` +
          'not published; a later run that lists them again adds them, or rerun with --force',
      );
    }
    log(`${SOURCE_ID}: ${observation.models.length} models, ${observation.issues.length} held-back values, ${observation.aliases_skipped} aliases skipped`);
  } catch (error) {
    if (!isUpstreamError(error) && !(error instanceof DelistGuardError)) throw error;
    report.error = isUpstreamError(error) ? error.summary() : error.message;
    dataset.sources[SOURCE_ID] = {
      last_attempt_at: options.now,
      last_success_at: previousState?.last_success_at ?? null,
      ok: false,
      error: report.error,
      items: previousState?.items ?? null,
    };
    await saveSources(options.store, dataset.sources);
    log(`${SOURCE_ID}: FAILED, data kept as it was: ${report.error}`);
    return report;
  }

  const changed = new Set(merged.changed);
  const before = dataset.priceHistories[ENDPOINTS_HISTORY];
  const history = { file: before };
  const refreshed = await refreshEndpoints(options, merged.models, dataset.endpointsChecked, new Set(merged.summary.price_changed), report, history);
  for (const id of refreshed) changed.add(id);

  // A record the store would reject (an upstream value our schema does not allow) is held back
  // alone, keeping its previous state, instead of failing the whole run.
  const toSave = [];
  for (const id of [...changed].sort()) {
    const record = merged.models.get(id)!;
    const problem = modelRecordProblem(record);
    if (problem === null) {
      toSave.push(record);
    } else {
      report.issues.push({ upstream_id: record.upstream_id, id, reason: `record held back, previous data kept: ${problem}` });
    }
  }
  await saveModels(options.store, toSave);
  if (history.file !== undefined && !sameJson(history.file, before)) await saveOfferHistory(options.store, history.file);
  await saveEndpointsRotation(options.store, dataset.endpointsChecked);
  await savePendingAdditions(options.store, merged.pendingAdditions, dataset.pendingAdditions);
  dataset.sources[SOURCE_ID] = {
    last_attempt_at: options.now,
    last_success_at: options.now,
    ok: true,
    error: null,
    items: [...merged.models.values()].filter((m) => m.delisted_at === null && m.origin !== 'first-party').length,
  };
  await saveSources(options.store, dataset.sources);
  report.ok = true;
  report.summary = merged.summary;
  return report;
}

/** Each observed model's text within bounds (bounds/text.ts), each cut reported as an issue of that model. */
function boundObservation(observation: CatalogObservation): CatalogObservation {
  const issues = [...observation.issues];
  const models = observation.models.map((m) => boundModelText(m, (reason) => issues.push({ upstream_id: m.upstream_id, id: m.id, reason })));
  return { ...observation, models, issues };
}

const withoutUptime = (items: readonly EndpointRecord[]) => items.map(({ uptime_1d: _uptime, ...offer }) => offer);

/**
 * Fetches endpoints for a few models; failures are warnings (the catalog is still good). Each
 * list read that changes the offers adds their prices to the endpoints' history (`history.file`).
 */
async function refreshEndpoints(
  options: ModelsUpdateOptions,
  models: Map<string, ModelRecord>,
  checks: EndpointsRotation,
  priceChanged: Set<string>,
  report: SourceRunReport,
  history: { file: OfferHistoryFile | undefined },
): Promise<string[]> {
  const picks = pickEndpointRefreshes(models.values(), checks, priceChanged, options.endpointsPerRun);
  const limit = pLimit(options.endpointsConcurrency ?? 2);
  const changed: string[] = [];
  await Promise.all(
    picks.map((model) =>
      limit(async () => {
        const previous = checks[model.id];
        checks[model.id] = { attempted_at: options.now, succeeded_at: previous?.succeeded_at ?? null };
        try {
          const { json, url } = await fetchEndpoints(options.http, options.baseUrl, model.upstream_id);
          const translated = translateEndpoints(parseEndpoints(json, url, model.upstream_id));
          options.onEndpoints?.(model.id, json);
          translated.issues.forEach((issue) => report.warnings.push(`${model.id} endpoints: ${issue}`));
          const items = boundEndpoints(translated.items, (issue) => report.warnings.push(`${model.id} endpoints: ${issue}`));
          report.endpointsRefreshed += 1;
          checks[model.id] = { attempted_at: options.now, succeeded_at: options.now };
          if (!sameJson(items, model.endpoints.items)) {
            // OpenRouter's rolling 1-day uptime moves on its own between reads: it is stored, but
            // only a change of the offers themselves updates the list (and is worth a deploy).
            const offersChanged = !sameJson(withoutUptime(items), withoutUptime(model.endpoints.items));
            history.file = nextEndpointHistory(history.file, model.id, model.endpoints.items, items, options.now, previous?.succeeded_at ?? null);
            models.set(model.id, { ...model, endpoints: { updated_at: offersChanged ? options.now : model.endpoints.updated_at, items } });
            changed.push(model.id);
          }
        } catch (error) {
          if (!isUpstreamError(error)) throw error;
          report.warnings.push(`${model.id} endpoints not refreshed: ${error.summary()}`);
        }
      }),
    ),
  );
  return changed;
}
