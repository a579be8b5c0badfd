/**
 * data/facts/<source>.json: the last good read of a secondary source (LiteLLM, models.dev,
 * Artificial Analysis), its records already mapped to our model ids. A failed or refused read
 * leaves the file as it was.
 */
import { join } from 'node:path';
import { FACT_SOURCES, type FactSource, type ModelFacts } from '../sources/facts.js';
import { compileValidator, createAjv } from '../validation/ajv.js';
import { benchmarks, isoTime, nullableDate, nullablePositiveInt, priceTier, tokenPrices } from '../validation/common-schemas.js';
import { DataFileError, readJsonFile, writeFileAtomic } from './files.js';
import { stableStringify } from './stable-json.js';

export interface FactsFile {
  source: FactSource;
  fetched_at: string;
  /** Records the source gave (mapped or not): the base of the "dropped half its models" guard. */
  count: number;
  unmapped: number;
  models: Record<string, ModelFacts[]>;
}

const nullableTokenPrices = { anyOf: [tokenPrices, { type: 'null' }] } as const;

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
    price_tiers: {
      type: 'array',
      items: priceTier(tokenPrices),
    },
    context_length: nullablePositiveInt,
    max_output: nullablePositiveInt,
    retirement_date: nullableDate,
    deprecated: { type: 'boolean' },
    benchmarks: { ...benchmarks, required: [] },
  },
} as const;

const factsFileSchema = {
  type: 'object',
  required: ['source', 'fetched_at', 'count', 'unmapped', 'models'],
  additionalProperties: false,
  properties: {
    source: { enum: [...FACT_SOURCES] },
    fetched_at: isoTime,
    count: { type: 'integer', minimum: 0 },
    unmapped: { type: 'integer', minimum: 0 },
    models: { type: 'object', additionalProperties: { type: 'array', items: factSchema } },
  },
} as const;

const isFactsFile = compileValidator<FactsFile>(createAjv(), factsFileSchema);

function factsPath(dataDir: string, source: FactSource): string {
  return join(dataDir, 'facts', `${source}.json`);
}

/** Every source's last good facts that exist; ids must be models we know. */
export async function loadFacts(dataDir: string, knownModelIds: ReadonlySet<string>): Promise<Partial<Record<FactSource, FactsFile>>> {
  const out: Partial<Record<FactSource, FactsFile>> = {};
  for (const source of FACT_SOURCES) {
    const path = factsPath(dataDir, source);
    const json = await readJsonFile(path, null);
    if (json === null) continue;
    if (!isFactsFile(json) || json.source !== source) throw new DataFileError(path, `does not match the facts schema: ${isFactsFile.errors()}`);
    for (const id of Object.keys(json.models)) {
      if (!knownModelIds.has(id)) throw new DataFileError(path, `holds facts for ${id}, a model not in data/models`);
    }
    out[source] = json;
  }
  return out;
}

export async function saveFacts(dataDir: string, file: FactsFile): Promise<void> {
  if (!isFactsFile(file as unknown)) throw new DataFileError(factsPath(dataDir, file.source), `would be stored invalid: ${isFactsFile.errors()}`);
  await writeFileAtomic(factsPath(dataDir, file.source), stableStringify(file));
}
