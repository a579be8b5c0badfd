/**
 * Mistral publishes no deprecation table: docs.mistral.ai renders each model from a TypeScript
 * definition in its official docs repository (`src/schema/models/models/<slug>.ts`, listed by
 * `index.ts`), with `status`, `identifiers.apiNames` (the model's own name first, then the aliases
 * that point to it, such as `mistral-large-latest`) and `metadata: { deprecationDate,
 * retirementDate, replacement }`, the replacement being a display name (`Mistral Medium 3.5`).
 * The definitions are read field by field (never executed); a definition that does not read is
 * reported, and too many of them is a layout change. Each definition's `pricing` is Mistral's own
 * price of its API names (docs/data.md, "The makers' prices"): read where it gives one text input
 * and one text output price per 1M tokens (`/M Tokens`; a `Cached input` entry is the cache read
 * price), else none (per-minute audio, per-page OCR, an embedding's input alone).
 */
import type { ParsedLifecyclePage, LifecycleRow } from './schema.js';
import { checkedPage, emptyRow, layoutError } from './parse-common.js';
import { API_NAME } from './schema.js';
import { readPerMillion } from '../../models/price.js';

const SOURCE = 'mistral-deprecations';
export const MISTRAL_STATES = ['GA', 'Deprecated', 'Retired', 'PublicPreview', 'Labs'] as const;
/** Above this share of unreadable definitions the layout has changed. */
const MAX_INVALID_SHARE = 0.2;

export interface MistralFiles {
  /** `index.ts`: which definitions exist. */
  index: string;
  /** Each definition's text, by file name (`mistral-large-3-25-12.ts`). */
  files: Record<string, string>;
}

/** The definition files `index.ts` imports (`import x from './mistral-large-3-25-12'`). */
export function definitionFiles(index: string): string[] {
  return [...new Set([...index.matchAll(/^import\s+\w+\s+from\s+'\.\/([a-z0-9-]+)';?\s*$/gm)].map((m) => `${m[1]}.ts`))];
}

interface Definition {
  maker_price: LifecycleRow['maker_price'];
  name: string;
  slug: string | null;
  status: string;
  apiNames: string[];
  metadata: Record<string, string>;
}

