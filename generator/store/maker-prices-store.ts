/**
 * data/maker-prices.json: a curated, cited list of what a maker's own page said its prices were,
 * for makers whose page the update does not read (models/witness/makers.ts; docs/data.md, "The
 * makers' prices"). Read by the build and the update's report; a file that does not match the
 * schema stops the stage that reads it, naming the file. Absent: no statements.
 */
import type { MakerPriceStatement } from '../models/witness/makers.js';
import { compileValidator, createAjv } from '../validation/ajv.js';
import { calendarDate, isoTime, pricePerM } from '../validation/common-schemas.js';
import { DataFileError, readJsonFile } from './files.js';
import { DATA_FILES } from './layout.js';
import { asStore, type StoreRef } from './store.js';

const knownPrice = { ...pricePerM, type: 'number' } as const;

const statement = {
  type: 'object',
  required: ['provider', 'api_names', 'price', 'from', 'until', 'source_url', 'read_at'],
  additionalProperties: false,
  properties: {
    provider: { type: 'string', pattern: '^[a-z0-9][a-z0-9-]*$' },
    api_names: { type: 'array', minItems: 1, uniqueItems: true, items: { type: 'string', pattern: '^[a-z0-9][a-z0-9._:-]*$', maxLength: 120 } },
    price: {
      type: 'object',
      required: ['input', 'output', 'cache_read', 'cache_write'],
      additionalProperties: false,
      properties: { input: knownPrice, output: knownPrice, cache_read: pricePerM, cache_write: pricePerM },
    },
    from: { anyOf: [isoTime, { type: 'null' }] },
    until: { anyOf: [isoTime, { type: 'null' }] },
    source_url: { type: 'string', format: 'uri', pattern: '^https://' },
    read_at: calendarDate,
    note: { type: 'string', maxLength: 1000 },
  },
} as const;

const makerPricesSchema = {
  type: 'object',
  required: ['statements'],
  additionalProperties: false,
  properties: { statements: { type: 'array', items: statement } },
} as const;

const isMakerPrices = compileValidator<{ statements: MakerPriceStatement[] }>(createAjv(), makerPricesSchema);

export const MAKER_PRICES_FILE = DATA_FILES.makerPrices;

/** The statements, checked (a statement must end after it starts). */
export async function loadMakerPrices(ref: StoreRef): Promise<MakerPriceStatement[]> {
  const path = asStore(ref).path(MAKER_PRICES_FILE);
  const json = await readJsonFile(path, { statements: [] });
  if (!isMakerPrices(json)) throw new DataFileError(path, `does not match the maker prices schema: ${isMakerPrices.errors()}`);
  for (const s of json.statements) {
    if (s.from !== null && s.until !== null && s.until <= s.from) throw new DataFileError(path, `the statement of ${s.provider} ${s.api_names.join(', ')} ends (${s.until}) before it starts (${s.from})`);
  }
  return json.statements;
}
