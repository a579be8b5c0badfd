/**
 * Bounds on text and lists that come from outside and get copied into what we publish. One model
 * name is copied into every `cheapest` variant it qualifies for (11,547 files): unbounded, a
 * 50,000-character name made the site 8× larger. Each cap sits far above every real value in the
 * recorded upstreams (docs/bad-input.md lists them with those values); over it a text is cut
 * and ends in TRUNCATION_MARKER, a list keeps its first items, and the caller reports it.
 */

export const TRUNCATION_MARKER = '…';

/**
 * No published file may be larger (the README promises it; CDNs and clients fetch whole files).
 * A model whose own file would be larger is left out and reported; any other file over it fails
 * the build, since no single record is to blame.
 */
export const MAX_FILE_BYTES = 1024 * 1024;

/** Caps in characters (code points, the marker included) for text, and in items for lists. */
export const BOUNDS = {
  /** Model names (the longest recorded: 56). Copied into every list and `cheapest` file. */
  model_name: 100,
  /** Model descriptions (longest recorded: 2,193). Only in the model's own file. */
  model_description: 4_000,
  /** Items of a modality list (recorded: at most 5) and characters of each (at most 5). */
  modalities: 16,
  modality: 32,
  /** Provider names, endpoint tags, source keys and quantizations of offers (longest recorded: 76). */
  provider_text: 120,
  /** Offers of one model (OpenRouter lists at most a few dozen providers for a model). */
  endpoints: 200,
  /** Incident names (longest recorded: 367, a Google Cloud description). */
  incident_name: 400,
  /** A page's own one-line description ("All Systems Operational"). */
  status_description: 300,
  /** Component names (longest recorded: 47), of a page or named by an incident's updates. */
  component_name: 100,
  /** Components of one page (recorded: at most 9) and named by one incident (at most 5). */
  page_components: 100,
  incident_components: 20,
  /** Open incidents one read of a page may report at once. */
  active_incidents: 20,
  /** Incidents a service's file lists (a busy page had about 130 in 90 days), newest first. */
  service_incidents: 200,
  /** Any other text field from outside, published as a value (a URL, a key). */
  other_text: 2_000,
} as const;

export type BoundName = keyof typeof BOUNDS;

/** `value` cut to at most `max` code points, the last one the marker; unchanged when it fits. */
export function truncate(value: string, max: number): string {
  // UTF-16 length is at least the number of code points: most values return here at once.
  if (value.length <= max) return value;
  let kept = '';
  let count = 0;
  for (const char of value) {
    if (count === max - 1) return `${kept}${TRUNCATION_MARKER}`;
    kept += char;
    count += 1;
  }
  return value;
}

/** Reports one bounded value: what it was, in numbers only (never the text itself). */
export type BoundReport = (message: string) => void;

/**
 * Characters that are never text: C0 and C1 controls and unpaired surrogates. JSON escapes each
 * as six bytes (`\u0001`), so they would also multiply a value's size; a name keeps no line
 * breaks or tabs either (they become spaces), a description keeps them.
 */
const NOT_TEXT = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;
const LINE_BREAKS = /[\t\n\r]/g;

/** Which bounds hold text of several lines (the others are names: one line). */
const MULTILINE: ReadonlySet<BoundName> = new Set(['model_description', 'other_text']);

/** `value` within the bound `name` (non-text characters removed, then cut); reports `field` when it changed. */
export function boundText(value: string, name: BoundName, field: string, report: BoundReport): string {
  let clean = value.replace(NOT_TEXT, '');
  if (!MULTILINE.has(name)) clean = clean.replace(LINE_BREAKS, ' ');
  if (clean.length !== value.length) report(`${field}: removed ${value.length - clean.length} control or unpaired surrogate characters`);
  const cut = truncate(clean, BOUNDS[name]);
  if (cut !== clean) report(`${field} truncated to ${BOUNDS[name]} characters (was ${[...clean].length})`);
  return cut;
}

/** `value` (nullable) within the bound `name`. */
export function boundNullableText(value: string | null, name: BoundName, field: string, report: BoundReport): string | null {
  return value === null ? null : boundText(value, name, field, report);
}

/** The first `BOUNDS[name]` items of `list`; reports `field` when items were left out. */
export function boundList<T>(list: readonly T[], name: BoundName, field: string, report: BoundReport): T[] {
  const max = BOUNDS[name];
  if (list.length <= max) return [...list];
  report(`${field}: kept the first ${max} of ${list.length} items`);
  return list.slice(0, max);
}
