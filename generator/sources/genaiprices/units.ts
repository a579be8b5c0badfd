/**
 * genai-prices' prices that are not per text token (`input_audio_mtok`, `output_audio_mtok`,
 * `cache_audio_read_mtok`, `requests_kcount`) as unit prices, and the input-only price of an
 * embedding (an `input_mtok` without an `output_mtok`). Read from the price set in force when the
 * file was read; a bad value is an issue, never a published price. Pure.
 */
import { readUnitPrice, type UnitPrice } from '../../models/unit-prices.js';
import type { PriceKind, PriceUnit } from '../facts.js';
import type { ProviderRecord } from './parse.js';

export const UNIT_PRICE_FIELDS: ReadonlyArray<{ field: string; unit: PriceUnit; kind: PriceKind }> = [
  { field: 'input_audio_mtok', unit: '1m_tokens', kind: 'input_audio' },
  { field: 'output_audio_mtok', unit: '1m_tokens', kind: 'output_audio' },
  { field: 'cache_audio_read_mtok', unit: '1m_tokens', kind: 'cache_read_audio' },
  { field: 'requests_kcount', unit: '1k_requests', kind: 'request' },
];

type PriceSet = Record<string, unknown>;

/** The price set in force on `now`: the flat one, else the last dated one started by then (time-of-day windows aside). */
function setInForce(model: ProviderRecord['model'], now: string): PriceSet {
  if (!Array.isArray(model.prices)) return model.prices as PriceSet;
  const day = now.slice(0, 10);
  const standing = model.prices.filter((c) => c.constraint === undefined || ('start_date' in c.constraint && c.constraint.start_date <= day));
  return (standing.at(-1)?.prices ?? {}) as PriceSet;
}

export function readUnitPrices(model: ProviderRecord['model'], now: string, report: (reason: string) => void): { unit_prices: UnitPrice[]; input_only_price: number | null } {
  const set = setInForce(model, now);
  const unit_prices: UnitPrice[] = [];
  for (const { field, unit, kind } of UNIT_PRICE_FIELDS) {
    const reading = readUnitPrice(set[field], unit, kind, `prices.${field}`);
    if (reading.problem !== null) report(reading.problem);
    if (reading.price !== null) unit_prices.push(reading.price);
  }
  const input = readUnitPrice(set.input_mtok, '1m_tokens', 'input_text', 'prices.input_mtok');
  const inputOnly = set.output_mtok === undefined && input.price !== null ? input.price.usd : null;
  return { unit_prices, input_only_price: inputOnly };
}
