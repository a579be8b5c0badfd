/**
 * data/facts/<source>.json: the last good read of a secondary source (LiteLLM, models.dev,
 * Artificial Analysis, each maker's deprecation page), every record in our units, keyed by the
 * source's own key. Identity
 * (data/identity.json) is applied when the data is loaded, so correcting it takes effect at the
 * next build. A failed or refused read leaves the file as it was.
 *
 * When it was read (`fetched_at`) is the source's last success in sources.json, and is not
 * written into the file: a read that finds the same records rewrites nothing, so neither the
 * state store nor main's snapshot takes a megabyte of unchanged facts for a new timestamp. Files
 * older versions wrote, with their own `fetched_at`, still read.
 */
import { join } from 'node:path';
import type { TokenPrices } from '../models/types.js';
import { FACT_SOURCES, MODALITIES_SCHEMA, MODEL_TYPES, PRICE_KINDS, PRICE_UNITS, type FactSource, type ModelFacts } from '../sources/facts.js';
import { compileValidator, createAjv } from '../validation/ajv.js';
import { benchmarks, IMAGE_QUALITY, IMAGE_SIZE, isoTime, namePatternSchema, nullableDate, nullablePositiveInt, priceTier, tokenPrices } from '../validation/common-schemas.js';
import { DataFileError, readJsonFile, writeFileAtomic } from './files.js';
import { DATA_FILES } from './layout.js';
import { stableStringify } from '../text/stable-json.js';
import { asStore, type StoreRef } from './store.js';

export interface FactsFile {
  source: FactSource;
  fetched_at: string;
  /** Every usable record the source gave, sorted by source key. */
  facts: ModelFacts[];
  /** Prices that jumped too far since the last read, by source key, waiting for confirmation. */
  pending?: Record<string, TokenPrices>;
  /** A read that lost most of these facts' model matches (renamed keys) was held at this time; the next such read is taken as real. */
  rename_held_at?: string;
}

const nullableTokenPrices = { anyOf: [tokenPrices, { type: 'null' }] } as const;
const priceTiers = { type: 'array', items: priceTier(tokenPrices) } as const;
const clockTime = { type: 'string', pattern: '^([01][0-9]|2[0-3]):[0-5][0-9]$' } as const;

/** genai-prices' schedule: each price with the day it starts, and its time-of-day windows. */
const datedPrice = {
  type: 'object',
  required: ['start_date', 'price', 'price_tiers', 'time_windows'],
  additionalProperties: false,
  properties: {
    start_date: nullableDate,
    price: tokenPrices,
    price_tiers: priceTiers,
    time_windows: {
      type: 'array',
      items: { type: 'object', required: ['start', 'end', 'price', 'price_tiers'], additionalProperties: false, properties: { start: clockTime, end: clockTime, price: tokenPrices, price_tiers: priceTiers } },
    },
  },
} as const;

