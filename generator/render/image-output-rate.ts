/**
 * A price list's one output rate that is a model's image rate (pure; docs/api.md, "Types and unit
 * prices"). genai-prices' copies of 2025-11 to 2026-07 price Gemini 2.5 Flash Image's output at
 * $30 per 1M tokens, which is its image output rate (1,290 tokens an image), while Google bills
 * text output at $2.50 (LiteLLM and OpenRouter state both; genai-prices' later copies too). Output
 * that is text is priced at the text output rate: where a genai-prices offer's output price is the
 * model's image output rate per 1M tokens (its unit price) and another source prices the same
 * provider's offer at the same place with a lower text output rate, that offer stands for the
 * place and genai-prices' record does not.
 */
import type { DirectOffer } from '../models/facts-merge.js';
import { samePriceAtPrecision } from '../models/price.js';
import type { UnitPrice } from '../models/unit-prices.js';
import { offerPlace, providerId } from '../sources/providers.js';

const placeOf = (o: DirectOffer) => {
  const place = offerPlace(o.source_key);
  return `${providerId(o.provider)}\u0000${place.kind}\u0000${place.region ?? ''}`;
};

/** The offers without genai-prices' records whose output rate is the image rate another source contradicts, and those left out. */
export function withoutImageRateOutput(offers: readonly DirectOffer[], unitPrices: readonly UnitPrice[]): { offers: DirectOffer[]; dropped: DirectOffer[] } {
  const imageRate = unitPrices.find((p) => p.kind === 'output_image' && p.unit === '1m_tokens')?.usd;
  if (imageRate === undefined) return { offers: [...offers], dropped: [] };
  const isImageRate = (o: DirectOffer) => o.price.output !== null && samePriceAtPrecision(o.price.output, imageRate);
  const contradicted = new Set(
    offers
      .filter((o) => o.source === 'genai-prices' && o.time_window === null && isImageRate(o))
      .filter((o) => offers.some((x) => x.source !== 'genai-prices' && x.time_window === null && placeOf(x) === placeOf(o) && x.price.output !== null && x.price.output < imageRate && !isImageRate(x)))
      .map((o) => o.source_key),
  );
  const dropped = offers.filter((o) => o.source === 'genai-prices' && contradicted.has(o.source_key));
  return { offers: offers.filter((o) => !dropped.includes(o)), dropped };
}
