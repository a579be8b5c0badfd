/**
 * Pure: a parsed deprecation page to facts, one per API name. Where a name was announced more
 * than once, the latest announcement stands (OpenAI moved `gpt-4-1106-preview` from 2026-03-26 to
 * 2026-10-23). Dates are read as written (dates.ts): an earliest date or "to be announced" is no
 * retirement date, and the fact's `note` says what the page said; an unreadable date is an issue.
 */
import type { FactIssue, FactsObservation, LifecycleSource, ModelFacts } from '../facts.js';
import { readLifecycleDate } from './dates.js';
import { codeSpans, plainText } from './markdown.js';
import { bareName } from './parse-common.js';
import { API_NAME, type LifecycleRow, type ParsedLifecyclePage } from './schema.js';

export interface LifecyclePageInfo {
  source: LifecycleSource;
  /** The maker as the other sources name it (`anthropic`, `openai`, `google`, `mistral`, `xai`). */
  maker: string;
  /** The page for people, published as `source_url`. */
  pageUrl: string;
  /** The page's dates of deprecation are its announcement dates (OpenAI: "deprecated when announced"). */
  announcementIsDeprecation: boolean;
  /**
   * The names a row gives beside the model retire with it (OpenAI: `` `o1-2024-12-17` \| `o1` ``),
   * so each becomes a fact of its own; otherwise they only say where the maker's aliases point
   * (Mistral: `mistral-large-latest` moves on to the next Mistral Large).
   */
  aliasesRetire: boolean;
}

const NO_REPLACEMENT = /^(-+|—|–|n\/a|none)?$/i;

/**
 * The replacement as written, markup removed, and the API name of each alternative it offers
 * (`a` or `b`; `a`, `b`, or `c`). An alternative is named by its first code span (`grok-4.3` with
 * `low` reasoning effort names grok-4.3) or by a bare name; when one alternative names no model
 * ("or the GA models on …") the list is empty: only one name means one model.
 */
export function readReplacement(cell: string | null, resolved: string[] | null): { text: string | null; names: string[] } {
  const text = cell === null ? '' : plainText(cell);
  if (NO_REPLACEMENT.test(text)) return { text: null, names: [] };
  if (resolved !== null) return { text, names: resolved };
  const alternatives = cell!.replace(/\([^)]*\)/g, ' ').split(/,\s*(?:or\s+)?|\s+or\s+/).filter((a) => a.trim() !== '');
  const names: string[] = [];
  for (const alternative of alternatives) {
    const span = codeSpans(alternative)[0]?.toLowerCase().replace(/\*+$/, '');
    const name = span !== undefined && API_NAME.test(span) ? span : bareName(alternative.replace(/\*+$/, ''));
    if (name === null) return { text, names: [] };
    names.push(name);
  }
  return { text, names: [...new Set(names)] };
}

/** Rows of one name: the latest announcement first, then page order. */
function latestFirst(rows: readonly LifecycleRow[]): LifecycleRow[] {
  return rows.map((row, i) => ({ row, i })).sort((a, b) => (b.row.announced ?? '').localeCompare(a.row.announced ?? '') || a.i - b.i).map((x) => x.row);
}

const same = (a: LifecycleRow, b: LifecycleRow) => a.retirement === b.retirement && a.replacement === b.replacement && a.announced === b.announced;

export function translateLifecyclePage(page: ParsedLifecyclePage, info: LifecyclePageInfo): FactsObservation {
  const issues: FactIssue[] = page.invalid.map(({ key, reason }) => ({ source: info.source, source_key: key, reason: `record not read: ${reason}` }));
  const byName = new Map<string, LifecycleRow[]>();
  for (const row of page.rows) byName.set(row.api_name, [...(byName.get(row.api_name) ?? []), row]);
  const facts: ModelFacts[] = [];
  for (const [name, rows] of byName) {
    const [row, ...others] = latestFirst(rows);
    const rival = others.find((o) => o.announced === row!.announced && !same(o, row!));
    if (rival !== undefined) issues.push({ source: info.source, source_key: name, reason: `listed twice in one announcement with different dates or replacements ("${row!.section}", "${rival.section}"); the first is kept` });
    facts.push(toFact(row!, info, issues));
  }
  if (info.aliasesRetire) {
    const named = new Set(byName.keys());
    for (const fact of [...facts]) {
      for (const alias of fact.lifecycle!.aliases) {
        if (named.has(alias)) continue;
        named.add(alias);
        facts.push({ ...fact, source_key: alias, model_name: alias, lifecycle: { ...fact.lifecycle!, aliases: [] } });
      }
    }
  }
  facts.sort((a, b) => (a.source_key < b.source_key ? -1 : a.source_key > b.source_key ? 1 : 0));
  return { facts, issues };
}

function toFact(row: LifecycleRow, info: LifecyclePageInfo, issues: FactIssue[]): ModelFacts {
  const retirement = readLifecycleDate(row.retirement);
  const deprecated = readLifecycleDate(row.deprecated);
  let note: string | null = null;
  if (retirement.kind === 'not_before') note = `not sooner than ${retirement.date}`;
  // An empty cell or `N/A` says nothing worth repeating; "to be announced" and the like do.
  else if (retirement.kind === 'none' && retirement.reason !== 'no date given') note = retirement.reason;
  else if (retirement.kind === 'unreadable') {
    note = 'retirement date not readable';
    issues.push({ source: info.source, source_key: row.api_name, reason: `retirement date not readable, left out: ${JSON.stringify(retirement.text)}` });
  }
  if (deprecated.kind === 'unreadable') issues.push({ source: info.source, source_key: row.api_name, reason: `deprecation date not readable, left out: ${JSON.stringify(deprecated.text)}` });
  const replacement = readReplacement(row.replacement, row.replacement_names);
  const retirementDate = retirement.kind === 'exact' ? retirement.date : null;
  const deprecatedAt = deprecated.kind === 'exact' ? deprecated.date : info.announcementIsDeprecation ? row.announced : null;
  const state = row.state?.toLowerCase() ?? null;
  return {
    source: info.source,
    source_key: row.api_name,
    provider: info.maker,
    author: info.maker,
    model_name: row.api_name,
    price: null,
    price_tiers: [],
    context_length: null,
    max_output: null,
    retirement_date: retirementDate,
    deprecated: retirementDate !== null || deprecatedAt !== null || state === 'deprecated' || state === 'retired',
    benchmarks: {},
    lifecycle: {
      source_url: row.url ?? info.pageUrl,
      announced_at: row.announced,
      deprecated_at: deprecatedAt,
      state: row.state,
      note,
      replacement: replacement.text,
      replacement_names: replacement.names,
      aliases: row.aliases,
      display_name: row.display_name,
    },
    ...(row.maker_price === null ? {} : { maker_price: { ...row.maker_price, cache_write: null } }),
  };
}
