/**
 * What a model is (pure; docs/api.md, "Types and unit prices"): its `type`, its input and output
 * modalities, and its prices that are not per text token, from its record and the facts attached
 * to it.
 *
 * - type: a first-party model's record states it (its sources' mode); an OpenRouter model is a
 *   chat model unless its output modalities hold no text (Lyria's audio: `audio`; an image-only
 *   model: `image`).
 * - modalities: the record's, those we name (text, image, audio, video, file), sorted.
 * - unit prices: the maker's own (first-party records, genai-prices first, then LiteLLM,
 *   models.dev: the first source that gives any), else what OpenRouter's description states for a
 *   model without a paid token price (unit-prices.ts).
 */
import type { FactsByModel } from './facts-merge.js';
import type { ModelRecord } from './types.js';
import { unitPricesFromDescription, type UnitPrice } from './unit-prices.js';
import { MODALITIES, PRICE_SOURCES, type Modalities, type Modality, type ModelType, type PriceSource } from '../sources/facts.js';

export interface ModelKind {
  type: ModelType;
  modalities: Modalities;
  unit_prices: Array<UnitPrice & { source: 'openrouter' | PriceSource }>;
}

const known = (list: readonly string[]): Modality[] => [...new Set(list.map((m) => (m === 'pdf' ? 'file' : m)).filter((m): m is Modality => (MODALITIES as readonly string[]).includes(m)))].sort();

function typeOf(record: ModelRecord, output: readonly Modality[]): ModelType {
  if (record.type !== undefined) return record.type;
  if (output.length === 0 || output.includes('text')) return 'chat';
  return output.includes('image') ? 'image' : output.includes('audio') ? 'audio' : output.includes('video') ? 'video' : 'other';
}

export function modelKind(record: ModelRecord, facts: FactsByModel): ModelKind {
  const modalities = { input: known(record.input_modalities), output: known(record.output_modalities) };
  let unit_prices: ModelKind['unit_prices'] = [];
  for (const source of PRICE_SOURCES) {
    const own = (facts[source] ?? []).filter((f) => f.match.first_party && (f.unit_prices?.length ?? 0) > 0)[0];
    if (own !== undefined) {
      unit_prices = own.unit_prices!.map((p) => ({ ...p, source }));
      break;
    }
  }
  if (unit_prices.length === 0) {
    const current = record.price_history.at(-1);
    const paid = current !== undefined && current.input !== null && current.output !== null && current.input + current.output > 0;
    if (!paid) unit_prices = unitPricesFromDescription(record.description).map((p) => ({ ...p, source: 'openrouter' as const }));
  }
  return { type: typeOf(record, modalities.output), modalities, unit_prices };
}
