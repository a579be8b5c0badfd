/**
 * What a request costs: one pure implementation, bundled into the browser client (so the
 * website, the package, its CLI and its MCP server all use it) and used by the build. The rules
 * (docs/api.md, "Cost of a token mix"):
 * - `input_tokens` is the whole prompt; fresh input = input − cache reads − cache writes;
 * - a context tier is chosen by the prompt's total tokens, its start exclusive (a tier from
 *   200,000 applies to 200,001 tokens and more), and it sets every rate of the request;
 * - output that is text is priced at the text output rate; image and audio output and audio input
 *   (`output_image_tokens`, `output_audio_tokens`, `input_audio_tokens`, parts of the output and
 *   the fresh input) at the model's unit prices per 1M tokens of that kind (`unit_prices`: the
 *   maker's own, whichever offer prices the text), each a line of its own;
 * - a rate the mix needs (a non-zero count) that is unknown makes `total_usd` null and is named
 *   in `missing`: never a guess, never 0; an offer whose tiers are unknown, for a prompt past a
 *   tier start the model is known to have, misses `price_tiers`;
 * - sums are exact to the micro-dollar (query/exact-usd.ts);
 * - the default is the model's headline price (`price` and `price_tiers`, what every listing
 *   shows); `provider` picks that provider's standard offer: curated first-party prices
 *   (genai-prices) first, then the provider's own price list through LiteLLM and models.dev, then
 *   OpenRouter's endpoint; never a regional, data-zone, provisioned, batch, fine-tune, free or
 *   time-window variant. A provider that does not offer the model is an error, never the headline.
 * - `{ provider, model, at }` with an API name (`gpt-4o-2024-08-06`) prices the offer whose
 *   `api_names` hold it, at its price in force on `at` (query/resolve-offer.ts).
 * Offers are read defensively: fields newer data adds (`price_tiers` and `time_window` on an
 * offer, `kind: "time_window"`, `source: "genai-prices"`) are used where present.
 * No Node.js imports: the browser client bundles this file.
 */
import { compareCheapest, isCheapestCandidate, matchesQuery, type CheapestFields } from './cheapest.js';
import type { CheapestFilters } from './cheapest-filters.js';
import { checkUsage, CostError, CostInputError, MEDIA_PARTS, type CheckedUsage, type MediaPart, type TokenUsage } from './cost-usage.js';
import { decimalOf, microToUsd, sum, times, type Decimal } from './exact-usd.js';
import { canonicalProvider, checkDay } from './api-name-index.js';
import { namedOffer, priceOnDay, type NamedModel, type NamedOffer, type Rates } from './resolve-offer.js';

export { CostError, CostInputError, type TokenUsage } from './cost-usage.js';

export const COST_PARTS = ['input', 'cache_read', 'cache_write', 'output'] as const;
/** The text parts, then the media parts where the usage gives them. */
export type CostPart = (typeof COST_PARTS)[number] | MediaPart;
export { MEDIA_PARTS, type MediaPart } from './cost-usage.js';

/** USD per 1M tokens; null or absent is unknown. */
export type CostRates = Rates;
export type CostTier = CostRates & { min_prompt_tokens: number };

/** The fields of an offer (`endpoints[]` of a model detail) the cost reads (query/resolve-offer.ts). */
export type CostOffer = NamedOffer;

/** The fields of a model detail (`/api/v1/models/<id>`) the cost reads. */
export interface CostModel {
  id: string;
  price: CostRates;
  /** The headline price's context tiers: [] when it has none. */
  price_tiers: CostTier[];
  endpoints?: CostOffer[];
  /** Tiers of the direct offers, where the offer itself does not carry them. */
  direct_prices?: Array<{ source: string; source_key: string; tiers?: CostTier[] }>;
  /** Prices not per text token (`{ unit, kind, usd }`): the media parts read those per 1M tokens. */
  unit_prices?: Array<{ unit?: unknown; kind?: unknown; usd?: unknown; size?: unknown; quality?: unknown }>;
}

export interface CostLine {
  part: CostPart;
  /** The tokens this rate applies to (for `input`: the fresh text input; for `output`: the text output). */
  tokens: number;
  /** USD per 1M tokens, of the tier applied; null when unknown. */
  usd_per_million: number | null;
  /** 0 for no tokens; null when tokens need an unknown rate. */
  cost_usd: number | null;
}

