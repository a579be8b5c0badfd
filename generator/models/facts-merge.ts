/**
 * What the secondary sources add to a model, and where they disagree. Pure.
 *
 * Precedence (README, "Sources and precedence"):
 * - retirement date: a curated override, else the model author's own date (a LiteLLM record sold
 *   by the author itself), else OpenRouter's. A date another provider states (Azure retiring its
 *   copy) is that provider's, listed under `provider_retirements`, never the model's.
 * - benchmarks: Artificial Analysis' own API (when a key is configured) for each index it has,
 *   else OpenRouter's copy of the same indices.
 * - price: OpenRouter's listed price; the author's own price list (LiteLLM, models.dev) is shown
 *   beside it as `direct_prices`, with cache prices and long-context tiers, and any disagreement
 *   beyond the tolerance is reported by `update`.
 */
import { LIFECYCLE_SOURCES, PRICE_SOURCES, type FactSource, type LifecycleSource, type PriceSource, type PriceTier } from '../sources/facts.js';
import { directOffers, type DirectOffer } from './direct-offers.js';
import type { OfferHistoryFile } from './offer-history.js';
import { LIFECYCLE_PAGE_ADDRESSES } from '../sources/firstparty/pages.js';
import type { MatchedFacts } from '../sources/identity.js';
import { makerStatement, type MakerStatement } from './lifecycle.js';
import { BENCHMARK_INDICES, type Benchmarks, type ModelRecord, type TokenPrices } from './types.js';

export const SOURCE_URLS: Record<FactSource, string> = {
  'genai-prices': 'https://github.com/pydantic/genai-prices',
  litellm: 'https://github.com/BerriAI/litellm/blob/main/model_prices_and_context_window.json',
  modelsdev: 'https://models.dev',
  artificialanalysis: 'https://artificialanalysis.ai',
  ...(Object.fromEntries(LIFECYCLE_SOURCES.map((s) => [s, LIFECYCLE_PAGE_ADDRESSES[s].pageUrl])) as Record<LifecycleSource, string>),
};

export type FactsByModel = Partial<Record<FactSource, MatchedFacts[]>>;
export type { DirectOffer };

export interface DirectPrice {
  source: FactSource;
  provider: string;
  source_key: string;
  price: TokenPrices;
  tiers: PriceTier[];
  /** The source marks this offer deprecated (models.dev `status: deprecated`, or a LiteLLM date). */
  deprecated: boolean;
}

export interface ProviderRetirement {
  source: FactSource;
  provider: string;
  source_key: string;
  date: string;
  source_url: string;
}

export interface FactsContribution {
  benchmarks: Benchmarks;
  /** Which indices came from Artificial Analysis' own API. */
  benchmarksFromAa: boolean;
  /**
   * The author's own word on the retirement date, when a source states one: the maker's
   * deprecation page (a null `date` when it lists the model without one), else LiteLLM's record
   * of the author's own API. Null: no first-party word, OpenRouter's date stands.
   */
  authorRetirement: { date: string | null; source: FactSource; source_url: string; source_key: string } | null;
  /** What the maker's deprecation page says about the model, when it lists it. */
  maker: MakerStatement | null;
  providerRetirements: ProviderRetirement[];
  directPrices: DirectPrice[];
  /** Every priced offer the price sources list for the model, first-party or not, on the as-of day. */
  offers: DirectOffer[];
}

/**
 * `aaLeads`: Artificial Analysis' own facts are fresh, so they replace OpenRouter's copy of each
 * index; otherwise they only fill indices OpenRouter does not have.
 */
