/**
 * Bulk exports for analysts, under /api/v1/export/ (CSV as render/csv.ts writes it). Pure: the
 * models of /api/v1/models and the published model details in, three files out, whose bytes
 * depend on nothing else (no times of their own), so they change only when what they say does.
 * - models.csv: one row per model of /api/v1/models, in its order;
 * - offers.csv: every offer of every model with a detail file (delisted ones included), in the
 *   detail's order (cheapest first);
 * - price-history.csv: every point of every model's price history, then of each offer's where the
 *   data has one, oldest first.
 * Fields newer data adds to an offer (`price_tiers`, `prices_checked`, `time_window`,
 * `price_history`) or a model (`lifecycle`, `status`) are read where present and empty otherwise.
 * The exports hold the catalog, not the figures of every check: an offer's 1-day uptime, which
 * moves with every endpoint refresh, stays in the model detail. models.csv carries each model's
 * state and the speed the models list shows (the day's first read: docs/api.md, "Model status"),
 * so it also changes when a state does and once a day with the speeds.
 */
import { blendedPrice } from '../models/price.js';
import type { ApiOffer, ApiPrice, EntryStatus, ModelDetail, ModelEntry } from '../types/api-types.js';
import { toCsv, type CsvColumn } from './csv.js';
import type { RenderedText } from './rendered.js';

export const EXPORT_DIR = 'api/v1/export';
export const EXPORT_FILES = ['models.csv', 'offers.csv', 'price-history.csv'] as const;
export type ExportFile = (typeof EXPORT_FILES)[number];

type Tier = Partial<ApiPrice> & { min_prompt_tokens: number };
type HistoryPoint = Partial<ApiPrice> & { at: string; source?: unknown };
/** An offer as newer data may publish it. */
type Offer = ApiOffer & { price_tiers?: Tier[] | null; prices_checked?: string | null; time_window?: { start: string; end: string } | null; price_history?: HistoryPoint[] };
type Entry = ModelEntry & { status?: EntryStatus };

const text = (value: unknown): string | null => (typeof value === 'string' ? value : null);
const num = (value: unknown): number | null => (typeof value === 'number' && Number.isFinite(value) ? value : null);
/** Tiers as one JSON field: `[{"min_prompt_tokens":200000,"input":6,…}]`; empty when unknown. */
const tiersField = (tiers: readonly Tier[] | null | undefined): string | null => (Array.isArray(tiers) ? JSON.stringify(tiers.map(({ min_prompt_tokens, input = null, output = null, cache_read = null, cache_write = null }) => ({ min_prompt_tokens, input, output, cache_read, cache_write }))) : null);

const priceColumns = <T>(price: (row: T) => Partial<ApiPrice>, what: string): Array<CsvColumn<T>> => [
  { name: 'input', description: `${what} input price, USD per 1M tokens`, value: (r) => num(price(r).input) },
  { name: 'output', description: `${what} output price, USD per 1M tokens`, value: (r) => num(price(r).output) },
  { name: 'blended', description: `${what} blended price, (3 × input + output) / 4`, value: (r) => num(price(r).blended) },
  { name: 'cache_read', description: `${what} cache-read price, USD per 1M tokens`, value: (r) => num(price(r).cache_read) },
  { name: 'cache_write', description: `${what} cache-write price, USD per 1M tokens`, value: (r) => num(price(r).cache_write) },
];

type ModelRow = { entry: Entry; detail: ModelDetail | undefined };

