/**
 * The Gemini API's "Gemini deprecations" page (`.md.txt` form): one table per family,
 * `**Model** | **Release date** | **Shutdown date** | **Recommended replacement**` (`**Agent**`
 * for managed agents), with `| Preview models ||||` divider rows. The page says its shutdown
 * dates are the earliest possible ones; they are the dates it announces.
 */
import { column, isDividerRow, readMarkdown } from './markdown.js';
import { assertNotHtml, checkedPage, emptyRow, layoutError, modelCell, sectionOf } from './parse-common.js';
import type { LifecycleRow, ParsedLifecyclePage } from './schema.js';

const SOURCE = 'google-deprecations';

export function parseGooglePage(text: string, url: string): ParsedLifecyclePage {
  assertNotHtml(SOURCE, url, text);
  const { tables } = readMarkdown(text);
  const rows: LifecycleRow[] = [];
  for (const t of tables) {
    const [model, when, replacement] = [column(t, ['Model', 'Agent']), column(t, ['Shutdown date']), column(t, ['Recommended replacement'])];
    if (model === -1 || when === -1 || replacement === -1) throw layoutError(SOURCE, url, `a table under "${sectionOf(t)}" has columns ${JSON.stringify(t.header)}`);
    for (const cells of t.rows) {
      if (isDividerRow(cells)) continue;
      const cell = modelCell(cells[model] ?? '');
      if (cell === null) continue;
      rows.push({ ...emptyRow(cell.name, sectionOf(t)), aliases: cell.aliases, retirement: cells[when] ?? null, replacement: cells[replacement] ?? null });
    }
  }
  return checkedPage(SOURCE, url, rows);
}
