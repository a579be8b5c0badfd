/**
 * Test fixtures for the witness rule (shared by its tests): prices and stored sightings as
 * data/price-history/<source>.json holds them (offer-history.ts points), and a price source's
 * direct offer of one model built from such a history.
 */
import type { DirectOffer } from '../direct-offers.js';
import type { OfferPoint, TokenPrices } from '../types.js';

export const p = (input: number, output: number, cache_read: number | null = null): TokenPrices => ({ input, output, cache_read, cache_write: null });
export const point = (at: string, price: TokenPrices, extra: Partial<OfferPoint> = {}): OfferPoint => ({ at: `${at}T00:00:00Z`, ...price, ...extra });

/** A first-party offer at its history's last price; its provider the key's first segment, else `openai`. */
export function offer(source: DirectOffer['source'], key: string, history: OfferPoint[], extra: Partial<DirectOffer> = {}): DirectOffer {
  const last = history.at(-1)!;
  return {
    source,
    provider: key.includes('/') ? key.split('/')[0]! : 'openai',
    source_key: key,
    first_party: true,
    price: { input: last.input, output: last.output, cache_read: last.cache_read, cache_write: last.cache_write },
    price_tiers: [],
    context_length: null,
    max_output: null,
    retirement_date: null,
    prices_checked: null,
    price_history: history,
    source_date: null,
    upcoming: [],
    time_window: null,
    ...extra,
  };
}