export interface CostEstimate {
  /** Exact to the micro-dollar; null when `missing` is not empty. */
  total_usd: number | null;
  lines: CostLine[];
  /** The context tier applied, or null for the base rates. */
  tier: { min_prompt_tokens: number } | null;
  /** The offer priced: null for the model's headline price. */
  provider: string | null;
  source: string | null;
  /** The rates the mix needs that are unknown (`input`, `cache_read`, `cache_write`, `output`, `input_audio`, `output_image`, `output_audio`, `price_tiers`). */
  missing: string[];
}

/** Asked for a provider the model is not offered by (at a standard price). */
export class ProviderNotOfferedError extends CostError {
  override name = 'ProviderNotOfferedError';
  constructor(readonly model: string, readonly provider: string, readonly offered: string[], message: string) {
    super('not_offered', message);
  }
}

/** Who prices a provider's standard offer best: curated first-party prices, then the provider's own list, then a reseller's. */
export const SOURCE_PRECEDENCE = ['maker', 'genai-prices', 'litellm', 'modelsdev', 'openrouter'] as const;

const precedence = (source: string) => {
  const at = (SOURCE_PRECEDENCE as readonly string[]).indexOf(source);
  return at === -1 ? SOURCE_PRECEDENCE.length : at;
};

/** A provider's standard price: not a variant for a place, a batch, a time of day or free use. */
export function isStandardOffer(offer: CostOffer): boolean {
  return (offer.kind ?? 'standard') === 'standard' && (offer.region ?? null) === null && offer.free !== true && (offer.time_window ?? null) === null;
}

/** An OpenRouter variant endpoint (`fireworks/fast`) after the plain one. */
const isVariantTag = (offer: CostOffer) => typeof offer.tag === 'string' && offer.tag.includes('/');

function compareOffers(a: CostOffer, b: CostOffer): number {
  const bySource = precedence(a.source) - precedence(b.source);
  if (bySource !== 0) return bySource;
  if (isVariantTag(a) !== isVariantTag(b)) return isVariantTag(a) ? 1 : -1;
  const ka = a.source_key ?? '';
  const kb = b.source_key ?? '';
  return ka < kb ? -1 : ka > kb ? 1 : 0;
}

/** The providers with a standard offer of the model, in id order. */
export function offeredProviders(model: Pick<CostModel, 'endpoints'>): string[] {
  return [...new Set((model.endpoints ?? []).filter(isStandardOffer).map((o) => o.provider))].sort();
}

/** The offer `provider`'s price is read from (see SOURCE_PRECEDENCE), or ProviderNotOfferedError. */
export function providerOffer(model: Pick<CostModel, 'id' | 'endpoints'>, provider: string): CostOffer {
  const own = (model.endpoints ?? []).filter((o) => o.provider === provider);
  const offered = offeredProviders(model);
  const list = offered.length === 0 ? 'no provider offer is known' : `offered by ${offered.join(', ')}`;
  if (own.length === 0) throw new ProviderNotOfferedError(model.id, provider, offered, `${model.id} is not offered by ${JSON.stringify(provider)} (${list})`);
  const standard = own.filter(isStandardOffer).sort(compareOffers);
  if (standard.length === 0) {
    const kinds = [...new Set(own.map((o) => (o.free === true ? 'free' : `${o.kind ?? 'standard'}${o.region ? ` (${o.region})` : ''}`)))].join(', ');
    throw new ProviderNotOfferedError(model.id, provider, offered, `${provider} offers ${model.id} only as ${kinds}, never at a standard price (${list})`);
  }
  return standard[0]!;
}

/** The offer's context tiers: its own, else its direct price list's, else null (unknown). */
export function offerTiers(model: Pick<CostModel, 'direct_prices'>, offer: CostOffer): CostTier[] | null {
  if (Array.isArray(offer.price_tiers)) return offer.price_tiers;
  const direct = offer.source_key === undefined ? undefined : model.direct_prices?.find((d) => d.source === offer.source && d.source_key === offer.source_key);
  return Array.isArray(direct?.tiers) ? direct.tiers : null;
}

const known = (rate: unknown): number | null => (typeof rate === 'number' && Number.isFinite(rate) && rate >= 0 ? rate : null);

