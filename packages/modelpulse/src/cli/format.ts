/**
 * Plain-text output for the terminal: aligned tables and small value formats. Text from the API
 * comes from upstream pages, so control characters (an ANSI escape in a model name would drive
 * the user's terminal) and bidirectional controls are removed before anything is printed.
 */
import { withoutBidiControls } from '../../../../generator/text/bidi.js';

/** C0 and C1 control characters (ESC starts terminal escape sequences), DEL included. */
const CONTROLS = /[\u0000-\u001f\u007f-\u009f]/g;

export function printable(value: unknown): string {
  if (value === null || value === undefined) return '-';
  return withoutBidiControls(String(value)).replace(CONTROLS, ' ');
}

/** A price in USD per 1M tokens: `$0.15`, `$12.5`, `free`, or `-` when unknown. */
export function usd(value: number | null | undefined): string {
  if (value === null || value === undefined) return '-';
  if (value === 0) return 'free';
  // Four significant digits, and cents at least: $0.80, $4.375, $0.075.
  const rounded = Number(value.toPrecision(4));
  if (rounded < 0.01) return `$${rounded.toPrecision(2)}`;
  const decimals = (String(rounded).split('.')[1] ?? '').length;
  return `$${rounded.toFixed(Math.max(2, decimals))}`;
}

/** Tokens, short: 128000 → `128K`, 1048576 → `1.05M`. */
export function tokens(value: number | null | undefined): string {
  if (value === null || value === undefined) return '-';
  if (value >= 1_000_000) return `${Number((value / 1_000_000).toPrecision(3))}M`;
  if (value >= 1_000) return `${Number((value / 1_000).toPrecision(3))}K`;
  return String(value);
}

export function percent(value: number | null | undefined, digits = 1): string {
  return value === null || value === undefined ? '-' : `${(value * 100).toFixed(digits)}%`;
}

/** Cut long text so a table stays readable. */
export function clip(text: string, width: number): string {
  const chars = [...text];
  return chars.length <= width ? text : `${chars.slice(0, width - 1).join('')}…`;
}

export interface Column<T> {
  title: string;
  value: (row: T) => string;
  /** Numbers read best right-aligned. */
  align?: 'left' | 'right';
  /** At most this many characters (default 48). */
  width?: number;
}

export function table<T>(rows: readonly T[], columns: readonly Column<T>[]): string {
  const cells = rows.map((row) => columns.map((c) => clip(printable(c.value(row)), c.width ?? 48)));
  const widths = columns.map((c, i) => Math.max([...c.title].length, ...cells.map((r) => [...r[i]!].length)));
  const line = (values: readonly string[]) =>
    values
      .map((v, i) => {
        const pad = ' '.repeat(widths[i]! - [...v].length);
        return columns[i]!.align === 'right' ? pad + v : v + pad;
      })
      .join('  ')
      .trimEnd();
  return [line(columns.map((c) => c.title)), ...cells.map(line)].join('\n');
}

/** `label: value` lines with the labels aligned. */
export function fields(pairs: ReadonlyArray<readonly [string, string]>): string {
  const width = Math.max(...pairs.map(([label]) => label.length));
  return pairs.map(([label, value]) => `${`${label}:`.padEnd(width + 1)} ${printable(value)}`).join('\n');
}