const STRING = /(['"])((?:(?!\1)[^\\]|\\.)*)\1/g;

function field(text: string, name: string): string | null {
  const match = new RegExp(`^  ${name}:\\s*(['"])((?:(?!\\1)[^\\\\]|\\\\.)*)\\1`, 'm').exec(text);
  return match === null ? null : match[2]!;
}

function readDefinition(text: string): Definition | string {
  const name = field(text, 'name');
  const status = field(text, 'status');
  const ids = /identifiers:\s*\{\s*apiNames:\s*\[([^\]]*)\]/.exec(text);
  const meta = /^\s*metadata:\s*\{([^}]*)\}/m.exec(text);
  if (name === null || status === null || ids === null || meta === null) return 'no name, status, identifiers.apiNames or metadata';
  if (!(MISTRAL_STATES as readonly string[]).includes(status)) return `unknown status ${JSON.stringify(status)}`;
  const apiNames = [...ids[1]!.matchAll(STRING)].map((m) => m[2]!.toLowerCase());
  if (apiNames.some((n) => !API_NAME.test(n))) return 'an API name that is not a model name';
  const metadata: Record<string, string> = {};
  for (const m of meta[1]!.matchAll(/(\w+)\s*:\s*(['"])((?:(?!\2)[^\\]|\\.)*)\2/g)) metadata[m[1]!] = m[3]!;
  const slug = field(text, 'slug');
  return { maker_price: readPricing(text), name, slug: slug !== null && /^[a-z0-9][a-z0-9-]{0,99}$/.test(slug) ? slug : null, status, apiNames, metadata };
}

/** The entries of one side of `pricing` (`input: [ { type: 'range', price: 0.1, denominator: '/M Tokens' } ]`). */
function pricingEntries(block: string, side: 'input' | 'output'): Array<{ price: unknown; denominator: string | null; label: string | null }> {
  const list = new RegExp(`^\\s*${side}:\\s*\\[([^\\]]*)\\]`, 'm').exec(block);
  if (list === null) return [];
  return [...list[1]!.matchAll(/\{([^}]*)\}/g)].map((m) => {
    const text = m[1]!;
    const price = /\bprice:\s*(-?[0-9.]+(?:e-?\d+)?)\s*[,}]?/.exec(text);
    const quoted = (name: string) => new RegExp(`\\b${name}:\\s*(['"])((?:(?!\\1)[^\\\\]|\\\\.)*)\\1`).exec(text)?.[2] ?? null;
    return { price: price === null ? undefined : Number(price[1]), denominator: quoted('denominator'), label: quoted('label') };
  });
}

/** Mistral's own text-token price in a definition, or null where it states none (see the module's comment). */
export function readPricing(text: string): LifecycleRow['maker_price'] {
  const block = /^ {2}pricing:\s*\{([\s\S]*?)^ {2}\},?\s*$/m.exec(text)?.[1];
  if (block === undefined) return null;
  const perToken = (side: 'input' | 'output') => pricingEntries(block, side).filter((e) => e.denominator === '/M Tokens');
  const value = (raw: unknown): number | null => {
    const reading = readPerMillion(raw, 'pricing');
    return reading.ok ? reading.value : null;
  };
  const inputs = perToken('input');
  const outputs = perToken('output');
  const input = inputs.filter((e) => e.label === null || e.label === 'Input');
  const cached = inputs.filter((e) => e.label === 'Cached input');
  if (input.length !== 1 || outputs.length !== 1 || cached.length > 1 || inputs.length !== input.length + cached.length) return null;
  const [i, o] = [value(input[0]!.price), value(outputs[0]!.price)];
  // 0/0 says nothing (the Labs models' `free: true`): no price, as the other sources read it.
  if (i === null || o === null || (i === 0 && o === 0)) return null;
  return { input: i, output: o, cache_read: cached.length === 1 ? value(cached[0]!.price) : null };
}

/** A display name to the API name of the one definition it names (a shared name: the one on sale). */
function resolveName(name: string, definitions: readonly Definition[]): string[] {
  const named = definitions.filter((d) => d.name === name && d.apiNames.length > 0);
  const current = named.length > 1 ? named.filter((d) => d.status === 'GA' || d.status === 'PublicPreview') : named;
  return current.length === 1 ? [current[0]!.apiNames[0]!] : [];
}

export function parseMistralDefinitions(input: MistralFiles, url: string): ParsedLifecyclePage {
  const listed = definitionFiles(input.index);
  if (listed.length === 0) throw layoutError(SOURCE, url, 'index.ts imports no model definitions');
  const definitions: Definition[] = [];
  const invalid: ParsedLifecyclePage['invalid'] = [];
  for (const file of listed) {
    const text = input.files[file];
    const read = text === undefined ? 'listed in index.ts but not fetched' : readDefinition(text);
    if (typeof read === 'string') invalid.push({ key: file, reason: read });
    else definitions.push(read);
  }
  if (invalid.length > listed.length * MAX_INVALID_SHARE) throw layoutError(SOURCE, url, `${invalid.length} of ${listed.length} definitions do not read (first: ${invalid[0]!.key}: ${invalid[0]!.reason})`);
  const rows: LifecycleRow[] = [];
  for (const d of definitions) {
    const [own, ...aliases] = d.apiNames;
    // A definition without an API name (an open-weights-only model) has nothing to retire on the API.
    if (own === undefined) continue;
    const replacement = d.metadata.replacement?.trim() || null;
    rows.push({
      ...emptyRow(own, `${d.name} (${d.status})`),
      aliases,
      display_name: d.name,
      state: d.status,
      deprecated: d.metadata.deprecationDate?.trim() || null,
      retirement: d.metadata.retirementDate?.trim() || null,
      replacement,
      replacement_names: replacement === null ? [] : resolveName(replacement, definitions),
      // docs.mistral.ai renders each definition at /models/<slug>.
      url: d.slug === null ? null : `https://docs.mistral.ai/models/${d.slug}`,
      maker_price: d.maker_price,
    });
  }
  return checkedPage(SOURCE, url, rows, invalid);
}
