/**
 * JSON with object keys sorted at every level, so files in data/ diff cleanly and two equal
 * values always serialize to the same bytes. Arrays keep their order (it carries meaning).
 */
export function sortKeysDeep(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortKeysDeep);
  if (value !== null && typeof value === 'object') {
    const sorted: Record<string, unknown> = {};
    for (const key of Object.keys(value).sort()) {
      const item = (value as Record<string, unknown>)[key];
      if (item !== undefined) sorted[key] = sortKeysDeep(item);
    }
    return sorted;
  }
  return value;
}

/** Pretty-printed (2 spaces), sorted keys, trailing newline: the format of every file in data/. */
export function stableStringify(value: unknown): string {
  return `${JSON.stringify(sortKeysDeep(value), null, 2)}\n`;
}

export function sameJson(a: unknown, b: unknown): boolean {
  return JSON.stringify(sortKeysDeep(a)) === JSON.stringify(sortKeysDeep(b));
}

/**
 * Like stableStringify, but an object whose values are all plain (a price point) stays on one
 * line: files of many small records (data/price-history/) read as one record a line and diff so.
 */
export function stableStringifyCompact(value: unknown): string {
  const write = (v: unknown, indent: string): string => {
    if (Array.isArray(v)) return v.length === 0 ? '[]' : `[\n${v.map((item) => `${indent}  ${write(item, `${indent}  `)}`).join(',\n')}\n${indent}]`;
    if (v === null || typeof v !== 'object') return JSON.stringify(v);
    const entries = Object.entries(v);
    if (entries.every(([, item]) => item === null || typeof item !== 'object')) return JSON.stringify(v);
    return `{\n${entries.map(([key, item]) => `${indent}  ${JSON.stringify(key)}: ${write(item, `${indent}  `)}`).join(',\n')}\n${indent}}`;
  };
  return `${write(sortKeysDeep(value), '')}\n`;
}
