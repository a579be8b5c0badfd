/**
 * Identity's indexes of our ids (pure): by normalized name, by the external ids OpenRouter gives
 * (Hugging Face ids, canonical slugs and the makers' dated names of them), Google's stable
 * versions, and the names that float over dated siblings (docs/data.md, "Identity"). Matching a
 * record against them is identity-match.ts.
 */
import type { ModelShape } from './identity-agreement.js';
import { normalizeName, peelForms, type MatchKind } from './identity-names.js';

/** One record's match: `floating`, the record must agree with what it names (rule 5); `name`, the form that named the model. */
export type Candidate = { ok: true; id: string; kind: MatchKind; floating: boolean; name: string } | { ok: false; candidates: string[] } | null;

/** Our ids by normalized slug. */
export function indexIds(ourIds: readonly string[]): Map<string, string[]> {
  const index = new Map<string, string[]>();
  for (const id of ourIds) {
    const key = normalizeName(id.split('/')[1] ?? '');
    index.set(key, [...(index.get(key) ?? []), id]);
  }
  return index;
}

/** A canonical slug's date: `-YYYYMMDD` or `-YYYY-MM-DD` (OpenRouter's), or Mistral's `-YYMM`. */
const CANONICAL_DATE = /^(.+)-(?:(\d{2})(\d{2})-?(\d{2})-?(\d{2})|(2[3-9])(0[1-9]|1[0-2]))$/;

/**
 * Hugging Face ids (full and name part) and canonical slugs of our models, to our ids; shared names
 * left out. Also the canonical slug as the makers date it: `dated:` its name with the date as xAI
 * writes it (`grok-4.20-20260309` is xAI's `grok-4.20-0309`) or as Mistral does, `-YYMM`; and
 * `prefixed:` (Mistral) each shorter name its name starts with, with that `-YYMM`
 * (`mistral-small-3.2-24b-instruct-2506`: `mistral-small-3-2-2506`, `mistral-small-2506`).
 */
export function indexExternalIds(models: ReadonlyMap<string, ModelShape> | undefined): Map<string, string> {
  const seen = new Map<string, Set<string>>();
  const add = (key: string, id: string) => seen.set(key, (seen.get(key) ?? new Set()).add(id));
  for (const [id, shape] of models ?? []) {
    const hf = shape.hugging_face_id?.toLowerCase();
    if (hf) {
      add(`hf:${hf}`, id);
      add(`hf-name:${normalizeName(hf.split('/').pop()!)}`, id);
    }
    const canonical = shape.canonical_slug?.toLowerCase();
    if (canonical && canonical !== id) add(`slug:${normalizeName(canonical.split('/').pop()!)}`, id);
    // OpenRouter's variant listings (`:extended`, `:thinking`) share their model's canonical slug: no maker dates them.
    const dated = canonical ? CANONICAL_DATE.exec(normalizeName(canonical.split('/').pop()!)) : null;
    if (dated === null || shape.variant === true) continue;
    const [, base, century, year, month, day, shortYear, shortMonth] = dated as unknown as [string, string, string?, string?, string?, string?, string?, string?];
    const mistral = id.startsWith('mistralai/');
    const yymm = shortYear !== undefined ? `${shortYear}${shortMonth}` : century === '20' ? `${year}${month}` : null;
    // xAI writes its snapshots `-MMDD` (`grok-4.20-0309`); elsewhere a month and day without a year may be another year's.
    if (day !== undefined && id.startsWith('x-ai/')) add(`dated:${base}-${month}${day}`, id);
    if (!mistral || yymm === null) continue;
    add(`dated:${base}-${yymm}`, id);
    const parts = base.split('-');
    for (let n = 2; n < parts.length; n++) add(`prefixed:${parts.slice(0, n).join('-')}-${yymm}`, id);
  }
  return new Map([...seen].filter(([, ids]) => ids.size === 1).map(([key, ids]) => [key, [...ids][0]!]));
}

