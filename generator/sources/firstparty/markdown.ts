/**
 * The little Markdown the makers' deprecation pages are written in: headings and pipe tables
 * (padded or not, with `\|` escaped pipes inside cells, and Google's `| Preview models ||||`
 * divider rows). Pure; no Markdown library is needed for this and none would keep the escapes.
 */

export interface MdHeading {
  level: number;
  /** The heading's text, markup removed. */
  text: string;
  line: number;
}

export interface MdTable {
  /** The headings in force where the table starts, outermost first. */
  headings: MdHeading[];
  /** Header cells, markup removed (`**Model**` reads `Model`). */
  header: string[];
  /** Body rows as written (cells trimmed, escaped pipes unescaped); divider rows included. */
  rows: string[][];
  line: number;
}

export interface MdDocument {
  headings: MdHeading[];
  tables: MdTable[];
}

/** Cells of one table line: leading and trailing pipes dropped, `\|` kept as a pipe inside a cell. */
export function splitRow(line: string): string[] {
  let text = line.trim();
  if (text.startsWith('|')) text = text.slice(1);
  if (text.endsWith('|') && !text.endsWith('\\|')) text = text.slice(0, -1);
  const cells: string[] = [];
  let cell = '';
  for (let i = 0; i < text.length; i += 1) {
    const ch = text[i]!;
    if (ch === '\\' && text[i + 1] === '|') {
      cell += '|';
      i += 1;
    } else if (ch === '|') {
      cells.push(cell.trim());
      cell = '';
    } else cell += ch;
  }
  cells.push(cell.trim());
  return cells;
}

const SEPARATOR = /^\|?\s*:?-{3,}:?\s*(\|\s*:?-{3,}:?\s*)*\|?\s*$/;

/** Markup removed: links keep their text, code spans their content, emphasis and tags go. */
export function plainText(markdown: string): string {
  return markdown
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/<[^>]+>/g, ' ')
    .replace(/`([^`]*)`/g, '$1')
    .replace(/\*\*|__/g, '')
    .replace(/[\u00a0\u2007\u202f]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

/** The contents of the code spans of a cell, in order. */
export function codeSpans(markdown: string): string[] {
  return [...markdown.matchAll(/`([^`]+)`/g)].map((m) => m[1]!.trim());
}

export function readMarkdown(text: string): MdDocument {
  const lines = text.split(/\r?\n/);
  const headings: MdHeading[] = [];
  const tables: MdTable[] = [];
  let open: MdHeading[] = [];
  let fenced = false;
  for (let i = 0; i < lines.length; i += 1) {
    const line = lines[i]!;
    if (/^\s*```/.test(line)) fenced = !fenced;
    if (fenced) continue;
    const heading = /^(#{1,6})\s+(.*?)\s*#*\s*$/.exec(line);
    if (heading !== null) {
      const h: MdHeading = { level: heading[1]!.length, text: plainText(heading[2]!), line: i + 1 };
      headings.push(h);
      open = [...open.filter((o) => o.level < h.level), h];
      continue;
    }
    if (!line.trim().startsWith('|') || !SEPARATOR.test(lines[i + 1] ?? '')) continue;
    const table: MdTable = { headings: open, header: splitRow(line).map(plainText), rows: [], line: i + 1 };
    i += 2;
    while (i < lines.length && lines[i]!.trim().startsWith('|')) {
      table.rows.push(splitRow(lines[i]!));
      i += 1;
    }
    i -= 1;
    tables.push(table);
  }
  return { headings, tables };
}

/** Index of the first header cell that reads one of `names` (case-insensitive), or -1. */
export function column(table: MdTable, names: readonly string[]): number {
  const wanted = names.map((n) => n.toLowerCase());
  return table.header.findIndex((h) => wanted.includes(h.toLowerCase()));
}

/** A divider row such as `| Preview models ||||`: text in the first cell only. */
export function isDividerRow(row: readonly string[]): boolean {
  return row.length > 0 && row.slice(1).every((c) => c === '');
}