/** The tier a prompt of `prompt` tokens pays: the one with the highest start below it. */
function tierFor(tiers: readonly CostTier[], prompt: number): CostTier | null {
  let chosen: CostTier | null = null;
  for (const tier of tiers) if (tier.min_prompt_tokens < prompt && (chosen === null || tier.min_prompt_tokens > chosen.min_prompt_tokens)) chosen = tier;
  return chosen;
}

interface Priced {
  rates: CostRates;
  tiers: CostTier[] | null;
  provider: string | null;
  source: string | null;
}

function price(model: CostModel, usage: CheckedUsage, priced: Priced): CostEstimate {
  const tier = priced.tiers === null ? null : tierFor(priced.tiers, usage.prompt);
  // Tiers unknown for a prompt past a start the model is known to have: every rate is unknown.
  const tiersUnknown = priced.tiers === null && tierFor(model.price_tiers, usage.prompt) !== null;
  const rates = tier ?? priced.rates;
  const exact: Decimal[] = [];
  const missing: string[] = [];
  const lines = COST_PARTS.map((part): CostLine => {
    const tokens = usage[part];
    const rate = tiersUnknown ? null : known(rates[part]);
    if (tokens > 0 && rate === null && !tiersUnknown) missing.push(part);
    if (tokens === 0 || rate === null) return { part, tokens, usd_per_million: rate, cost_usd: tokens === 0 ? 0 : null };
    const cost = times(tokens, decimalOf(rate));
    exact.push(cost);
    return { part, tokens, usd_per_million: rate, cost_usd: microToUsd(cost) };
  });
  // Media parts: the model's unit price per 1M tokens of the kind; no tier changes it.
  for (const part of usage.media) {
    const tokens = usage[part];
    const rate = mediaRate(model, part);
    if (tokens > 0 && rate === null) missing.push(part);
    if (tokens === 0 || rate === null) {
      lines.push({ part, tokens, usd_per_million: rate, cost_usd: tokens === 0 ? 0 : null });
      continue;
    }
    const cost = times(tokens, decimalOf(rate));
    exact.push(cost);
    lines.push({ part, tokens, usd_per_million: rate, cost_usd: microToUsd(cost) });
  }
  if (tiersUnknown && COST_PARTS.some((part) => usage[part] > 0)) missing.push('price_tiers');
  return {
    total_usd: missing.length > 0 ? null : microToUsd(sum(exact)),
    lines,
    tier: tier === null ? null : { min_prompt_tokens: tier.min_prompt_tokens },
    provider: priced.provider,
    source: priced.source,
    missing,
  };
}

/** The model's price per 1M tokens of a media part (`output_image`: its `output_image` unit price in `1m_tokens`), or null. */
function mediaRate(model: CostModel, part: MediaPart): number | null {
  const found = (Array.isArray(model.unit_prices) ? model.unit_prices : []).find((p) => p !== null && typeof p === 'object' && p.kind === part && p.unit === '1m_tokens' && p.size === undefined);
  return found === undefined ? null : known(found.usd);
}

/** A model detail (the response's `data`, or the whole response), or a CostError saying what was passed instead. */
function checkModel(model: unknown): CostModel {
  const envelope = model as { data?: unknown; meta?: unknown; id?: unknown } | null;
  const m = (envelope !== null && typeof envelope === 'object' && envelope.id === undefined && typeof envelope.meta === 'object' ? envelope.data : model) as Partial<CostModel> | null;
  if (m === null || typeof m !== 'object' || typeof m.id !== 'string' || typeof m.price !== 'object' || m.price === null) throw new CostError('bad_model', 'estimateCost takes a model detail as /api/v1/models/<id> returns it (its `data`)');
  if (!Array.isArray(m.price_tiers)) throw new CostError('bad_model', `${m.id}: no price_tiers: estimateCost takes the model detail (/api/v1/models/${m.id}), not a list entry`);
  return m as CostModel;
}

const headline = (model: CostModel): Priced => ({ rates: model.price, tiers: model.price_tiers, provider: null, source: null });

function ofProvider(model: CostModel, provider: string): Priced {
  const offer = providerOffer(model, provider);
  return { rates: offer.price, tiers: offerTiers(model, offer), provider: offer.provider, source: offer.source };
}

export interface CostOptions {
  /** Our provider id (`anthropic`, `amazon-bedrock`): that provider's standard offer; default the headline price. */
  provider?: string | null;
  /** An API name at `provider` (`gpt-4o-2024-08-06`): the offer that lists it in `api_names` (query/resolve.ts). */
  model?: string | null;
  /** With `model`: the day (YYYY-MM-DD) whose price counts; default the offer's price now. */
  at?: string | null;
}

