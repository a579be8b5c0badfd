/**
 * The intermediate shape every deprecation-page parser produces (one row per API name per
 * announcement, cells as written), checked with ajv before translate reads it: a page whose
 * layout changed gives a clear parse error, never wrong rows.
 */
import { compileValidator, createAjv } from '../../validation/ajv.js';
import type { LifecycleSource } from '../facts.js';

/** An API name as the pages write them (`claude-opus-4-1-20250805`, `gpt-4.1-nano`, `o1`). */
export const API_NAME = /^[a-z0-9][a-z0-9._:-]*$/;

export interface LifecycleRow {
  api_name: string;
  /** Other names the page says point to the same model. */
  aliases: string[];
  display_name: string | null;
  /** Where the row stands on the page (heading or table), for reports. */
  section: string;
  /** The announcement's date (`### 2026-04-14: …`), when the row sits under one. */
  announced: string | null;
  state: string | null;
  /** The cells as written (markup kept), or null where the page has no such column. */
  deprecated: string | null;
  retirement: string | null;
  replacement: string | null;
  /** API names of the replacement when the parser resolved them itself (Mistral's display names). */
  replacement_names: string[] | null;
  /** The model's own page for people, where the maker has one per model (Mistral); else the page's. */
  url: string | null;
  /** The maker's own price of the name on its API, USD per 1M text tokens, where the page states one (Mistral); else null. */
  maker_price: { input: number; output: number; cache_read: number | null } | null;
}

export interface ParsedLifecyclePage {
  source: LifecycleSource;
  rows: LifecycleRow[];
  /** Records of the page that could not be read (each becomes an issue in the run report). */
  invalid: Array<{ key: string; reason: string }>;
}

const nullableText = { type: ['string', 'null'], maxLength: 2000 } as const;

const rowSchema = {
  type: 'object',
  required: ['api_name', 'aliases', 'display_name', 'section', 'announced', 'state', 'deprecated', 'retirement', 'replacement', 'replacement_names', 'url', 'maker_price'],
  additionalProperties: false,
  properties: {
    api_name: { type: 'string', pattern: API_NAME.source, maxLength: 120 },
    aliases: { type: 'array', maxItems: 20, items: { type: 'string', pattern: API_NAME.source, maxLength: 120 } },
    display_name: { type: ['string', 'null'], minLength: 1, maxLength: 120 },
    section: { type: 'string', maxLength: 300 },
    announced: { type: ['string', 'null'], format: 'date' },
    state: { type: ['string', 'null'], minLength: 1, maxLength: 40 },
    deprecated: nullableText,
    retirement: nullableText,
    replacement: nullableText,
    replacement_names: { type: ['array', 'null'], maxItems: 10, items: { type: 'string', pattern: API_NAME.source, maxLength: 120 } },
    url: { type: ['string', 'null'], format: 'uri', pattern: '^https://' },
    maker_price: {
      anyOf: [
        {
          type: 'object',
          required: ['input', 'output', 'cache_read'],
          additionalProperties: false,
          properties: { input: { type: 'number', minimum: 0 }, output: { type: 'number', minimum: 0 }, cache_read: { type: ['number', 'null'], minimum: 0 } },
        },
        { type: 'null' },
      ],
    },
  },
} as const;

const pageSchema = {
  type: 'object',
  required: ['source', 'rows', 'invalid'],
  additionalProperties: false,
  properties: {
    source: { type: 'string' },
    rows: { type: 'array', minItems: 1, maxItems: 5000, items: rowSchema },
    invalid: {
      type: 'array',
      items: { type: 'object', required: ['key', 'reason'], additionalProperties: false, properties: { key: { type: 'string' }, reason: { type: 'string' } } },
    },
  },
} as const;

export const isParsedLifecyclePage = compileValidator<ParsedLifecyclePage>(createAjv(), pageSchema);
