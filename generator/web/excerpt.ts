/**
 * A short, readable excerpt of a real API response for the docs page: the shape stays (every
 * key of the top levels), long lists keep their first item, long strings their start, and
 * deep objects fold. Pure; the lines that stand for what was left out are `…` comments, so the
 * excerpt is never mistaken for a whole response.
 */
export interface ExcerptLimits {
  /** Items shown of each array. */
  items: number;
  /** Characters shown of each string. */
  chars: number;
  /** Objects and arrays deeper than this fold to `{…}` / `[…]`. */
  depth: number;
  /** Lines at most; the rest is one `…` line. */
  lines: number;
}

export const EXCERPT_LIMITS: ExcerptLimits = { items: 1, chars: 48, depth: 4, lines: 30 };

function scalar(value: unknown, limits: ExcerptLimits): string {
  if (typeof value === 'string' && value.length > limits.chars) return `${JSON.stringify(value.slice(0, limits.chars))} …`;
  return JSON.stringify(value) ?? 'null';
}

function lines(value: unknown, indent: string, depth: number, limits: ExcerptLimits, prefix: string, comma: string): string[] {
  const inner = `${indent}  `;
  if (Array.isArray(value)) {
    if (value.length === 0) return [`${indent}${prefix}[]${comma}`];
    if (depth >= limits.depth) return [`${indent}${prefix}[…] // ${value.length} items${comma}`];
    const shown = value.slice(0, limits.items);
    const rest = value.length - shown.length;
    return [
      `${indent}${prefix}[`,
      ...shown.flatMap((item, i) => lines(item, inner, depth + 1, limits, '', i < shown.length - 1 || rest > 0 ? ',' : '')),
      ...(rest > 0 ? [`${inner}// … ${rest} more`] : []),
      `${indent}]${comma}`,
    ];
  }
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value);
    if (entries.length === 0) return [`${indent}${prefix}{}${comma}`];
    if (depth >= limits.depth) return [`${indent}${prefix}{…}${comma}`];
    return [
      `${indent}${prefix}{`,
      ...entries.flatMap(([key, item], i) => lines(item, inner, depth + 1, limits, `${JSON.stringify(key)}: `, i < entries.length - 1 ? ',' : '')),
      `${indent}}${comma}`,
    ];
  }
  return [`${indent}${prefix}${scalar(value, limits)}${comma}`];
}

export function jsonExcerpt(value: unknown, limits: ExcerptLimits = EXCERPT_LIMITS): string {
  const all = lines(value, '', 0, limits, '', '');
  return (all.length > limits.lines ? [...all.slice(0, limits.lines - 1), '// …'] : all).join('\n');
}

/** The first lines of a text response (a feed, a calendar, a script). */
export function textExcerpt(text: string, maxLines = 12, maxChars = 100): string {
  const all = text.replace(/\r\n?/g, '\n').split('\n');
  const shown = all.slice(0, maxLines).map((line) => (line.length > maxChars ? `${line.slice(0, maxChars)}…` : line));
  return all.length > maxLines ? [...shown, '…'].join('\n') : shown.join('\n');
}