/** The offer an API name stands for, at its price on `at`: an older price's tiers are not published (unknown). */
function ofApiName(model: CostModel, provider: string, name: string, at: string | null): Priced {
  const offer = namedOffer(model, canonicalProvider(provider), name);
  const day = at === null ? null : checkDay(at);
  const { current, since: _since, basis: _basis, ...rates } = priceOnDay(model as NamedModel, offer, day, null);
  return { rates, tiers: current ? offerTiers(model, offer) : null, provider: offer.provider, source: offer.source };
}

/** The cost of `usage` on `model` (a model detail), at the headline price or `options.provider`'s. */
export function estimateCost(model: CostModel, usage: TokenUsage, options: CostOptions = {}): CostEstimate {
  const checked = checkModel(model);
  const counts = checkUsage(usage);
  const provider = options.provider ?? null;
  const name = options.model ?? null;
  if (provider === null && name === null) return price(checked, counts, headline(checked));
  if (typeof provider !== 'string' || provider === '') throw new CostInputError('provider', 'must be a provider id such as "anthropic"');
  if (name !== null) {
    if (typeof name !== 'string' || name === '') throw new CostInputError('model', 'must be an API name such as "gpt-4o-2024-08-06"');
    return price(checked, counts, ofApiName(checked, provider, name, options.at ?? null));
  }
  return price(checked, counts, ofProvider(checked, provider));
}

const everyOffer = (model: CostModel, counts: CheckedUsage): CostEstimate[] =>
  [headline(model), ...offeredProviders(model).map((p) => ofProvider(model, p))].map((priced) => price(model, counts, priced));

/** The headline price, then every provider's standard offer (in provider order), each priced. */
export function estimateEveryOffer(model: CostModel, usage: TokenUsage): CostEstimate[] {
  return everyOffer(checkModel(model), checkUsage(usage));
}

function cheapestOf(model: CostModel, counts: CheckedUsage): CostEstimate | null {
  let best: CostEstimate | null = null;
  for (const estimate of everyOffer(model, counts)) {
    if (estimate.total_usd !== null && (best === null || estimate.total_usd < best.total_usd!)) best = estimate;
  }
  return best;
}

/** The cheapest known estimate among the headline and the offers (the first of equals), or null. */
export function cheapestEstimate(model: CostModel, usage: TokenUsage): CostEstimate | null {
  return cheapestOf(checkModel(model), checkUsage(usage));
}

export interface RankedCost<T> {
  model: T;
  /** The model's cheapest known estimate for the mix (its headline or one offer). */
  estimate: CostEstimate & { total_usd: number };
}

/**
 * The models cheapest for `usage`, with `cheapest`'s own filters (query/cheapest.ts: the same
 * candidates as of `asOfDate`, the same conditions, its `limit`): each model at its cheapest known
 * estimate, cheapest first, ties in `cheapest`'s order. A model whose cost for the mix is unknown
 * on every offer takes no part (as a model without a known price takes no part in `cheapest`), nor
 * one whose known context cannot hold the prompt and the output (an unknown context is no reason).
 */
export function rankByCost<T extends CostModel & CheapestFields>(models: readonly T[], usage: TokenUsage, filters: CheapestFilters, asOfDate: string | null): Array<RankedCost<T>> {
  const counts = checkUsage(usage);
  // The cost index carries text rates only: a mix with media parts is priced per model (estimateCost).
  if (counts.media.length > 0) throw new CostInputError(`${counts.media[0]}_tokens`, 'ranking prices text tokens only; price image and audio parts of one model with estimateCost');
  const ranked: Array<RankedCost<T>> = [];
  for (const model of models) {
    if (!isCheapestCandidate(model, asOfDate) || !matchesQuery(model, filters)) continue;
    if (model.context_length !== null && model.context_length < counts.prompt + counts.output) continue;
    const estimate = cheapestOf(checkModel(model), counts);
    if (estimate !== null) ranked.push({ model, estimate: estimate as RankedCost<T>['estimate'] });
  }
  ranked.sort((a, b) => a.estimate.total_usd - b.estimate.total_usd || compareCheapest(a.model, b.model));
  return ranked.slice(0, filters.limit);
}