export const MODEL_COLUMNS: Array<CsvColumn<ModelRow>> = [
  { name: 'id', description: 'model id (<author>/<slug>)', value: (r) => r.entry.id },
  { name: 'name', description: 'display name', value: (r) => r.entry.name },
  { name: 'author', description: 'author (maker) id', value: (r) => r.entry.author },
  ...priceColumns<ModelRow>((r) => r.entry.price, 'headline'),
  { name: 'price_tiers', description: 'the headline price\'s long-context tiers as JSON (each applies above min_prompt_tokens); [] for none', value: (r) => tiersField(r.detail?.price_tiers) },
  { name: 'context_length', description: 'context window, tokens', value: (r) => r.entry.context_length },
  { name: 'max_output', description: 'largest output, tokens', value: (r) => r.entry.max_output },
  { name: 'vision', description: 'takes images', value: (r) => r.entry.capabilities.vision },
  { name: 'reasoning', description: 'a reasoning model', value: (r) => r.entry.capabilities.reasoning },
  { name: 'tools', description: 'tool calling', value: (r) => r.entry.capabilities.tools },
  { name: 'intelligence_index', description: 'Artificial Analysis intelligence index, 0-100', value: (r) => r.entry.benchmarks.intelligence_index },
  { name: 'coding_index', description: 'Artificial Analysis coding index, 0-100', value: (r) => r.entry.benchmarks.coding_index },
  { name: 'math_index', description: 'Artificial Analysis math index, 0-100', value: (r) => r.entry.benchmarks.math_index },
  { name: 'retirement_date', description: 'the maker\'s retirement date (YYYY-MM-DD)', value: (r) => r.entry.retirement_date },
  { name: 'lifecycle_status', description: 'the maker\'s lifecycle status where known (active, legacy, deprecated, retired)', value: (r) => r.entry.lifecycle?.status ?? null },
  { name: 'lifecycle_not_before', description: 'an active model\'s tentative earliest retirement date (YYYY-MM-DD): not before it', value: (r) => r.entry.lifecycle?.not_before ?? null },
  { name: 'has_free_variant', description: 'a free, rate-limited variant exists', value: (r) => r.entry.has_free_variant },
  { name: 'cheapest_offer_provider', description: 'provider of the cheapest paid standard offer', value: (r) => r.entry.cheapest_offer?.provider ?? null },
  { name: 'cheapest_offer_source', description: 'where that offer\'s price comes from', value: (r) => r.entry.cheapest_offer?.source ?? null },
  // Issue 35 (catalog): what the model is for, and its prices not per text token.
  { name: 'type', description: 'what the model is for: chat, completion, embedding, image, audio, realtime, rerank, moderation, video or other', value: (r) => r.entry.type ?? null },
  { name: 'input_modalities', description: 'what it reads (text, image, audio, video, file), separated by spaces', value: (r) => r.entry.modalities?.input.join(' ') ?? null },
  { name: 'output_modalities', description: 'what it writes, separated by spaces', value: (r) => r.entry.modalities?.output.join(' ') ?? null },
  { name: 'unit_prices', description: 'prices not per text token as JSON ([{unit, kind, usd, source}]: USD per unit); [] for none', value: (r) => JSON.stringify(r.entry.unit_prices ?? []) },
  { name: 'on_sale', description: 'on sale now (OpenRouter lists it, or its maker lists it as active); false for a model only a price list carries', value: (r) => r.entry.on_sale ?? null },
  // Issue 39: the model's state and speed, as the models list shows them.
  { name: 'state', description: 'operational, degraded, outage or unknown, as of the last status run', value: (r) => r.entry.status?.state ?? null },
  { name: 'throughput_tps', description: "output tokens a second: OpenRouter's fastest endpoint's p50 (the day's first read), else Artificial Analysis' median", value: (r) => r.entry.status?.throughput_tps ?? null },
  { name: 'latency_ms', description: 'time to the first token, milliseconds, from the same source', value: (r) => r.entry.status?.latency_ms ?? null },
  { name: 'speed_source', description: 'openrouter or artificialanalysis: where the two speed figures come from', value: (r) => r.entry.status?.speed_source ?? null },
];

type OfferRow = { model: ModelDetail; offer: Offer };

