/**
 * The labelled identity set (labels.json beside this module, checked against labels.schema.json):
 * keys of the secondary sources judged by hand against the recorded files in ../shared/upstream
 * (LiteLLM 2026-08-01, models.dev 2026-06-13, Artificial Analysis 2026-03-25, OpenRouter
 * 2026-03-29..08-01, the makers' deprecation pages), hard cases first: floating aliases, other
 * hosts' spellings, Hugging Face ids, regional and data-zone keys, the makers' own API names.
 * Labels marked `held_out` were labelled after the rules were settled and are scored as the rules
 * find them. `records` gives, for each labelled key and the keys beside it that the rules also
 * read, what the rules use; `models` gives the same for our ids. Data, not code: this module only
 * loads and checks it (identity-labels.ts scores it).
 */
import { readFileSync } from 'node:fs';
import { FACT_SOURCES, type FactSource } from '../facts.js';
import { compileValidator, createAjv } from '../../validation/ajv.js';

export type Label = 'positive' | 'negative' | 'no_retirement';

export interface LabelledKey {
  source: FactSource;
  key: string;
  label: Label;
  model_id: string;
  held_out?: true;
}

export interface LabelledRecord {
  source: FactSource;
  key: string;
  provider: string | null;
  author: string | null;
  context_length: number | null;
  input: number | null;
  output: number | null;
  display_name: string | null;
  aliases: string[];
}

export interface LabelledModel {
  id: string;
  context_length: number | null;
  input: number | null;
  output: number | null;
  hugging_face_id: string | null;
  canonical_slug: string | null;
}

export interface LabelledSet {
  labels: LabelledKey[];
  records: LabelledRecord[];
  models: LabelledModel[];
}

/** The labelled set does not load: the file is unreadable, breaks its schema, or names an unknown source. */
export class LabelledSetError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(`identity labels (${LABELS_FILE.pathname}): ${message}`, options);
    this.name = 'LabelledSetError';
  }
}

const LABELS_FILE = new URL('./labels.json', import.meta.url);
const SCHEMA_FILE = new URL('./labels.schema.json', import.meta.url);

/** Reads, checks and returns the labelled set (`read` is injectable so a test can feed a broken file). */
export function loadLabelledSet(read: (file: URL) => string = (file) => readFileSync(file, 'utf8')): LabelledSet {
  let document: unknown;
  let schema: object;
  try {
    document = JSON.parse(read(LABELS_FILE));
    schema = JSON.parse(read(SCHEMA_FILE)) as object;
  } catch (error) {
    throw new LabelledSetError('cannot be read as JSON', { cause: error });
  }
  const valid = compileValidator<LabelledSet>(createAjv(), schema);
  if (!valid(document)) throw new LabelledSetError(`breaks its schema: ${valid.errors()}`);
  const sources: readonly string[] = FACT_SOURCES;
  for (const row of [...document.labels, ...document.records]) {
    if (!sources.includes(row.source)) throw new LabelledSetError(`unknown source ${JSON.stringify(row.source)} (key ${JSON.stringify(row.key)})`);
  }
  return document;
}

const labelledSet = loadLabelledSet();
export const IDENTITY_LABELS: readonly LabelledKey[] = labelledSet.labels;
export const IDENTITY_RECORDS: readonly LabelledRecord[] = labelledSet.records;
export const IDENTITY_MODELS: readonly LabelledModel[] = labelledSet.models;
