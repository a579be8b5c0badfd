/**
 * The facts stage of `update`: reads the secondary sources (genai-prices, LiteLLM, models.dev, Artificial
 * Analysis when ARTIFICIAL_ANALYSIS_API_KEY is set, and the model makers' own deprecation pages,
 * at most every LIFECYCLE_INTERVAL_HOURS), writes data/facts/<source>.json, and the disagreement
 * report (prices, and retirement dates where the first-party word differs from an aggregator's)
 * for the models the identity rules attach them to. A source that fails, or suddenly lists less
 * than half of what it did, keeps its last good facts.
 */
import { ambiguousNames, nameOwners, type AmbiguousName } from '../sources/api-names.js';
import type { HttpClient } from '../http/client.js';
import { isUpstreamError } from '../http/errors.js';
import { contributeFacts, DEFAULT_DISAGREEMENT_TOLERANCE, findDisagreements, type Disagreement, type FactsByModel } from '../models/facts-merge.js';
import { retirementDisagreement, type RetirementDisagreement } from '../models/retirement-report.js';
import type { OfferDisagreement } from '../models/witness/offers.js';
import { witnessedOffers } from '../render/witnessed-offers.js';
import { DEFAULT_MAX_PRICE_FACTOR } from '../models/merge.js';
import { guardPrice, priceJump, withFields } from '../models/price-guard.js';
import type { TokenPrices } from '../models/types.js';
import { artificialAnalysisConfig, readArtificialAnalysis } from '../sources/artificialanalysis/index.js';
import { isMakerPriceSource, isPriceSource, LIFECYCLE_SOURCES, type FactSource, type FactsObservation, type ModelFacts } from '../sources/facts.js';
import { genaiPricesUrl, readGenaiPrices } from '../sources/genaiprices/index.js';
import { lifecycleUrl, readLifecyclePage } from '../sources/firstparty/index.js';
import { attachAllFacts, makerNames, mapFacts, modelShapes } from '../sources/identity.js';
import { loadIdentity } from '../store/identity-store.js';
import type { AmbiguousMatch } from '../sources/identity-match.js';
import { liteLlmUrl, readLiteLlm } from '../sources/litellm/index.js';
import { modelsDevUrl, readModelsDev } from '../sources/modelsdev/index.js';
import { loadDataset, modelRecordProblem, saveModels, saveSources } from '../store/data-store.js';
import { firstPartyModels, type Unplaced } from '../sources/first-party-models.js';
import { loadFacts, saveFacts, type FactsFile } from '../store/facts-store.js';
import { loadOfferHistories, saveOfferHistory } from '../store/offer-history-store.js';
import { nextOfferHistory } from '../models/offer-history.js';
import { sameJson, stableStringify } from '../text/stable-json.js';
import { writeFileAtomic } from '../store/files.js';
import { asStore, type StoreRef } from '../store/store.js';
import { DATA_FILES } from '../store/layout.js';

/** A source listing less than this share of its previous records is refused as a glitch. */
export const MIN_KEPT_SHARE = 0.5;

/** A read whose records match less than this share of the models the last read matched is held once. */
export const MIN_KEPT_MATCHES = 0.5;
/** Below this many matched models the share says too little to hold anything. */
const MIN_MATCHES_FOR_GUARD = 10;

/** A source renamed most of its keys at once: the previous matches are kept until a second read confirms. */
export class SourceRenamedError extends Error {
  override readonly name = 'SourceRenamedError';
  constructor(readonly matched: number, readonly before: number) {
    super(`its records match ${matched} of the ${before} models the last read matched (keys renamed?); kept the last good facts until the next read confirms`);
  }
}

/** A source suddenly lists far fewer records (a price source: far fewer prices) than before: most likely a glitch, not reality. */
export class SourceShrankError extends Error {
  override readonly name = 'SourceShrankError';
  constructor(readonly listed: number, readonly before: number, what = 'records') {
    super(`lists ${listed} ${what}, less than half of the ${before} it listed before; kept the last good facts`);
  }
}

/** What the shrink guard counts: a price source's prices (records without one price nothing), else its records. */
function shrinkCount(source: FactSource, facts: readonly ModelFacts[]): { count: number; what: string } {
  return isPriceSource(source) ? { count: facts.filter((f) => f.price !== null).length, what: 'prices' } : { count: facts.length, what: 'records' };
}