const factSchema = {
  type: 'object',
  required: ['source', 'source_key', 'provider', 'author', 'model_name', 'price', 'price_tiers', 'context_length', 'max_output', 'retirement_date', 'deprecated', 'benchmarks'],
  additionalProperties: false,
  properties: {
    source: { enum: [...FACT_SOURCES] },
    source_key: { type: 'string' },
    provider: { type: ['string', 'null'] },
    author: { type: ['string', 'null'] },
    model_name: { type: 'string' },
    price: nullableTokenPrices,
    price_tiers: priceTiers,
    context_length: nullablePositiveInt,
    max_output: nullablePositiveInt,
    retirement_date: nullableDate,
    deprecated: { type: 'boolean' },
    benchmarks: { ...benchmarks, required: [] },
    lifecycle: {
      type: 'object',
      required: ['source_url', 'announced_at', 'deprecated_at', 'state', 'note', 'replacement', 'replacement_names', 'aliases', 'display_name'],
      additionalProperties: false,
      properties: {
        source_url: { type: 'string', format: 'uri' },
        announced_at: nullableDate,
        deprecated_at: nullableDate,
        state: { type: ['string', 'null'] },
        note: { type: ['string', 'null'] },
        replacement: { type: ['string', 'null'] },
        replacement_names: { type: 'array', items: { type: 'string' } },
        aliases: { type: 'array', items: { type: 'string' } },
        display_name: { type: ['string', 'null'] },
      },
    },
    dated_prices: { type: 'array', minItems: 1, items: datedPrice },
    prices_checked: { type: 'string', format: 'date' },
    names: { type: 'array', items: { type: 'string' } },
    patterns: namePatternSchema(),
    type: { enum: [...MODEL_TYPES] },
    modalities: MODALITIES_SCHEMA,
    unit_prices: {
      type: 'array',
      items: {
        type: 'object',
        required: ['unit', 'kind', 'usd'],
        additionalProperties: false,
        properties: {
          unit: { enum: [...PRICE_UNITS] },
          kind: { enum: [...PRICE_KINDS] },
          usd: { type: 'number', exclusiveMinimum: 0, maximum: 10000 },
          size: IMAGE_SIZE,
          quality: IMAGE_QUALITY,
        },
      },
    },
    input_only_price: { type: 'number', exclusiveMinimum: 0 },
    display_name: { type: 'string', minLength: 1, maxLength: 300 },
    release_date: { type: 'string', format: 'date' },
    maker_price: tokenPrices,
    speed: {
      type: 'object',
      required: ['output_tps', 'ttft_ms'],
      additionalProperties: false,
      properties: { output_tps: { type: ['number', 'null'], minimum: 0 }, ttft_ms: { type: ['number', 'null'], minimum: 0 } },
    },
  },
} as const;

const factsFileSchema = {
  type: 'object',
  required: ['source', 'facts'],
  additionalProperties: false,
  properties: {
    source: { enum: [...FACT_SOURCES] },
    fetched_at: isoTime,
    facts: { type: 'array', items: factSchema },
    pending: { type: 'object', additionalProperties: tokenPrices },
    rename_held_at: isoTime,
  },
} as const;

const isFactsFile = compileValidator<FactsFile>(createAjv(), factsFileSchema);

function factsPath(ref: StoreRef, source: FactSource): string {
  return join(asStore(ref).path(DATA_FILES.facts), `${source}.json`);
}

/** Each source's last success in sources.json (read here as data, not validated: data-store.ts does that). */
async function lastSuccesses(ref: StoreRef): Promise<Partial<Record<string, string>>> {
  const sources = await readJsonFile(asStore(ref).path(DATA_FILES.sources), {}).catch(() => ({}));
  const out: Partial<Record<string, string>> = {};
  if (sources === null || typeof sources !== 'object') return out;
  for (const [id, state] of Object.entries(sources as Record<string, { last_success_at?: unknown }>)) {
    if (typeof state?.last_success_at === 'string') out[id] = state.last_success_at;
  }
  return out;
}

/** Facts whose reading time is known nowhere count as read long ago (never as fresh). */
const LONG_AGO = '1970-01-01T00:00:00Z';

/** Every source's last good facts that exist. */
export async function loadFacts(ref: StoreRef): Promise<Partial<Record<FactSource, FactsFile>>> {
  const out: Partial<Record<FactSource, FactsFile>> = {};
  let read: Partial<Record<string, string>> | null = null;
  for (const source of FACT_SOURCES) {
    const path = factsPath(ref, source);
    const json = await readJsonFile(path, null);
    if (json === null) continue;
    if (!isFactsFile(json) || json.source !== source) throw new DataFileError(path, `does not match the facts schema: ${isFactsFile.errors()}`);
    read ??= await lastSuccesses(ref);
    out[source] = { ...json, fetched_at: json.fetched_at ?? read[source] ?? LONG_AGO };
  }
  return out;
}

/** Writes the facts without their reading time (see above): the caller records it in sources.json. */
export async function saveFacts(ref: StoreRef, file: FactsFile): Promise<void> {
  if (!isFactsFile(file as unknown)) throw new DataFileError(factsPath(ref, file.source), `would be stored invalid: ${isFactsFile.errors()}`);
  const { fetched_at: _readAt, ...stored } = file;
  await writeFileAtomic(factsPath(ref, file.source), stableStringify(stored));
}
