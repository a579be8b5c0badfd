/**
 * The makers' deprecation pages of the simulated world, each in its maker's own format (the
 * fixtures' builders), rebuilt from the lifecycle facts data/ stores: the simulated refresh reads
 * as many records as the real pages list, so the facts stage's guards (a source that shrank by
 * more than half, keys renamed) see what they see in production. A maker data/ holds no facts of
 * keeps the testing world's one-record page. The pages stay as recorded during the replay (the
 * recorded change rates are OpenRouter's). Pure.
 */
import type { LifecycleSource, ModelFacts } from '../sources/facts.js';
import { anthropicPage, googlePage, mistralFiles, openAiPage, xaiGuide, type HistoryRow, type MistralDefinition, type StatusRow } from '../sources/firstparty/fixtures.js';
import type { FactsFile } from '../store/facts-store.js';
import type { Reply, Routes } from '../testing/upstream-server.js';
import { makerRoutes } from '../testing/world.js';

const markdown = (body: string): Reply => ({ kind: 'text', body, headers: { 'content-type': 'text/markdown; charset=utf-8' } });
const code = (name: string) => `\`${name}\``;

/** The retirement cell as the page would write it: the date, what it said instead (a note), or N/A. */
function retirementCell(fact: ModelFacts): string {
  return fact.retirement_date ?? fact.lifecycle?.note ?? 'N/A';
}

/**
 * The replacement cell: the text as recorded, each model it names as a code span (how the pages
 * mark API names, so they read back as the same names); the names alone when the text does not
 * hold them; N/A for none.
 */
export function replacementCell(fact: ModelFacts): string {
  const text = fact.lifecycle?.replacement ?? null;
  const names = fact.lifecycle?.replacement_names ?? [];
  if (text === null) return 'N/A';
  let cell = text;
  for (const name of names) {
    const at = new RegExp(`(^|[^\\w.\`-])${name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?![\\w.-])`).exec(cell);
    if (at === null) return names.map(code).join(' or ');
    const start = at.index + at[1]!.length;
    cell = `${cell.slice(0, start)}${code(name)}${cell.slice(start + name.length)}`;
  }
  return cell;
}

/** A model cell: its name, then the names the page says point to it. */
const modelCell = (fact: ModelFacts) => [fact.source_key, ...(fact.lifecycle?.aliases ?? [])].map(code).join(' \\| ');

/** Facts grouped by a key, in first-seen order. */
function groupBy(facts: readonly ModelFacts[], key: (fact: ModelFacts) => string): Map<string, ModelFacts[]> {
  const groups = new Map<string, ModelFacts[]>();
  for (const fact of facts) groups.set(key(fact), [...(groups.get(key(fact)) ?? []), fact]);
  return groups;
}

/** Anthropic: the models with a state in the status table; each announcement's models in its history table. */
function anthropic(facts: readonly ModelFacts[]): Routes {
  const status: StatusRow[] = facts
    .filter((f) => f.lifecycle?.state != null || f.lifecycle?.announced_at == null)
    .map((f) => ({ name: f.source_key, state: f.lifecycle?.state ?? '', deprecated: f.lifecycle?.deprecated_at ?? 'N/A', retirement: retirementCell(f) }));
  const announced = groupBy(
    facts.filter((f) => f.lifecycle?.announced_at != null),
    (f) => f.lifecycle!.announced_at!,
  );
  const history = [...announced].map(([date, rows]) => ({ date, title: 'Model retirements', rows: rows.map((f): HistoryRow => ({ retirement: retirementCell(f), name: f.source_key, replacement: replacementCell(f) })) }));
  return { '/makers/anthropic.md': markdown(anthropicPage(status, history)) };
}

/** OpenAI: one table per announcement date; a name another row lists beside its own is that row's. */
function openai(facts: readonly ModelFacts[]): Routes {
  const aliases = new Set(facts.flatMap((f) => f.lifecycle?.aliases ?? []));
  const own = facts.filter((f) => !aliases.has(f.source_key));
  const byDate = groupBy(own, (f) => f.lifecycle?.announced_at ?? f.lifecycle?.deprecated_at ?? f.retirement_date ?? '2020-01-01');
  const sections = [...byDate].map(([date, rows]) => ({ date, title: 'Model shutdowns', rows: rows.map((f) => ({ shutdown: retirementCell(f), model: modelCell(f), replacement: replacementCell(f) })) }));
  return { '/makers/openai.md': markdown(openAiPage(sections)) };
}

function google(facts: readonly ModelFacts[]): Routes {
  return { '/makers/google.md': markdown(googlePage(facts.map((f) => ({ name: f.source_key, shutdown: retirementCell(f), replacement: replacementCell(f) })))) };
}

/** xAI: one guide, one retirement date (the most common of the records). */
function xai(facts: readonly ModelFacts[]): Routes {
  const dates = [...groupBy(facts, (f) => f.retirement_date ?? '')].filter(([date]) => date !== '').sort((a, b) => b[1].length - a[1].length);
  const date = dates[0]?.[0] ?? '2026-05-15';
  return { '/makers/xai.md': markdown(xaiGuide(date, facts.map((f) => ({ name: f.source_key, target: replacementCell(f) })))) };
}

/** Mistral: one definition per record, its file named by the model page's slug. */
function mistral(facts: readonly ModelFacts[]): Routes {
  const files = new Set<string>();
  const definitions = facts.map((f): MistralDefinition => {
    const slug = /\/models\/([a-z0-9][a-z0-9-]*)$/.exec(f.lifecycle?.source_url ?? '')?.[1] ?? f.source_key.replace(/[^a-z0-9-]/g, '-');
    const file = files.has(slug) ? `${slug}-${files.size}` : slug;
    files.add(file);
    const metadata = Object.fromEntries(
      Object.entries({ deprecationDate: f.lifecycle?.deprecated_at, retirementDate: f.retirement_date ?? f.lifecycle?.note, replacement: f.lifecycle?.replacement }).filter((e): e is [string, string] => typeof e[1] === 'string'),
    );
    return { file, name: f.lifecycle?.display_name ?? f.source_key, status: f.lifecycle?.state ?? 'GA', apiNames: [f.source_key, ...(f.lifecycle?.aliases ?? [])], metadata };
  });
  return Object.fromEntries(Object.entries(mistralFiles(definitions)).map(([file, text]) => [`/makers/mistral/${file}`, markdown(text)]));
}

const BUILDERS: Record<LifecycleSource, (facts: readonly ModelFacts[]) => Routes> = {
  'anthropic-deprecations': anthropic,
  'openai-deprecations': openai,
  'google-deprecations': google,
  'mistral-deprecations': mistral,
  'xai-deprecations': xai,
};

/** Every maker's page: rebuilt from its stored facts, else the testing world's. */
export function recordedMakerRoutes(facts: Partial<Record<string, FactsFile>>): Routes {
  const routes = makerRoutes();
  for (const [source, build] of Object.entries(BUILDERS) as Array<[LifecycleSource, (facts: readonly ModelFacts[]) => Routes]>) {
    const file = facts[source];
    if (file === undefined || file.facts.length === 0) continue;
    // A page's routes replace the testing world's page as a whole (Mistral's is a folder of files).
    const prefix = source === 'mistral-deprecations' ? '/makers/mistral/' : null;
    if (prefix !== null) for (const path of Object.keys(routes)) if (path.startsWith(prefix)) delete routes[path];
    Object.assign(routes, build(file.facts));
  }
  return routes;
}
