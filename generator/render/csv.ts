/**
 * CSV as RFC 4180 writes it (a header row, CRLF line ends, a field quoted when it holds a comma,
 * a quote or a line break, quotes doubled), UTF-8 without a byte-order mark, made safe to open in
 * a spreadsheet: a text field that starts with `=`, `+`, `-`, `@`, a tab or a carriage return
 * (what a spreadsheet would run as a formula) gets a leading apostrophe, the OWASP advice. Only
 * text columns are neutralised: numbers are written as numbers (a negative one stays numeric),
 * booleans as `true`/`false`, unknown as an empty field. Pure.
 */

export type CsvValue = string | number | boolean | null;

export interface CsvColumn<T> {
  name: string;
  /** What the column holds, for the API docs (OpenAPI). */
  description: string;
  /** A `number` or `boolean` value is written as such; any string is text. */
  value: (row: T) => CsvValue | undefined;
}

const FORMULA_START = /^[=+\-@\t\r]/;
const NEEDS_QUOTES = /[",\r\n]/;

/** A text field, neutralised and quoted as needed. */
export function csvText(text: string): string {
  const safe = FORMULA_START.test(text) ? `'${text}` : text;
  return NEEDS_QUOTES.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

export function csvField(value: CsvValue | undefined): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) throw new RangeError(`not a CSV number: ${value}`);
    return String(value);
  }
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  return csvText(value);
}

/** The whole file: the header row, then one line per row, each ended by CRLF. */
export function toCsv<T>(columns: readonly CsvColumn<T>[], rows: Iterable<T>): string {
  const lines = [columns.map((c) => csvText(c.name)).join(',')];
  for (const row of rows) lines.push(columns.map((c) => csvField(c.value(row))).join(','));
  return `${lines.join('\r\n')}\r\n`;
}