/** Google's stable names: `gemini-2.0-flash` is the alias of its one stable version `gemini-2.0-flash-001`. */
function stableVersions(ourIds: readonly string[]): Map<string, string> {
  const seen = new Map<string, string[]>();
  for (const id of ourIds) {
    const [author, slug = ''] = id.split('/');
    const stable = author === 'google' ? /^(.+)-\d{3}$/.exec(normalizeName(slug)) : null;
    if (stable !== null) seen.set(stable[1]!, [...(seen.get(stable[1]!) ?? []), id]);
  }
  return new Map([...seen].filter(([, ids]) => ids.length === 1).map(([base, ids]) => [base, ids[0]!]));
}

export interface Indexes {
  ids: ReadonlyMap<string, string[]>;
  external: ReadonlyMap<string, string>;
  /** Normalized names of ours that float (see floatingNames). */
  floating: ReadonlySet<string>;
  /** Those of them with dated siblings among our ids (`mistral-large` beside `mistral-large-2411`). */
  datedSiblings: ReadonlySet<string>;
  /** Display names a lifecycle source gives to exactly one of its records. */
  uniqueDisplayNames: ReadonlySet<string>;
  /** Google's undated names of our stable versions (`gemini-2-0-flash` → `google/gemini-2.0-flash-001`). */
  stable: ReadonlyMap<string, string>;
}

/**
 * Names of ours whose undated spelling floats elsewhere: those with dated siblings among our ids
 * (`mistral-large` beside `mistral-large-2411`), and those OpenRouter pins to one dated snapshot
 * (`qwen/qwen-max`, canonical `qwen-max-2025-01-25`), while the author's `qwen-max` moves on.
 */
function floatingNames(ourIds: readonly string[], ids: ReadonlyMap<string, string[]>, models: ReadonlyMap<string, ModelShape> | undefined): { floating: Set<string>; datedSiblings: Set<string> } {
  const out = new Set<string>();
  const siblings = new Set<string>();
  const dated = (author: string | null, name: string) => {
    const base = peelForms({ name, snapshot: null, author }).at(-1)!;
    return base.name !== name && base.kind === 'snapshot' ? base.name : null;
  };
  for (const id of ourIds) {
    const [author = '', slug = ''] = id.split('/');
    const name = normalizeName(slug);
    const base = dated(author, name);
    if (base !== null && (ids.get(base) ?? []).some((other) => other.startsWith(`${author}/`))) {
      out.add(base);
      siblings.add(base);
    }
    const canonical = models?.get(id)?.canonical_slug?.split('/').pop();
    if (canonical !== undefined && dated(author, normalizeName(canonical)) === name) out.add(name);
  }
  return { floating: out, datedSiblings: siblings };
}

export type IdIndexes = Omit<Indexes, 'uniqueDisplayNames'>;

/**
 * The indexes of our ids, remembered for the same id list and models (by identity; neither is
 * changed once passed): a caller that matches one record at a time against the whole catalog
 * (render/model-sources.ts, a maker's replacement names) would otherwise index it every time.
 */
const idIndexes = new WeakMap<readonly string[], WeakMap<object, IdIndexes>>();
const NO_MODELS = {};

export function indexesOf(ourIds: readonly string[], models: ReadonlyMap<string, ModelShape> | undefined): IdIndexes {
  let byModels = idIndexes.get(ourIds);
  if (byModels === undefined) idIndexes.set(ourIds, (byModels = new WeakMap()));
  let indexes = byModels.get(models ?? NO_MODELS);
  if (indexes === undefined) {
    const ids = indexIds(ourIds);
    const known = new Set(ourIds);
    // Shapes may name more models than the ids being matched (a model set aside): only ours are named.
    const external = new Map([...indexExternalIds(models)].filter(([, id]) => known.has(id)));
    indexes = { ids, external, stable: stableVersions(ourIds), ...floatingNames(ourIds, ids, models) };
    byModels.set(models ?? NO_MODELS, indexes);
  }
  return indexes;
}