export interface FactsUpdateOptions {
  /** Where the data is read and written (see store/layout.ts). */
  store: StoreRef;
  now: string;
  http: HttpClient;
  env?: NodeJS.ProcessEnv;
  tolerance?: number;
  /** Accept a source that shrank by more than half (like `--force` for the catalog). */
  force?: boolean;
  /** Read only these sources (default: all that are configured). */
  only?: readonly FactSource[];
  /** A price moving more than this factor since the last read waits for the next read. */
  maxPriceFactor?: number;
  log?: (line: string) => void;
}

export interface FactsSourceReport {
  source: FactSource;
  ok: boolean;
  error: string | null;
  facts: number;
  mapped: number;
  issues: string[];
  /** First-party priced records the identity rules attach to none of our models (the ambiguous ones are listed apart). */
  unmatched?: string[];
}

export interface FactsRunReport {
  source: string;
  ok: boolean;
  error: string | null;
  sources: FactsSourceReport[];
  disagreements: Disagreement[];
  /** Curated identity entries that were skipped (a model not in data/models). */
  warnings: string[];
  /** Records the identity rules could not attach to exactly one model: listed, never guessed. */
  ambiguous: AmbiguousMatch[];
  /** The first-party word on a retirement differs from another source's date: the first-party one is published. */
  retirementDisagreements: RetirementDisagreement[];
  /**
   * Offers whose witnesses (the price sources' records, OpenRouter, the maker's page) disagree on
   * today's price: who said what, and whose word is published (models/witness/freshest.ts).
   */
  offerDisagreements: Array<OfferDisagreement & { model_id: string }>;
  /** API names two models claim (sources/api-names.ts): published as ambiguous, resolvable to neither. */
  ambiguousNames?: AmbiguousName[];
  /**
   * Models the makers' own price lists added (OpenRouter lists none of them), those found part of
   * another model (`superseded`: `<id> → <model>`), their priced records placed on no model, and the
   * duplicate check: new models refused and pairs left to the build (sources/duplicate-models.ts).
   */
  firstPartyModels?: { added: string[]; superseded: string[]; unplaced: Unplaced[]; refused: string[]; duplicates: string[] };
}

/** The makers' pages change a few times a month: reading them every 15 minutes would only cost them and us. */
export const LIFECYCLE_INTERVAL_HOURS = 6;
/** genai-prices' curators change its file a few times a week; its dated prices are judged on the data's day anyway. */
export const GENAI_PRICES_INTERVAL_HOURS = 1;

interface SourceReader {
  source: FactSource;
  read: () => Promise<FactsObservation>;
  /** Read only when the last success is at least this old (unless asked for by name, or forced). */
  intervalHours?: number;
}

function readers(http: HttpClient, env: NodeJS.ProcessEnv, now: string): SourceReader[] {
  const list: SourceReader[] = [
    { source: 'genai-prices', read: () => readGenaiPrices(http, genaiPricesUrl(env), now), intervalHours: GENAI_PRICES_INTERVAL_HOURS },
    { source: 'litellm', read: () => readLiteLlm(http, liteLlmUrl(env)) },
    { source: 'modelsdev', read: () => readModelsDev(http, modelsDevUrl(env)) },
  ];
  const aa = artificialAnalysisConfig(env);
  if (aa !== null) list.push({ source: 'artificialanalysis', read: () => readArtificialAnalysis(http, aa) });
  for (const source of LIFECYCLE_SOURCES) list.push({ source, read: () => readLifecyclePage(http, source, lifecycleUrl(source, env)), intervalHours: LIFECYCLE_INTERVAL_HOURS });
  return list;
}

/** Whether a reader with an interval is due: never read, last read failed, or its last success old enough. */
function isDue(reader: SourceReader, state: { last_success_at: string | null; ok: boolean } | undefined, now: string): boolean {
  if (reader.intervalHours === undefined || state?.last_success_at == null || !state.ok) return true;
  return Date.parse(now) - Date.parse(state.last_success_at) >= reader.intervalHours * 3_600_000;
}

export const DISAGREEMENTS_REPORT = DATA_FILES.disagreements;

/**
 * Pure: a price field that moved more than `factor` since the last read (a per-1K for per-token
 * slip stays under the magnitude ceiling) keeps its previous value until the next read confirms
 * the jump (still beyond the factor, same direction); the other fields follow the read at once.
 */
