/**
 * Two runs that saved the state at once (the second push lost its lease): the loser merges the
 * state that won into its own before saving again, so that no price observation is lost and newer
 * state is never overwritten (docs/operation.md, "Nothing lost"). Per kind of file:
 * - model records: the record of the side whose catalog read is later, with both sides' price
 *   histories merged in time order, and that side's current price at its read's time when the
 *   merged history ends otherwise (a price seen back where it was is an observation too);
 * - facts, each price source's offer histories and the disagreement report: the later read;
 * - per-source freshness, the endpoints rotation: per entry, the later attempt;
 * - status: the history of the side that checked later, plus the incidents only the other side
 *   recorded. The other side's probe sample of that quarter hour is the one thing lost;
 * - deploy records: both sides' deploys; held additions: the later catalog read's;
 * - endpoint statistics: per model, the later attempt; the pace, the slower of the two (a 429
 *   either side saw is not forgotten); model states: the later run's;
 * - content times: the later run's, then recomputed for the merged data by the caller.
 * Pure functions of the two sides; mergeStateDirs does the I/O.
 */
import type { ModelRecord, PricePoint } from '../models/types.js';
import type { PublishState } from '../publish/decide.js';
import { FACT_SOURCES, PRICE_SOURCES } from '../sources/facts.js';
import { loadOfferHistories, saveOfferHistory } from './offer-history-store.js';
import { ENDPOINTS_HISTORY } from '../models/offer-history.js';
import type { ServiceHistory } from '../status/history.js';
import { loadContentState, saveContentState } from './content-store.js';
import {
  loadEndpointsRotation,
  loadModelRecords,
  loadPendingAdditions,
  loadSources,
  saveEndpointsRotation,
  saveModels,
  savePendingAdditions,
  saveSources,
  type EndpointsRotation,
  type SourcesFile,
} from './data-store.js';
import { loadFacts, saveFacts } from './facts-store.js';
import { readJsonFile, writeFileAtomic } from './files.js';
import { DATA_FILES } from './layout.js';
import { loadPublishState, savePublishState } from './publish-store.js';
import { sameJson, stableStringify } from '../text/stable-json.js';
import { loadStatusHistories, saveStatusHistories } from './status-store.js';
import { DataStore } from './store.js';
import { loadModelStates, loadTraffic, saveModelStates, saveTraffic, type TrafficState } from './traffic-store.js';

/** Pure: both sides' endpoint statistics: per model the later attempt, and the slower pace. */
export function mergeTraffic(ours: TrafficState, theirs: TrafficState): TrafficState {
  const models = { ...ours.models };
  for (const [id, entry] of Object.entries(theirs.models)) if (!later(models[id]?.attempted_at, entry.attempted_at)) models[id] = entry;
  const slower = theirs.pace.level > ours.pace.level || (theirs.pace.level === ours.pace.level && later(theirs.pace.resume_at, ours.pace.resume_at)) ? theirs.pace : ours.pace;
  return { pace: slower, models };
}

const later = (a: string | null | undefined, b: string | null | undefined) => (a ?? '') > (b ?? '');
const samePrices = (a: PricePoint, b: PricePoint) => a.input === b.input && a.output === b.output && a.cache_read === b.cache_read && a.cache_write === b.cache_write;

/** Pure: one model as both sides recorded it; `newer` is the side whose catalog read is later (read at `newerReadAt`). */
export function mergeModelRecord(newer: ModelRecord, older: ModelRecord, newerReadAt: string | null): ModelRecord {
  const byTime = new Map<string, PricePoint>();
  for (const point of [...older.price_history, ...newer.price_history]) byTime.set(point.at, point);
  const history: PricePoint[] = [];
  for (const point of [...byTime.values()].sort((a, b) => (a.at < b.at ? -1 : a.at > b.at ? 1 : 0))) {
    if (history.length === 0 || !samePrices(history.at(-1)!, point)) history.push(point);
  }
  const current = newer.price_history.at(-1);
  const last = history.at(-1);
  if (current !== undefined && last !== undefined && !samePrices(current, last) && newerReadAt !== null && newerReadAt > last.at) {
    history.push({ ...current, at: newerReadAt });
  }
  const endpoints = later(older.endpoints.updated_at, newer.endpoints.updated_at) ? older.endpoints : newer.endpoints;
  return { ...newer, price_history: history, endpoints };
}

/** Pure: a service's history, from the side that checked it later, keeping the other's incidents. */
export function mergeServiceHistory(a: ServiceHistory, b: ServiceHistory): ServiceHistory {
  const checked = (h: ServiceHistory) => [h.probe?.checked_at ?? '', h.official.last_attempt_at ?? ''].sort().at(-1)!;
  const [newer, older] = later(checked(a), checked(b)) ? [a, b] : [b, a];
  const known = new Set(newer.incidents.map((i) => i.id));
  const incidents = [...newer.incidents, ...older.incidents.filter((i) => !known.has(i.id))];
  incidents.sort((x, y) => ((y.started_at ?? '') < (x.started_at ?? '') ? -1 : (y.started_at ?? '') > (x.started_at ?? '') ? 1 : 0));
  return { ...newer, incidents };
}

/** Pure: per key, the entry `pick` prefers (theirs on a tie). */
function mergeRecords<T>(ours: Record<string, T>, theirs: Record<string, T>, oursIsNewer: (o: T, t: T) => boolean): Record<string, T> {
  const out: Record<string, T> = { ...ours, ...theirs };
  for (const [key, value] of Object.entries(ours)) if (theirs[key] !== undefined && oursIsNewer(value, theirs[key]!)) out[key] = value;
  return out;
}

