/**
 * Anthropic's "Model deprecations" page (`.md` form, or the same text extracted from HTML): a
 * status table (`API model name | Current state | Deprecated | Tentative retirement date`) and one
 * history table per announcement under `### YYYY-MM-DD: …` (`Retirement date | Deprecated model |
 * Recommended replacement`). The status table gives state and dates, the latest announcement
 * naming a model its replacement.
 */
import { column, readMarkdown, type MdTable } from './markdown.js';
import { announcementDate, assertNotHtml, checkedPage, emptyRow, layoutError, modelCell, sectionOf } from './parse-common.js';
import type { LifecycleRow, ParsedLifecyclePage } from './schema.js';

const SOURCE = 'anthropic-deprecations';

function isStatusTable(t: MdTable): boolean {
  return column(t, ['API model name']) !== -1;
}

function isHistoryTable(t: MdTable): boolean {
  return column(t, ['Deprecated model']) !== -1;
}

export function parseAnthropicPage(text: string, url: string): ParsedLifecyclePage {
  assertNotHtml(SOURCE, url, text);
  const { tables } = readMarkdown(text);
  const status = tables.filter(isStatusTable);
  if (status.length !== 1) throw layoutError(SOURCE, url, `expected one status table (API model name | Current state | Deprecated | Tentative retirement date), found ${status.length}`);
  const history = tables.filter(isHistoryTable);
  if (history.length === 0) throw layoutError(SOURCE, url, 'no deprecation history tables (Retirement date | Deprecated model | Recommended replacement)');

  const rows = new Map<string, LifecycleRow>();
  const table = status[0]!;
  const [name, state, deprecated, retirement] = [column(table, ['API model name']), column(table, ['Current state']), column(table, ['Deprecated']), column(table, ['Tentative retirement date', 'Retirement date'])];
  if ([state, deprecated, retirement].includes(-1)) throw layoutError(SOURCE, url, `status table columns are ${JSON.stringify(table.header)}`);
  for (const cells of table.rows) {
    const api = (cells[name] ?? '').replace(/`/g, '').trim().toLowerCase();
    if (api === '') continue;
    rows.set(api, { ...emptyRow(api, 'Model status'), state: cells[state] || null, deprecated: cells[deprecated] ?? null, retirement: cells[retirement] ?? null });
  }

  const inStatus = new Set(rows.keys());
  // Newest announcement first on the page; a model keeps the replacement of its latest one.
  const announced = history
    .map((t) => ({ t, date: announcementDate(t.headings) }))
    .sort((a, b) => (a.date ?? '').localeCompare(b.date ?? ''));
  for (const { t, date } of announced) {
    const [when, model, replacement] = [column(t, ['Retirement date']), column(t, ['Deprecated model']), column(t, ['Recommended replacement'])];
    if (when === -1 || replacement === -1 || date === null) throw layoutError(SOURCE, url, `history table under "${sectionOf(t)}" has columns ${JSON.stringify(t.header)}`);
    for (const cells of t.rows) {
      const cell = modelCell(cells[model] ?? '');
      if (cell === null) continue;
      // The status table's dates stand for the models it lists; the others take their latest announcement's.
      const base = inStatus.has(cell.name) ? rows.get(cell.name)! : { ...emptyRow(cell.name, sectionOf(t)), retirement: cells[when] ?? null };
      rows.set(cell.name, { ...base, aliases: cell.aliases, announced: date, replacement: cells[replacement] ?? null });
    }
  }
  return checkedPage(SOURCE, url, [...rows.values()]);
}