export function holdJumps(facts: readonly ModelFacts[], last: FactsFile | undefined, factor: number): { facts: ModelFacts[]; pending: Record<string, TokenPrices>; issues: string[] } {
  const before = new Map((last?.facts ?? []).map((f) => [f.source_key, f]));
  const waiting = last?.pending ?? {};
  const pending: Record<string, TokenPrices> = {};
  const issues: string[] = [];
  const out = facts.map((fact) => {
    const previous = before.get(fact.source_key);
    if (fact.price === null || previous?.price == null) return fact;
    const guard = guardPrice(previous.price, fact.price, waiting[fact.source_key], factor);
    if (guard.held.length === 0) return fact;
    pending[fact.source_key] = fact.price;
    issues.push(
      `${fact.source_key}: ${guard.held.join(', ')} moved ${priceJump(previous.price, fact.price).toPrecision(3)}× since the last read; kept the previous value until the next read confirms it`,
    );
    // A held jump keeps the previous read's prices whole: its tiers and its schedule too.
    const { dated_prices: _schedule, ...rest } = fact;
    return { ...rest, price: withFields(fact.price, previous.price, guard.held), price_tiers: previous.price_tiers, ...(previous.dated_prices === undefined ? {} : { dated_prices: previous.dated_prices }) };
  });
  return { facts: out, pending, issues };
}

