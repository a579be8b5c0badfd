/**
 * LiteLLM's per-size image prices (pure): keys such as `standard/1024-x-1792/dall-e-3` or
 * `hd/1024-x-1024/dall-e-3` price one image of that size and quality of the model `dall-e-3`.
 * They are not models: each becomes a unit price of its base record (`{ unit: "image", kind:
 * "output_image", usd, size, quality }`), so `dall-e-3` is priced per image by size and quality
 * as OpenAI bills it. A per-pixel price is multiplied out and kept to a tenth of a cent (LiteLLM
 * derives it from the makers' per-image prices: `3.81469e-8` × 1024 × 1024 is $0.04). Keys with
 * step counts (`1024-x-1024/50-steps/…`) and sizes whose base key LiteLLM does not have stay as
 * they are.
 */
import { roundPrice } from '../../models/price.js';
import { MAX_PLAUSIBLE_UNIT_PRICE, type UnitPrice } from '../../models/unit-prices.js';
import type { LiteLlmRecord } from './schema.js';

const QUALITIES = ['standard', 'hd', 'low', 'medium', 'high', 'auto'];
const SIZE = /^(\d{2,5})-x-(\d{2,5})$/;

export interface SizedKey {
  /** The key of the model the price is for (`dall-e-3`, `azure/dall-e-3`). */
  base: string;
  width: number;
  height: number;
  quality: string | null;
}

/** The base key, size and quality a per-size key prices, or null for any other key. */
export function sizedKey(key: string): SizedKey | null {
  const segments = key.split('/');
  const at = segments.findIndex((s) => SIZE.test(s));
  if (at === -1 || at === segments.length - 1 || /steps$/.test(segments[at + 1]!)) return null;
  const [, w, h] = SIZE.exec(segments[at]!)!;
  const quality = at > 0 && QUALITIES.includes(segments[at - 1]!) ? segments[at - 1]! : null;
  const base = [...segments.slice(0, quality === null ? at : at - 1), ...segments.slice(at + 1)].join('/');
  return { base, width: Number(w), height: Number(h), quality };
}

const positive = (v: unknown): number | null => (typeof v === 'number' && Number.isFinite(v) && v > 0 ? v : null);

/** What one image of the key's size costs: its per-image price, else its per-pixel price multiplied out; null when neither. */
export function perImage(sized: SizedKey, record: LiteLlmRecord): number | null {
  const pixel = positive(record.input_cost_per_pixel) ?? positive(record.output_cost_per_pixel);
  const usd = pixel !== null ? Math.round(pixel * sized.width * sized.height * 1000) / 1000 : (positive(record.input_cost_per_image) ?? positive(record.output_cost_per_image));
  return usd === null || usd === 0 || usd > MAX_PLAUSIBLE_UNIT_PRICE ? null : roundPrice(usd);
}

/**
 * The records without their per-size keys whose base LiteLLM has, and each base's per-image
 * prices by size and quality (sorted by quality, then size).
 */
export function foldImageSizes(records: ReadonlyArray<{ key: string; record: LiteLlmRecord }>): { records: Array<{ key: string; record: LiteLlmRecord }>; sizes: Map<string, UnitPrice[]> } {
  const keys = new Set(records.map((r) => r.key));
  const sizes = new Map<string, UnitPrice[]>();
  const kept: Array<{ key: string; record: LiteLlmRecord }> = [];
  for (const entry of records) {
    const sized = sizedKey(entry.key);
    if (sized === null || !keys.has(sized.base)) {
      kept.push(entry);
      continue;
    }
    const usd = perImage(sized, entry.record);
    if (usd === null) continue;
    const price: UnitPrice = { unit: 'image', kind: 'output_image', usd, size: `${sized.width}x${sized.height}`, ...(sized.quality === null ? {} : { quality: sized.quality }) };
    sizes.set(sized.base, [...(sizes.get(sized.base) ?? []), price]);
  }
  const order = (p: UnitPrice) => `${p.quality ?? ''}\u0000${p.size!.padStart(11, '0')}`;
  for (const list of sizes.values()) list.sort((a, b) => (order(a) < order(b) ? -1 : order(a) > order(b) ? 1 : 0));
  return { records: kept, sizes };
}