export const OFFER_COLUMNS: Array<CsvColumn<OfferRow>> = [
  { name: 'model_id', description: 'model id', value: (r) => r.model.id },
  { name: 'provider', description: 'provider id (one per provider across sources)', value: (r) => r.offer.provider },
  { name: 'provider_name', description: 'provider for people', value: (r) => r.offer.provider_name },
  { name: 'source', description: 'where the price comes from (openrouter, litellm, modelsdev, genai-prices)', value: (r) => r.offer.source },
  { name: 'source_key', description: 'the source\'s own key for the offer', value: (r) => r.offer.source_key },
  { name: 'tag', description: 'OpenRouter\'s endpoint tag, for its endpoints', value: (r) => r.offer.tag },
  { name: 'kind', description: 'standard, regional, data_zone, provisioned, batch, fine_tune or time_window', value: (r) => r.offer.kind },
  { name: 'region', description: 'where the price holds (a region or data zone)', value: (r) => r.offer.region },
  { name: 'first_party', description: 'sold by the model\'s own author', value: (r) => r.offer.first_party },
  { name: 'free', description: 'a free, rate-limited variant', value: (r) => r.offer.free },
  ...priceColumns<OfferRow>((r) => r.offer.price, 'the offer\'s'),
  { name: 'price_tiers', description: 'the offer\'s long-context tiers as JSON; empty when not known', value: (r) => tiersField(r.offer.price_tiers) },
  { name: 'context_length', description: 'context window, tokens', value: (r) => r.offer.context_length },
  { name: 'max_output', description: 'largest output, tokens', value: (r) => r.offer.max_output },
  { name: 'quantization', description: 'weights precision, where the provider says', value: (r) => r.offer.quantization },
  { name: 'retirement_date', description: 'when this provider retires its copy', value: (r) => r.offer.retirement_date },
  { name: 'prices_checked', description: 'when the source last checked the price (genai-prices)', value: (r) => text(r.offer.prices_checked) },
  { name: 'time_window_start', description: 'a time-window offer: from (HH:MM UTC)', value: (r) => text(r.offer.time_window?.start) },
  { name: 'time_window_end', description: 'a time-window offer: until (HH:MM UTC)', value: (r) => text(r.offer.time_window?.end) },
];

type HistoryRow = { model: ModelDetail; offer: Offer | null; point: HistoryPoint };

export const HISTORY_COLUMNS: Array<CsvColumn<HistoryRow>> = [
  { name: 'model_id', description: 'model id', value: (r) => r.model.id },
  { name: 'level', description: 'model (the headline price) or offer', value: (r) => (r.offer === null ? 'model' : 'offer') },
  { name: 'provider', description: 'offer rows: the provider id', value: (r) => r.offer?.provider ?? null },
  { name: 'source', description: 'offer rows: the offer\'s source; model rows: where the point came from, where the data says', value: (r) => r.offer?.source ?? text(r.point.source) },
  { name: 'source_key', description: 'offer rows: the source\'s key', value: (r) => r.offer?.source_key ?? null },
  { name: 'at', description: 'from when the prices held (ISO 8601 UTC)', value: (r) => r.point.at },
  ...priceColumns<HistoryRow>((r) => ({ ...r.point, blended: num(r.point.blended) ?? blendedPrice({ input: num(r.point.input), output: num(r.point.output) }) }), 'the'),
];

export const EXPORT_COLUMNS: Record<ExportFile, ReadonlyArray<Pick<CsvColumn<never>, 'name' | 'description'>>> = {
  'models.csv': MODEL_COLUMNS,
  'offers.csv': OFFER_COLUMNS,
  'price-history.csv': HISTORY_COLUMNS,
};

function* historyRows(details: readonly ModelDetail[]): Generator<HistoryRow> {
  for (const model of details) {
    for (const point of model.price_history) yield { model, offer: null, point };
    for (const offer of model.endpoints as Offer[]) for (const point of Array.isArray(offer.price_history) ? offer.price_history : []) yield { model, offer, point };
  }
}

/** The three files: `entries` as /api/v1/models lists them, `details` every published model detail. */
export function renderExports(entries: readonly ModelEntry[], details: ReadonlyMap<string, ModelDetail>): RenderedText[] {
  const sorted = [...details.values()].sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  const files: Record<ExportFile, string> = {
    'models.csv': toCsv(MODEL_COLUMNS, entries.map((entry) => ({ entry, detail: details.get(entry.id) }))),
    'offers.csv': toCsv(OFFER_COLUMNS, sorted.flatMap((model) => (model.endpoints as Offer[]).map((offer) => ({ model, offer })))),
    'price-history.csv': toCsv(HISTORY_COLUMNS, historyRows(sorted)),
  };
  return EXPORT_FILES.map((name) => ({ path: `${EXPORT_DIR}/${name}`, text: files[name] }));
}
