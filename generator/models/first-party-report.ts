/**
 * Where the makers' own prices (genai-prices, checked by people) and an aggregator disagree on a
 * maker's offer (pure). genai-prices stands for that offer (render/offers.ts); `update` reports
 * the other side here (data/reports/disagreements.json, `first_party`, and the run summary).
 * Prices are compared at the documented precision, so conversion noise is no disagreement.
 */
import { offerPlace, providerId } from '../sources/providers.js';
import { contributeFacts, type FactsByModel } from './facts-merge.js';
import { samePriceAtPrecision } from './price.js';
import type { ModelRecord } from './types.js';

export interface FirstPartyDisagreement {
  model_id: string;
  provider: string;
  field: 'input' | 'output';
  /** The published word: genai-prices' price in force on the as-of day. */
  published: { source: 'genai-prices'; source_key: string; value: number };
  /** The aggregators' other values: OpenRouter's listed price, its endpoint of the provider, LiteLLM's and models.dev's offers of it. */
  others: Array<{ source: string; source_key: string; value: number }>;
}

export function firstPartyDisagreements(record: ModelRecord, facts: FactsByModel, asOf: string): FirstPartyDisagreement[] {
  if (record.delisted_at !== null) return [];
  const offers = contributeFacts(record, facts, true, asOf).offers;
  const standard = (key: string) => {
    const place = offerPlace(key);
    return place.kind === 'standard' && place.region === null;
  };
  const out: FirstPartyDisagreement[] = [];
  for (const own of offers.filter((o) => o.source === 'genai-prices' && o.first_party && o.time_window === null && standard(o.source_key))) {
    const provider = providerId(own.provider);
    const listed = record.price_history.at(-1);
    const others = [
      ...(listed === undefined ? [] : [{ source: 'openrouter', source_key: record.upstream_id, price: listed }]),
      ...record.endpoints.items.filter((e) => !e.free && !e.tag.includes('/') && providerId(e.tag) === provider).map((e) => ({ source: 'openrouter', source_key: e.tag, price: e.price })),
      ...offers.filter((o) => o.source !== 'genai-prices' && o.time_window === null && providerId(o.provider) === provider && standard(o.source_key)).map((o) => ({ source: o.source, source_key: o.source_key, price: o.price })),
    ];
    for (const field of ['input', 'output'] as const) {
      const value = own.price[field];
      if (value === null) continue;
      const differing = others.filter((o) => o.price[field] !== null && !samePriceAtPrecision(o.price[field], value)).map((o) => ({ source: o.source, source_key: o.source_key, value: o.price[field]! }));
      if (differing.length > 0) out.push({ model_id: record.id, provider, field, published: { source: 'genai-prices', source_key: own.source_key, value }, others: differing });
    }
  }
  return out;
}
