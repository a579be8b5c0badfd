/**
 * xAI's migration guides (`.md` form): xAI has no standing deprecation table; each retirement
 * wave is a guide titled `Grok Model Retirement on <date>` with a `Model being retired |
 * Redirect target …` table. The title's date is every row's retirement date.
 */
import { readCalendarDate } from './dates.js';
import { column, readMarkdown } from './markdown.js';
import { assertNotHtml, checkedPage, emptyRow, layoutError, modelCell, sectionOf } from './parse-common.js';
import type { LifecycleRow, ParsedLifecyclePage } from './schema.js';

const SOURCE = 'xai-deprecations';

export function parseXaiGuide(text: string, url: string): ParsedLifecyclePage {
  assertNotHtml(SOURCE, url, text);
  const { headings, tables } = readMarkdown(text);
  const title = headings.find((h) => /retirement on /i.test(h.text));
  const date = title === undefined ? null : readCalendarDate(title.text.replace(/^.*retirement on /i, ''));
  if (title === undefined || date === null) throw layoutError(SOURCE, url, 'no "… Retirement on <date>" title with a readable date');
  const rows: LifecycleRow[] = [];
  for (const t of tables) {
    const [model, target] = [column(t, ['Model being retired', 'Model']), t.header.findIndex((h) => /^(redirect target|recommended replacement)/i.test(h))];
    if (model === -1) continue;
    if (target === -1) throw layoutError(SOURCE, url, `the retirement table has columns ${JSON.stringify(t.header)}`);
    for (const cells of t.rows) {
      const cell = modelCell(cells[model] ?? '');
      if (cell !== null) rows.push({ ...emptyRow(cell.name, sectionOf(t)), aliases: cell.aliases, retirement: date, replacement: cells[target] ?? null });
    }
  }
  return checkedPage(SOURCE, url, rows);
}