export function mergeSources(ours: SourcesFile, theirs: SourcesFile): SourcesFile {
  return mergeRecords(ours, theirs, (o, t) => later(o.last_attempt_at, t.last_attempt_at));
}

export function mergeRotation(ours: EndpointsRotation, theirs: EndpointsRotation): EndpointsRotation {
  return mergeRecords(ours, theirs, (o, t) => later(o.attempted_at, t.attempted_at));
}

export function mergePublish(ours: PublishState, theirs: PublishState): PublishState {
  const deploys = [...new Set([...ours.deploys, ...theirs.deploys])].sort();
  return { last_deploy_at: later(ours.last_deploy_at, theirs.last_deploy_at) ? ours.last_deploy_at : theirs.last_deploy_at, deploys };
}

export interface MergeReport {
  /** Models whose records both sides changed, merged. */
  modelsMerged: number;
  /** Models only the other side had (added by its run). */
  modelsAdded: number;
  servicesMerged: number;
  /** The later of the two runs: the time the merged content times are recorded at. */
  lastRunAt: string | null;
}

/**
 * Merges the state in `theirsDir` (the one that won the push) into `store`'s state directory.
 * Content times are taken from the later run; the caller records them again for the merged data.
 */
export async function mergeStateDirs(store: DataStore, theirsDir: string): Promise<MergeReport> {
  if (store.stateDir === null) throw new Error('merging needs a state directory');
  const theirs = new DataStore(store.dataDir, theirsDir);
  const report: MergeReport = { modelsMerged: 0, modelsAdded: 0, servicesMerged: 0, lastRunAt: null };
  const [oursSources, theirsSources] = [await loadSources(store), await loadSources(theirs)];
  // Whose catalog read is later decides the models' other fields and the held additions.
  const oursRead = oursSources.openrouter?.last_success_at ?? null;
  const theirsRead = theirsSources.openrouter?.last_success_at ?? null;
  const oursNewer = later(oursRead, theirsRead);

  const [oursModels, theirsModels] = [(await loadModelRecords(store)).models, (await loadModelRecords(theirs)).models];
  const mergedModels: ModelRecord[] = [];
  for (const [id, other] of theirsModels) {
    const own = oursModels.get(id);
    if (own === undefined) {
      report.modelsAdded += 1;
      mergedModels.push(other);
      continue;
    }
    const merged = oursNewer ? mergeModelRecord(own, other, oursRead) : mergeModelRecord(other, own, theirsRead);
    if (sameJson(merged, own)) continue;
    report.modelsMerged += 1;
    mergedModels.push(merged);
  }
  await saveModels(store, mergedModels);

  const [oursFacts, theirsFacts] = [await loadFacts(store), await loadFacts(theirs)];
  for (const source of FACT_SOURCES) {
    const other = theirsFacts[source];
    if (other !== undefined && !later(oursFacts[source]?.fetched_at, other.fetched_at)) await saveFacts(store, other);
  }
  // A price source's history goes with its facts, the endpoints' with the catalog: the later read's holds every price the other's did.
  const theirsHistories = await loadOfferHistories(theirs);
  const endpoints = theirsHistories[ENDPOINTS_HISTORY];
  if (endpoints !== undefined && !oursNewer) await saveOfferHistory(store, endpoints);
  for (const source of PRICE_SOURCES) {
    const other = theirsHistories[source];
    if (other !== undefined && !later(oursFacts[source]?.fetched_at, theirsFacts[source]?.fetched_at)) await saveOfferHistory(store, other);
  }
  const disagreements = (s: DataStore) => readJsonFile(s.path(DATA_FILES.disagreements), null) as Promise<{ generated_at?: string } | null>;
  const [oursReport, theirsReport] = [await disagreements(store), await disagreements(theirs)];
  if (theirsReport !== null && !later(oursReport?.generated_at, theirsReport.generated_at)) await writeFileAtomic(store.path(DATA_FILES.disagreements), stableStringify(theirsReport));

  await saveSources(store, mergeSources(oursSources, theirsSources));
  await saveEndpointsRotation(store, mergeRotation(await loadEndpointsRotation(store), await loadEndpointsRotation(theirs)));
  if (!oursNewer) await savePendingAdditions(store, await loadPendingAdditions(theirs), await loadPendingAdditions(store));
  await savePublishState(store, mergePublish(await loadPublishState(store), await loadPublishState(theirs)));

  const [oursStatus, theirsStatus] = [await loadStatusHistories(store), await loadStatusHistories(theirs)];
  const statuses: ServiceHistory[] = [];
  for (const [id, other] of theirsStatus) {
    const own = oursStatus.get(id);
    const merged = own === undefined ? other : mergeServiceHistory(own, other);
    if (own !== undefined && sameJson(merged, own)) continue;
    report.servicesMerged += 1;
    statuses.push(merged);
  }
  await saveStatusHistories(store, statuses);

  await saveTraffic(store, mergeTraffic(await loadTraffic(store), await loadTraffic(theirs)));

  const [oursContent, theirsContent] = [await loadContentState(store), await loadContentState(theirs)];
  const newerContent = later(oursContent.last_run_at, theirsContent.last_run_at) ? oursContent : theirsContent;
  await saveContentState(store, newerContent);
  if (newerContent === theirsContent) await saveModelStates(store, await loadModelStates(theirs), await loadModelStates(store));
  report.lastRunAt = newerContent.last_run_at;
  return report;
}
