/**
 * What ranking by the cost of a token mix needs, for every `cheapest` candidate in one compact
 * file: /api/v1/cost-index.json. Ranking needs each model's offers, and a model detail per model
 * would be hundreds of requests; this file carries only the headline price, each provider's
 * standard offer (the one `estimateCost` would price, query/cost.ts) with its tiers resolved, and
 * what `cheapest`'s filters read. `readCostIndex` turns it back into models that `rankByCost`
 * prices exactly as it prices the model details: a test keeps the two equal.
 * No Node.js imports: the browser client bundles this file.
 */
import type { ApiPrice, ModelDetail } from '../types/api-types.js';
import { isCheapestCandidate, type CheapestFields } from './cheapest.js';
import { offeredProviders, offerTiers, providerOffer, type CostModel, type CostOffer, type CostRates, type CostTier } from './cost.js';

/** Below /api/v1/. */
export const COST_INDEX_FILE = 'cost-index.json';
export const COST_INDEX_FORMAT = 1;

type Rate = number | null;
/** input, output, cache_read, cache_write (USD per 1M tokens). */
export type RatesRow = [Rate, Rate, Rate, Rate];
/** min_prompt_tokens, then the tier's rates. */
export type TierRow = [number, Rate, Rate, Rate, Rate];
/** provider, source, rates, tiers (null: not known). */
export type OfferRow = [string, string, RatesRow, TierRow[] | null];
/** id, [input, output, blended, cache_read, cache_write], headline tiers, intelligence_index, context_length, flags (vision 1, reasoning 2, tools 4), retirement_date, offers. */
export type CostIndexRow = [string, [Rate, Rate, Rate, Rate, Rate], TierRow[], number | null, number | null, number, string | null, OfferRow[]];

export interface CostIndexData {
  format: typeof COST_INDEX_FORMAT;
  models: CostIndexRow[];
}

/** A model as ranking reads it: the cost fields and `cheapest`'s. */
export type CostCandidate = CostModel & CheapestFields & { endpoints: CostOffer[] };

const rates = (p: CostRates): RatesRow => [p.input, p.output, p.cache_read ?? null, p.cache_write ?? null];
const tiers = (list: readonly CostTier[]): TierRow[] => list.map((t) => [t.min_prompt_tokens, ...rates(t)]);

/** Pure: the index of the models that take part in `cheapest` as of `asOfDate`, in id order. */
export function buildCostIndex(models: readonly ModelDetail[], asOfDate: string | null): CostIndexData {
  const rows: CostIndexRow[] = [];
  for (const model of [...models].sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0))) {
    if (model.delisted_at !== null || !isCheapestCandidate(model, asOfDate)) continue;
    const offers = offeredProviders(model).map((provider): OfferRow => {
      const offer = providerOffer(model, provider);
      const known = offerTiers(model, offer);
      return [offer.provider, offer.source, rates(offer.price), known === null ? null : tiers(known)];
    });
    const { input, output, blended, cache_read, cache_write } = model.price;
    const { vision, reasoning, tools } = model.capabilities;
    rows.push([model.id, [input, output, blended, cache_read, cache_write], tiers(model.price_tiers), model.benchmarks.intelligence_index, model.context_length, (vision ? 1 : 0) | (reasoning ? 2 : 0) | (tools ? 4 : 0), model.retirement_date, offers]);
  }
  return { format: COST_INDEX_FORMAT, models: rows };
}

/** The cost index could not be read: another format or a broken row. */
export class CostIndexError extends Error {
  override readonly name = 'CostIndexError';
}

const price = ([input, output, cache_read, cache_write]: RatesRow): Omit<ApiPrice, 'blended'> => ({ input, output, cache_read, cache_write });
const tier = ([min_prompt_tokens, ...r]: TierRow): CostTier => ({ min_prompt_tokens, ...price(r) });

function candidate(row: CostIndexRow): CostCandidate {
  const [id, [input, output, blended, cache_read, cache_write], headlineTiers, intel, context, flags, retirement, offers] = row;
  return {
    id,
    price: { input, output, blended, cache_read, cache_write },
    price_tiers: headlineTiers.map(tier),
    benchmarks: { intelligence_index: intel },
    context_length: context,
    capabilities: { vision: (flags & 1) !== 0, reasoning: (flags & 2) !== 0, tools: (flags & 4) !== 0 },
    retirement_date: retirement,
    endpoints: offers.map(([provider, source, r, t]) => ({ provider, source, kind: 'standard', price: price(r), price_tiers: t === null ? null : t.map(tier) })),
  };
}

/** The models of a cost index (its response's `data`), ready for `rankByCost`. */
export function readCostIndex(data: unknown): CostCandidate[] {
  const index = data as Partial<CostIndexData> | null;
  if (index === null || typeof index !== 'object' || index.format !== COST_INDEX_FORMAT || !Array.isArray(index.models)) {
    throw new CostIndexError(`the cost index has another format (${String(index?.format)})`);
  }
  return index.models.map((row, at) => {
    if (!Array.isArray(row) || row.length !== 8 || typeof row[0] !== 'string' || !Array.isArray(row[1]) || !Array.isArray(row[2]) || !Array.isArray(row[7])) throw new CostIndexError(`the cost index has a broken row (${at})`);
    return candidate(row);
  });
}
