/**
 * data/price-history/<source>.json: each price source's offer histories by the source's own key
 * (and the prices a maker's page states, by API name: mistral-deprecations.json),
 * and OpenRouter's endpoint offers' by `<model id> <tag>` (openrouter-endpoints.json)
 * (models/offer-history.ts), kept when a key leaves the source and before any model of ours is
 * named by it, so a model that enters the catalog later joins its offers' earlier prices. One
 * point a line: the files stay small and their diffs readable.
 */
import { join } from 'node:path';
import { ENDPOINTS_HISTORY, type OfferHistoryFile } from '../models/offer-history.js';
import { MAKER_PRICE_SOURCES, PRICE_SOURCES } from '../sources/facts.js';
import { compileValidator, createAjv } from '../validation/ajv.js';
import { isoTime, pricePerM } from '../validation/common-schemas.js';
import { DataFileError, readJsonFile, writeFileAtomic } from './files.js';
import { DATA_FILES } from './layout.js';
import { stableStringifyCompact } from '../text/stable-json.js';
import { asStore, type StoreRef } from './store.js';

/** The files: one per price source and per maker's page that states prices, and OpenRouter's endpoint offers by `<model id> <tag>`. */
export const OFFER_HISTORY_SOURCES = [...PRICE_SOURCES, ...MAKER_PRICE_SOURCES, ENDPOINTS_HISTORY] as const;
export type OfferHistorySource = (typeof OFFER_HISTORY_SOURCES)[number];

const point = {
  type: 'object',
  required: ['at', 'input', 'output', 'cache_read', 'cache_write'],
  additionalProperties: false,
  properties: {
    at: isoTime,
    input: pricePerM,
    output: pricePerM,
    cache_read: pricePerM,
    cache_write: pricePerM,
    source_date: { type: 'string', format: 'date' },
    previous_seen_at: isoTime,
    last_seen_at: isoTime,
  },
} as const;

export const offerHistorySchema = {
  type: 'object',
  required: ['source', 'since', 'offers'],
  additionalProperties: false,
  properties: {
    source: { enum: [...OFFER_HISTORY_SOURCES] },
    since: isoTime,
    offers: { type: 'object', additionalProperties: { type: 'array', minItems: 1, items: point } },
  },
} as const;

const isOfferHistory = compileValidator<OfferHistoryFile>(createAjv(), offerHistorySchema);

function historyPath(ref: StoreRef, source: OfferHistorySource): string {
  return join(asStore(ref).path(DATA_FILES.priceHistory), `${source}.json`);
}

/** Every history file that exists. */
export async function loadOfferHistories(ref: StoreRef): Promise<Partial<Record<OfferHistorySource, OfferHistoryFile>>> {
  const out: Partial<Record<OfferHistorySource, OfferHistoryFile>> = {};
  for (const source of OFFER_HISTORY_SOURCES) {
    const path = historyPath(ref, source);
    const json = await readJsonFile(path, null);
    if (json === null) continue;
    if (!isOfferHistory(json) || json.source !== source) throw new DataFileError(path, `does not match the price history schema: ${isOfferHistory.errors()}`);
    out[source] = json;
  }
  return out;
}

export async function saveOfferHistory(ref: StoreRef, file: OfferHistoryFile): Promise<void> {
  const path = historyPath(ref, file.source as OfferHistorySource);
  if (!isOfferHistory(file as unknown)) throw new DataFileError(path, `would be stored invalid: ${isOfferHistory.errors()}`);
  await writeFileAtomic(path, stableStringifyCompact(file));
}
