/**
 * The secondary sources of the simulated world, in their own formats (LiteLLM's price file,
 * models.dev's api.json), rebuilt from the facts data/ stores: the simulated refresh reads the
 * real site's facts (thousands of records, megabytes a read) through the real facts stage. Their
 * records stay as recorded during the replay (the recorded change rates are OpenRouter's). Pure.
 */
import type { FactsFile } from '../store/facts-store.js';
import type { PriceTier, TokenPrices } from '../models/types.js';

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
