/**
 * OpenAI's "Deprecations" page (`.md` form): one table per announcement under
 * `### YYYY-MM-DD: …` (some with `####` sub-tables). Model tables have a shutdown-date column, a
 * model column (`Model / system`, `Model snapshot`, `Deprecated model`, `Legacy model`, `System`,
 * `Model family / snapshot`) and a replacement column (`Recommended replacement`, `Substitute
 * model`); product timelines (`Date | Update`) are not about models. A model cell such as
 * `` `o1-2024-12-17` \| `o1` `` names a snapshot and its aliases; cells that are not model names
 * (APIs, headers, "New fine-tuning training on …") are skipped. Every announcement becomes rows;
 * translate keeps each name's latest. The page's closing "Plain-text aliases" list (`snapshot |
 * aliases`) adds its aliases to the rows of those snapshots.
 */
import { column, readMarkdown, type MdTable } from './markdown.js';
import { announcementDate, assertNotHtml, checkedPage, emptyRow, layoutError, modelCell, sectionOf } from './parse-common.js';
import { API_NAME, type LifecycleRow, type ParsedLifecyclePage } from './schema.js';

const SOURCE = 'openai-deprecations';
const DATE_COLUMNS = ['Shutdown date', 'Retirement date'];
const MODEL_COLUMNS = ['Model / system', 'Model snapshot', 'Deprecated model', 'Legacy model', 'System', 'Model family / snapshot', 'Model'];
const REPLACEMENT_COLUMNS = ['Recommended replacement', 'Substitute model', 'Recommended replacement base model'];
/** Tables of product milestones: no model in them. */
const TIMELINE_COLUMNS = ['Date', 'Update'];

function isTimeline(t: MdTable): boolean {
  return TIMELINE_COLUMNS.every((name) => column(t, [name]) !== -1);
}

export function parseOpenAiPage(text: string, url: string): ParsedLifecyclePage {
  assertNotHtml(SOURCE, url, text);
  const { tables } = readMarkdown(text);
  const rows: LifecycleRow[] = [];
  for (const t of tables) {
    if (isTimeline(t)) continue;
    const announced = announcementDate(t.headings);
    const [when, model, replacement] = [column(t, DATE_COLUMNS), column(t, MODEL_COLUMNS), column(t, REPLACEMENT_COLUMNS)];
    if (when === -1 || model === -1 || replacement === -1 || announced === null) {
      throw layoutError(SOURCE, url, `a table under "${sectionOf(t)}" has columns ${JSON.stringify(t.header)}${announced === null ? ' and no dated announcement above it' : ''}`);
    }
    for (const cells of t.rows) {
      const cell = modelCell(cells[model] ?? '');
      if (cell === null) continue;
      rows.push({ ...emptyRow(cell.name, sectionOf(t)), aliases: cell.aliases, announced, retirement: cells[when] ?? null, replacement: cells[replacement] ?? null });
    }
  }
  // The page ends with the same aliases as a plain list (`- gpt-4-0613 | gpt-4, gpt-4-completions`): a row it names takes every alias either gives.
  for (const [name, aliases] of plainTextAliases(text)) {
    for (const row of rows) if (row.api_name === name) row.aliases = [...new Set([...row.aliases, ...aliases])];
  }
  return checkedPage(SOURCE, url, rows);
}

/**
 * The "Plain-text aliases" list at the page's end: `- <snapshot> | <alias>, <alias>` under its
 * heading, to the next heading. A snapshot no row retires gets no row of its own from it.
 */
export function plainTextAliases(text: string): Map<string, string[]> {
  const out = new Map<string, string[]>();
  let inList = false;
  for (const line of text.split('\n')) {
    const heading = /^#{1,6}\s+(.*)$/.exec(line.trim());
    if (heading !== null) {
      inList = /^plain[- ]text aliases$/i.test(heading[1]!.trim());
      continue;
    }
    const item = inList ? /^[-*]\s+`?([A-Za-z0-9][A-Za-z0-9._:-]*)`?\s*\|\s*(.+)$/.exec(line.trim()) : null;
    if (item === null) continue;
    const aliases = item[2]!.split(',').map((a) => a.trim().replace(/`/g, '').toLowerCase()).filter((a) => API_NAME.test(a));
    if (aliases.length > 0) out.set(item[1]!.toLowerCase(), aliases);
  }
  return out;
}
