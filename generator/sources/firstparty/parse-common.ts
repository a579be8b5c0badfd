/** What every deprecation-page parser shares: errors, model cells, the final shape check. */
import { UpstreamError } from '../../http/errors.js';
import type { LifecycleSource } from '../facts.js';
import { codeSpans, plainText, type MdHeading, type MdTable } from './markdown.js';
import { API_NAME, isParsedLifecyclePage, type LifecycleRow, type ParsedLifecyclePage } from './schema.js';

export function layoutError(source: LifecycleSource, url: string, message: string): UpstreamError {
  return new UpstreamError({ kind: 'invalid_schema', source, url, message: `page layout not recognized: ${message}; kept the last good data` });
}

/** An HTML page where the Markdown form was asked for (a login wall, a moved page, an error page). */
export function assertNotHtml(source: LifecycleSource, url: string, text: string): void {
  if (/^\s*(<!doctype html|<html)/i.test(text)) {
    throw new UpstreamError({ kind: 'invalid_body', source, url, message: 'an HTML page, not the Markdown form of the page' });
  }
}

/**
 * A model cell: it starts with a code span naming an API name (`gpt-4.1-nano`); further code spans
 * are the names the page says point to it (`` `o1-2024-12-17` \| `o1` ``, "including `x`, which
 * points to this snapshot"). Anything else (`Videos API`, "New fine-tuning training on `x`",
 * `/v1/edits`) is not a model row: null.
 */
export function modelCell(cell: string): { name: string; aliases: string[] } | null {
  if (!cell.trim().startsWith('`')) return null;
  const names = codeSpans(cell).map((n) => n.toLowerCase());
  const first = names[0];
  if (first === undefined || !API_NAME.test(first)) return null;
  return { name: first, aliases: [...new Set(names.slice(1).filter((n) => API_NAME.test(n) && n !== first))] };
}

/** A cell that is only a name without code marks (Google's `gemini-robotics-er-2-preview`). */
export function bareName(cell: string): string | null {
  const text = plainText(cell).toLowerCase();
  return API_NAME.test(text) ? text : null;
}

/** The date of the announcement a heading opens (`2026-04-14: Claude Sonnet 4 …`), or null. */
export function announcementDate(headings: readonly MdHeading[]): string | null {
  for (const heading of [...headings].reverse()) {
    const date = /^(\d{4}-\d{2}-\d{2})\b/.exec(heading.text);
    if (date !== null) return date[1]!;
  }
  return null;
}

export function sectionOf(table: MdTable): string {
  return table.headings.map((h) => h.text).join(' › ') || `table at line ${table.line}`;
}

export function emptyRow(api_name: string, section: string): LifecycleRow {
  return { api_name, aliases: [], display_name: null, section, announced: null, state: null, deprecated: null, retirement: null, replacement: null, replacement_names: null, url: null, maker_price: null };
}

/** The parser's result, checked: no model row at all is a layout change, never an empty list. */
export function checkedPage(source: LifecycleSource, url: string, rows: LifecycleRow[], invalid: ParsedLifecyclePage['invalid'] = []): ParsedLifecyclePage {
  if (rows.length === 0) throw layoutError(source, url, 'no model rows found');
  const page = { source, rows, invalid };
  if (!isParsedLifecyclePage(page)) throw layoutError(source, url, `rows do not match the expected shape: ${isParsedLifecyclePage.errors()}`);
  return page;
}