export function contributeFacts(record: ModelRecord, facts: FactsByModel, aaLeads = true, asOf: string | null = null, histories: Partial<Record<PriceSource, OfferHistoryFile>> = {}): FactsContribution {
  const aa = facts.artificialanalysis?.[0];
  const benchmarks: Benchmarks = { ...record.benchmarks };
  let fromAa = false;
  for (const index of BENCHMARK_INDICES) {
    const value = aa?.benchmarks[index];
    if (value !== undefined && value !== null && (aaLeads || benchmarks[index] === null)) {
      benchmarks[index] = value;
      // Provenance names the source of the intelligence index, the one queries filter on.
      if (index === 'intelligence_index') fromAa = true;
    }
  }
  const priced = PRICE_SOURCES.flatMap((source) => facts[source] ?? []);
  const maker = makerStatement(LIFECYCLE_SOURCES.flatMap((source) => facts[source] ?? []));
  const offers = directOffers(priced, asOf, histories);
  const deprecated = new Set(priced.filter((f) => f.deprecated).map((f) => `${f.source}\u0000${f.source_key}`));
  const directPrices = offers
    .filter((o): o is DirectOffer & { source: PriceSource } => o.first_party && o.time_window === null && o.source !== 'maker')
    .map((o) => ({ source: o.source, provider: o.provider, source_key: o.source_key, price: o.price, tiers: o.price_tiers, deprecated: deprecated.has(`${o.source}\u0000${o.source_key}`) }));
  const dated = priced.filter((f): f is MatchedFacts & { retirement_date: string; provider: string } => f.retirement_date !== null && f.provider !== null);
  // The model's own date: a first-party record the identity rules allow to set it, earliest first.
  const own = dated.filter((f) => f.match.sets_model_retirement).sort((a, b) => (a.retirement_date < b.retirement_date ? -1 : 1))[0];
  return {
    benchmarks,
    benchmarksFromAa: fromAa,
    authorRetirement:
      maker !== null
        ? { date: maker.retirement_date, source: maker.source, source_url: maker.source_url, source_key: maker.source_key }
        : own === undefined
          ? null
          : { date: own.retirement_date, source: own.source, source_url: SOURCE_URLS[own.source], source_key: own.source_key },
    maker,
    providerRetirements: dated
      .filter((f) => !f.match.first_party)
      .map((f) => ({ source: f.source, provider: f.provider, source_key: f.source_key, date: f.retirement_date, source_url: SOURCE_URLS[f.source] }))
      .sort((a, b) => (a.date !== b.date ? (a.date < b.date ? -1 : 1) : a.source_key < b.source_key ? -1 : 1)),
    directPrices,
    offers,
  };
}

export const DEFAULT_DISAGREEMENT_TOLERANCE = 1.5;

export interface Disagreement {
  model_id: string;
  field: 'input' | 'output';
  ratio: number;
  values: Array<{ source: 'openrouter' | FactSource; provider: string | null; source_key: string; value: number }>;
}

/**
 * Prices that differ between OpenRouter and the author's own list by more than `tolerance`
 * (as a ratio), with both values: a unit mistake or a stale price on one side.
 */
export function findDisagreements(record: ModelRecord, facts: FactsByModel, tolerance: number): Disagreement[] {
  // Image-output models: sources price image and text tokens differently; not comparable.
  if (record.delisted_at !== null || record.output_modalities.includes('image')) return [];
  type Value = Disagreement['values'][number] & { price: TokenPrices };
  const values: Value[] = [];
  const current = record.price_history.at(-1);
  if (current !== undefined && current.input !== null && current.output !== null) {
    values.push({ source: 'openrouter', provider: null, source_key: record.upstream_id, value: 0, price: current });
  }
  for (const direct of contributeFacts(record, facts).directPrices) {
    values.push({ source: direct.source, provider: direct.provider, source_key: direct.source_key, value: 0, price: direct.price });
  }
  // Every pair of different sources: OpenRouter against each list, and LiteLLM against models.dev.
  const out: Disagreement[] = [];
  for (let i = 0; i < values.length; i += 1) {
    for (let j = i + 1; j < values.length; j += 1) {
      const [a, b] = [values[i]!, values[j]!];
      if (a.source === b.source) continue;
      for (const field of ['input', 'output'] as const) {
        const [x, y] = [a.price[field], b.price[field]];
        if (x === null || y === null || x <= 0 || y <= 0) continue;
        const ratio = Math.max(x / y, y / x);
        if (ratio <= tolerance) continue;
        const strip = ({ price: _price, ...v }: Value, value: number) => ({ ...v, value });
        out.push({ model_id: record.id, field, ratio: Math.round(ratio * 100) / 100, values: [strip(a, x), strip(b, y)] });
      }
    }
  }
  return out;
}
