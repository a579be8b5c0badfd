/**
 * The secondary sources of the simulated world, in their own formats (LiteLLM's price file,
 * models.dev's api.json), rebuilt from the facts data/ stores: the simulated refresh reads the
 * real site's facts (thousands of records, megabytes a read) through the real facts stage. Their
 * records stay as recorded during the replay (the recorded change rates are OpenRouter's). Pure.
 */
import type { FactsFile } from '../store/facts-store.js';
import type { PriceTier, TokenPrices } from '../models/types.js';
import type { ModelFacts } from '../sources/facts.js';
import { MAKER_BY_PROVIDER } from '../sources/genaiprices/index.js';

const perToken = (perMillion: number | null) => (perMillion === null ? undefined : perMillion / 1e6);

/** LiteLLM's price file with one record per stored fact (prices per token). */
export function liteLlmPayload(facts: FactsFile): Record<string, unknown> {
  const records: Record<string, unknown> = {};
  for (const fact of facts.facts) {
    const record: Record<string, unknown> = { litellm_provider: fact.provider, mode: 'chat' };
    if (fact.price !== null) {
      record.input_cost_per_token = perToken(fact.price.input);
      record.output_cost_per_token = perToken(fact.price.output);
      if (fact.price.cache_read !== null) record.cache_read_input_token_cost = perToken(fact.price.cache_read);
      if (fact.price.cache_write !== null) record.cache_creation_input_token_cost = perToken(fact.price.cache_write);
      for (const tier of fact.price_tiers) {
        const k = `above_${tier.min_prompt_tokens / 1000}k_tokens`;
        record[`input_cost_per_token_${k}`] = perToken(tier.input);
        record[`output_cost_per_token_${k}`] = perToken(tier.output);
      }
    }
    if (fact.context_length !== null) record.max_input_tokens = fact.context_length;
    if (fact.max_output !== null) record.max_output_tokens = fact.max_output;
    if (fact.retirement_date !== null) record.deprecation_date = fact.retirement_date;
    records[fact.source_key] = record;
  }
  return records;
}

function mdCost(price: TokenPrices, tiers: readonly PriceTier[]): Record<string, unknown> {
  const cost: Record<string, unknown> = { input: price.input, output: price.output };
  if (price.cache_read !== null) cost.cache_read = price.cache_read;
  if (price.cache_write !== null) cost.cache_write = price.cache_write;
  if (tiers.length > 0) cost.tiers = tiers.map((t) => ({ input: t.input, output: t.output, tier: { size: t.min_prompt_tokens, type: 'context' } }));
  return cost;
}

/** models.dev's api.json with one model per stored fact (prices per 1M tokens), under its provider. */
export function modelsDevPayload(facts: FactsFile): Record<string, unknown> {
  const providers: Record<string, { id: string; name: string; models: Record<string, unknown> }> = {};
  for (const fact of facts.facts) {
    const provider = fact.provider ?? 'unknown';
    const key = fact.source_key.slice(provider.length + 1);
    const model: Record<string, unknown> = { id: key, name: fact.model_name, limit: { context: fact.context_length ?? 0, output: fact.max_output ?? 0 } };
    if (fact.price !== null) model.cost = mdCost(fact.price, fact.price_tiers);
    if (fact.deprecated) model.status = 'deprecated';
    (providers[provider] ??= { id: provider, name: provider, models: {} }).models[key] = model;
  }
  return providers;
}

/** One genai-prices price set: flat prices, or `{ base, tiers }` where the fact has tiers. */
function gpPrices(price: TokenPrices, tiers: readonly PriceTier[]): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  const fields = { input: 'input_mtok', output: 'output_mtok', cache_read: 'cache_read_mtok', cache_write: 'cache_write_mtok' } as const;
  for (const [ours, theirs] of Object.entries(fields) as Array<[keyof TokenPrices, string]>) {
    if (price[ours] === null) continue;
    const steps = tiers.filter((t) => t[ours] !== null && t[ours] !== price[ours]).map((t) => ({ start: t.min_prompt_tokens, price: t[ours] }));
    out[theirs] = steps.length === 0 ? price[ours] : { base: price[ours], tiers: steps };
  }
  return out;
}

function gpModelOf(fact: ModelFacts, id: string): Record<string, unknown> {
  const dated = fact.dated_prices ?? [];
  const prices =
    dated.length === 0
      ? fact.price === null ? {} : gpPrices(fact.price, fact.price_tiers)
      : dated.flatMap((d) => [
          { ...(d.start_date === null ? {} : { constraint: { start_date: d.start_date } }), prices: gpPrices(d.price, d.price_tiers) },
          ...d.time_windows.map((w) => ({ constraint: { start_time: `${w.start}:00Z`, end_time: `${w.end}:00Z` }, prices: gpPrices(w.price, w.price_tiers) })),
        ]);
  return { id, match: { or: [id, ...(fact.names ?? [])].map((name) => ({ equals: name })) }, ...(fact.context_length === null ? {} : { context_window: fact.context_length }), prices };
}

/**
 * genai-prices' file with one model per stored fact, under the provider its key names. Close to
 * the real file, not equal to it: each maker's `model_match` lists the names it sells itself, so
 * a model another maker's provider resells (Claude on Vertex) reads as first party there.
 */
export function genaiPricesPayload(facts: FactsFile): unknown[] {
  const providers = new Map<string, { id: string; name: string; api_pattern: string; model_match?: unknown; models: unknown[] }>();
  for (const fact of facts.facts) {
    const slash = fact.source_key.indexOf('/');
    const [provider, id] = [fact.source_key.slice(0, slash), fact.source_key.slice(slash + 1)];
    const entry = providers.get(provider) ?? { id: provider, name: provider, api_pattern: provider, models: [] };
    entry.models.push(gpModelOf(fact, id));
    providers.set(provider, entry);
  }
  for (const entry of providers.values()) {
    if (!Object.hasOwn(MAKER_BY_PROVIDER, entry.id)) continue;
    const own = facts.facts.filter((f) => f.source_key.startsWith(`${entry.id}/`) && f.author !== null).map((f) => ({ equals: f.model_name }));
    if (own.length > 0) entry.model_match = { or: own };
  }
  return [...providers.values()];
}