export async function updateFacts(options: FactsUpdateOptions): Promise<FactsRunReport> {
  const log = options.log ?? (() => undefined);
  const dataset = await loadDataset(options.store);
  const known = new Set(dataset.models.keys());
  const curated = await loadIdentity(options.store, known);
  const ids = [...known].sort();
  const previous = await loadFacts(options.store);
  const histories = await loadOfferHistories(options.store);
  const shapes = modelShapes(dataset.models.values());
  const contextWith = (facts: readonly ModelFacts[]) => ({ models: shapes, ...makerNames([...Object.values(previous).flatMap((f) => f?.facts ?? []), ...facts]) });
  const report: FactsRunReport = { source: 'facts', ok: true, error: null, sources: [], disagreements: [], warnings: [...curated.warnings], ambiguous: [], retirementDisagreements: [], offerDisagreements: [] };

  const selected = readers(options.http, options.env ?? process.env, options.now).filter(
    (r) => (options.only === undefined ? isDue(r, dataset.sources[r.source], options.now) || options.force === true : options.only.includes(r.source)),
  );
  for (const { source, read } of selected) {
    const line: FactsSourceReport = { source, ok: false, error: null, facts: 0, mapped: 0, issues: [] };
    const before = dataset.sources[source];
    try {
      const observation = await read();
      line.facts = observation.facts.length;
      line.issues = observation.issues.map((i) => `${i.source_key}: ${i.reason}`);
      const last = previous[source];
      const [now, then] = [shrinkCount(source, observation.facts), shrinkCount(source, last?.facts ?? [])];
      if (last !== undefined && now.count < then.count * MIN_KEPT_SHARE && !options.force) throw new SourceShrankError(now.count, then.count, now.what);
      const guarded = holdJumps(observation.facts, last, options.maxPriceFactor ?? DEFAULT_MAX_PRICE_FACTOR);
      line.issues.push(...guarded.issues);
      const mapped = mapFacts(guarded.facts, curated.map[source], ids, contextWith(guarded.facts));
      if (last !== undefined && !options.force && last.rename_held_at === undefined) {
        const before = mapFacts(last.facts, curated.map[source], ids, contextWith([])).byModel;
        const kept = [...before.keys()].filter((id) => mapped.byModel.has(id)).length;
        if (before.size >= MIN_MATCHES_FOR_GUARD && kept < before.size * MIN_KEPT_MATCHES) {
          // Held once: the facts stay, marked, and the next read that still looks like this is real.
          await saveFacts(options.store, { ...last, rename_held_at: options.now });
          throw new SourceRenamedError(kept, before.size);
        }
      }
      const sorted = [...guarded.facts].sort((a, b) => (a.source_key < b.source_key ? -1 : a.source_key > b.source_key ? 1 : 0));
      const file: FactsFile = { source, fetched_at: options.now, facts: sorted, ...(Object.keys(guarded.pending).length > 0 ? { pending: guarded.pending } : {}) };
      await saveFacts(options.store, file);
      if (isPriceSource(source) || isMakerPriceSource(source)) {
        // Every price it showed, by its key, before the file's facts replace the last read's (a maker's page: the prices it states).
        const prices = (facts: readonly ModelFacts[]) => (isPriceSource(source) ? facts : facts.map((f) => ({ source_key: f.source_key, price: f.maker_price ?? null })));
        const history = nextOfferHistory(histories[source], source, prices(last?.facts ?? []), last?.fetched_at ?? null, prices(sorted), options.now);
        if (!sameJson(history, histories[source])) await saveOfferHistory(options.store, history);
        histories[source] = history;
      }
      previous[source] = file;
      line.ok = true;
      line.mapped = mapped.byModel.size;
      const attachedKeys = new Set([...mapped.byModel.values()].flat().map((f) => f.source_key));
      const ambiguousKeys = new Set(mapped.ambiguous.map((a) => a.source_key));
      line.unmatched = guarded.facts.filter((f) => f.author !== null && f.price !== null && !attachedKeys.has(f.source_key) && !ambiguousKeys.has(f.source_key)).map((f) => f.source_key);
      dataset.sources[source] = { last_attempt_at: options.now, last_success_at: options.now, ok: true, error: null, items: observation.facts.length };
    } catch (error) {
      if (!isUpstreamError(error) && !(error instanceof SourceShrankError) && !(error instanceof SourceRenamedError)) throw error;
      line.error = isUpstreamError(error) ? error.summary() : error.message;
      dataset.sources[source] = { last_attempt_at: options.now, last_success_at: before?.last_success_at ?? null, ok: false, error: line.error, items: before?.items ?? null };
      report.ok = false;
    }
    log(`${source}: ${line.ok ? `ok — ${line.facts} records, ${line.mapped} models mapped, ${line.issues.length} values held back` : `FAILED — ${line.error}`}`);
    report.sources.push(line);
  }
  await saveSources(options.store, dataset.sources);

  // The makers' models OpenRouter does not list become models of their own (sources/first-party-models.ts).
  // Beside a catalog, never instead of one: before OpenRouter's first read no model is made from the
  // price lists alone (its names would then fight the catalog's own spelling: `claude-3-5-sonnet`, `claude-3.5-sonnet`).
  const catalogRead = [...dataset.models.values()].some((m) => m.origin !== 'first-party');
  const made = catalogRead ? firstPartyModels(previous, curated.map, dataset.models, options.now) : { added: [], updated: [], superseded: [], unplaced: [], refused: [], duplicates: [] };
  const valid = made.added.filter((record) => {
    const problem = modelRecordProblem(record);
    if (problem !== null) report.warnings.push(`first-party model ${record.id} not added: ${problem}`);
    return problem === null;
  });
  const changed = [...valid, ...made.updated.filter((r) => modelRecordProblem(r) === null), ...made.superseded];
  await saveModels(options.store, changed);
  for (const record of changed) dataset.models.set(record.id, record);
  report.firstPartyModels = {
    added: valid.map((r) => r.id),
    superseded: made.superseded.map((r) => `${r.id} → ${r.part_of}`),
    unplaced: made.unplaced,
    // The update refuses the pair and goes on: the new model is not added, an existing pair is published once (render/part-of.ts).
    refused: made.refused.map((e) => e.message),
    duplicates: made.duplicates.map((e) => e.message),
  };
  if (valid.length > 0 || made.superseded.length > 0) log(`first-party models: ${valid.length} added, ${made.superseded.length} part of another model, ${made.unplaced.length} first-party records unplaced`);
  for (const error of [...made.refused, ...made.duplicates]) log(`${error.name}: ${error.message}`);
  const ourIds = [...dataset.models.keys()].sort();

  const tolerance = options.tolerance ?? DEFAULT_DISAGREEMENT_TOLERANCE;
  const attached = attachAllFacts(previous, curated.map, ourIds, dataset.models.values());
  const byModel = attached.byModel;
  report.ambiguous = attached.ambiguous;
  report.ambiguousNames = ambiguousNames(nameOwners(byModel));
  // The data as it stands after this run's reads, for judging each offer's witnesses as the build does.
  const judged = { ...dataset, facts: previous, priceHistories: histories, factsByModel: byModel };
  for (const record of [...dataset.models.values()].sort((a, b) => (a.id < b.id ? -1 : 1))) {
    const facts: FactsByModel = byModel.get(record.id) ?? {};
    report.disagreements.push(...findDisagreements(record, facts, tolerance));
    const retirement = retirementDisagreement(record, facts);
    if (retirement !== null) report.retirementDisagreements.push(retirement);
    if (record.delisted_at !== null) continue;
    const offers = contributeFacts(record, facts, true, options.now, histories).offers;
    report.offerDisagreements.push(...witnessedOffers(judged, record, facts, offers, options.now).disagreements.map((d) => ({ model_id: record.id, ...d })));
  }
  await writeFileAtomic(
    asStore(options.store).path(DISAGREEMENTS_REPORT),
    stableStringify({ generated_at: options.now, tolerance, items: report.disagreements, retirements: report.retirementDisagreements, offers: report.offerDisagreements }),
  );
  if (!report.ok) report.error = report.sources.filter((s) => !s.ok).map((s) => `${s.source}: ${s.error}`).join('; ');
  return report;
}
