/**
 * The duplicate check (pure; docs/data.md, "Identity"): no two published models may be one model.
 * It reads only the published catalog's ids and the makers' own pages, never what the identity
 * rules placed, so it cannot flatter them. Two models (records not `part_of` another) are one where:
 *
 * - `punctuation`: their ids differ only by punctuation (`claude-opus-4-8`, `claude-opus-4.8`);
 * - `same_name`: one's id is the name the other was made from or OpenRouter's canonical slug of it;
 * - `maker_name`: each carries one of the names a maker's page gives one model: a row's API name
 *   and the aliases it lists (OpenAI's `gpt-4-0613 | gpt-4`, Mistral's `apiNames`), Mistral's
 *   display name and that name with the API name's date (`mistral-medium-3`, `magistral-medium-1-2-2509`),
 *   a page's `-reasoning`/`-non-reasoning` rows of one name. A name two rows give (Mistral's
 *   `mistral-medium-3`, an alias of Medium 3.5 and Medium 3's display name) says nothing; a display
 *   name wins over another row's alias;
 * - `dated_name`: one's id is the other's canonical slug (OpenRouter's) as the maker dates it
 *   (xAI's `-MMDD`, `grok-4.20-0309` for `grok-4.20-20260309`; Mistral's `-YYMM` of the name or of its family,
 *   `mistral-medium-2604` for `mistral-medium-3.5-20260430`, and the page's display name with its API
 *   name's date, `Mistral Small 3.2` of `mistral-small-2506` for `mistral-small-3.2-24b-instruct-2506`),
 *   or a `-reasoning` and `-non-reasoning` pair of that name;
 * - `stable_name`: Google's `X` and its one stable version `X-001` (`gemini-2.0-flash`).
 *
 * A model carries its id's name, its canonical slug's (where no other model has that id: OpenRouter
 * lists `gpt-4o:extended` apart), and, made from a maker's record, that record's name.
 */
import type { ModelRecord } from '../models/types.js';
import { isLifecycleSource, type LifecycleSource, type ModelFacts } from './facts.js';
import { canonicalAuthor, FLOATING_NAMES, normalizeName } from './identity-names.js';

export const DUPLICATE_REASONS = ['punctuation', 'same_name', 'maker_name', 'dated_name', 'stable_name'] as const;
export type DuplicateReason = (typeof DUPLICATE_REASONS)[number];

export interface DuplicatePair {
  /** The two ids, in id order. */
  models: [string, string];
  reason: DuplicateReason;
  /** The name they share, and who says it is one model (`openai-deprecations gpt-4-0613`). */
  name: string;
  said_by: string | null;
}

/** Two published models are one model: the update never publishes the pair (docs/data.md, "Identity"). */
export class DuplicateModelsError extends Error {
  override readonly name = 'DuplicateModelsError';
  constructor(readonly pair: DuplicatePair) {
    super(`${pair.models[0]} and ${pair.models[1]} are one model (${pair.reason.replace('_', ' ')} ${pair.name}${pair.said_by === null ? '' : `, ${pair.said_by}`})`);
  }
}

type Record_ = Pick<ModelRecord, 'id' | 'upstream_id' | 'canonical_slug' | 'origin'> & { part_of?: string | null };

/** A dated name's date: `-YYYYMMDD` or `-YYYY-MM-DD` (a canonical slug's), as `{ base, yyyymmdd }`. */
const FULL_DATE = /^(.+)-(\d{4})-?(\d{2})-?(\d{2})$/;
/** Mistral's `-YYMM`, as its canonical slugs write it too (`mistral-small-3.2-24b-instruct-2506`). */
const MISTRAL_DATE = /^(.+)-(2[3-9])(0[1-9]|1[0-2])$/;

interface Entry {
  said_by: string;
  names: Set<string>;
  /** Mistral's display name read as a name (`mistral-small-3-2`) and the API name's date (`2506`). */
  display: string | null;
  date: string | null;
}

const displaySlug = (name: string) => normalizeName(name.trim().replace(/\s+/g, '-'));

/** The makers' entries: one per page row, with the names it gives one model; names two rows give are dropped. */
export function makerEntries(lifecycle: Iterable<Pick<ModelFacts, 'source' | 'source_key' | 'author' | 'lifecycle'>>): Map<string, Entry[]> {
  const byAuthor = new Map<string, Entry[]>();
  const rows = [...lifecycle].filter((f) => isLifecycleSource(f.source) && f.author !== null && f.lifecycle !== undefined);
  const displayCount = new Map<string, number>();
  for (const f of rows) if (f.lifecycle!.display_name) displayCount.set(`${f.source} ${displaySlug(f.lifecycle!.display_name)}`, (displayCount.get(`${f.source} ${displaySlug(f.lifecycle!.display_name)}`) ?? 0) + 1);
  const entries: Array<Entry & { author: string; source: LifecycleSource; display_names: Set<string> }> = [];
  for (const f of rows) {
    const key = normalizeName(f.source_key);
    const names = new Set([key, ...f.lifecycle!.aliases.map(normalizeName)]);
    const display = f.lifecycle!.display_name ? displaySlug(f.lifecycle!.display_name) : null;
    const unique = display !== null && displayCount.get(`${f.source} ${display}`) === 1 && display !== key;
    const date = /-(\d{4})$/.exec(key)?.[1] ?? null;
    const displayNames = new Set<string>();
    if (unique) {
      displayNames.add(display);
      if (date !== null && !display.endsWith(`-${date}`)) displayNames.add(`${display}-${date}`);
    }
    entries.push({ author: canonicalAuthor(f.author!), source: f.source as LifecycleSource, said_by: `${f.source} ${f.source_key}`, names: new Set([...names, ...displayNames]), display: unique ? display : null, date, display_names: displayNames });
  }
  // A page's `-reasoning` and `-non-reasoning` rows of one name are one model (xAI's `grok-4-1-fast-…`).
  const variants = new Map<string, typeof entries>();
  for (const e of entries) {
    const base = /^(.+?)-(?:non-)?reasoning$/.exec([...e.names][0]!)?.[1];
    if (base !== undefined) variants.set(`${e.source} ${base}`, [...(variants.get(`${e.source} ${base}`) ?? []), e]);
  }
  for (const [key, list] of variants) {
    if (list.length !== 2) continue;
    const base = key.slice(key.indexOf(' ') + 1);
    const [a, b] = list as unknown as [Entry, Entry];
    a.names = new Set([...a.names, ...b.names, base]);
    b.names = new Set();
  }
  // Only rows that join names say anything (OpenAI's page also lists each alias as a row of its own).
  // A name two of them give means neither; a display name wins over another row's alias.
  const joining = entries.filter((e) => e.names.size > 1);
  const count = new Map<string, number>();
  for (const e of joining) for (const n of e.names) count.set(`${e.source} ${n}`, (count.get(`${e.source} ${n}`) ?? 0) + 1);
  const displayedBy = new Map<string, number>();
  for (const e of joining) for (const n of e.display_names) displayedBy.set(`${e.source} ${n}`, (displayedBy.get(`${e.source} ${n}`) ?? 0) + 1);
  for (const e of joining) {
    const kept = [...e.names].filter((n) => (e.display_names.has(n) ? displayedBy.get(`${e.source} ${n}`) === 1 : count.get(`${e.source} ${n}`) === 1 && !displayedBy.has(`${e.source} ${n}`)));
    byAuthor.set(e.author, [...(byAuthor.get(e.author) ?? []), { said_by: e.said_by, names: new Set(kept), display: e.display, date: e.date }]);
  }
  return byAuthor;
}

/** The names a published model carries (normalized): its id's, its canonical slug's, the maker's record it was made from. */
function carried(record: Record_, ids: ReadonlySet<string>): string[] {
  const [author = '', slug = ''] = record.id.split('/');
  const names = [normalizeName(slug)];
  // OpenRouter's variant listings (`claude-3.7-sonnet:thinking`, `gpt-4o:extended`) share their model's canonical slug: listed apart at their own terms.
  const canonical = record.upstream_id.includes(':') ? undefined : record.canonical_slug?.split('/').pop();
  if (canonical !== undefined && !ids.has(`${author}|${normalizeName(canonical)}`)) names.push(normalizeName(canonical));
  // A floating name (`deepseek-chat`) names whatever the maker serves under it, not the fixed model our id of that spelling is.
  const madeFrom = record.upstream_id.split('/').pop()!.replace(/:\d+$/, '');
  if (record.origin === 'first-party' && !FLOATING_NAMES.includes(madeFrom)) names.push(normalizeName(madeFrom));
  return [...new Set(names)];
}

/** Pure: every pair of published models that are one model, in id order. */
export function findDuplicateModels(models: Iterable<Record_>, lifecycle: Iterable<Pick<ModelFacts, 'source' | 'source_key' | 'author' | 'lifecycle'>>): DuplicatePair[] {
  const published = [...models].filter((m) => !m.part_of).sort((a, b) => (a.id < b.id ? -1 : 1));
  const ids = new Set(published.map((m) => `${m.id.split('/')[0]}|${normalizeName(m.id.split('/')[1] ?? '')}`));
  const entries = makerEntries(lifecycle);
  // Key → the models that carry it, and what the key means.
  const holders = new Map<string, { reason: DuplicateReason; name: string; said_by: string | null; models: Set<string> }>();
  const hold = (key: string, reason: DuplicateReason, name: string, said_by: string | null, id: string) => {
    const h = holders.get(key) ?? { reason, name, said_by, models: new Set<string>() };
    // What makes the name one model's says why (`dated_name`), more than a name carried as such.
    if (h.reason === 'same_name' && reason !== 'same_name') Object.assign(h, { reason, name, said_by });
    h.models.add(id);
    holders.set(key, h);
  };
  const carriedBy = new Map(published.map((m) => [m.id, carried(m, ids)]));
  const author = (id: string) => canonicalAuthor(id.split('/')[0]!);
  // Every name any published model or maker's page gives: a `-reasoning` name is its base only where the `-non-reasoning` one is given too.
  const given = new Set<string>();
  for (const m of published) for (const n of carriedBy.get(m.id)!) given.add(`${author(m.id)}|${n}`);
  for (const [a, list] of entries) for (const e of list) for (const n of e.names) given.add(`${a}|${n}`);
  // A Mistral canonical slug's base and `YYMM`: `mistral-medium-2604`, and the page's display name with
  // its API name's date (`Mistral Small 3.2`, `mistral-small-2506`) for `mistral-small-3.2-24b-instruct-2506`.
  const holdMistral = (id: string, base: string, date: string) => {
    hold(`n|mistralai|${base}-${date}`, 'dated_name', `${base}-${date}`, null, id);
    // Mistral dates a version's API name by its family (`mistral-medium-3.5-20260430`: `mistral-medium-2604`).
    const family = /^(.+?)(?:-\d+){1,2}$/.exec(base)?.[1];
    if (family !== undefined && family.includes('-')) hold(`n|mistralai|${family}-${date}`, 'dated_name', `${family}-${date}`, null, id);
    for (const e of entries.get('mistralai') ?? []) {
      if (e.display !== null && e.date === date && (base === e.display || base.startsWith(`${e.display}-`))) hold(`e|${e.said_by}`, 'maker_name', `${e.display}-${e.date}`, e.said_by, id);
    }
  };
  const googleStable = new Map<string, string[]>();
  for (const m of published) {
    const a = author(m.id);
    for (const n of carriedBy.get(m.id)!) {
      hold(`n|${a}|${n}`, 'same_name', n, null, m.id);
      for (const e of entries.get(a) ?? []) if (e.names.has(n)) hold(`e|${e.said_by}`, 'maker_name', n, e.said_by, m.id);
      const pair = /^(.+?)-(non-)?reasoning$/.exec(n);
      if (pair !== null && given.has(`${a}|${pair[1]}-${pair[2] === undefined ? 'non-' : ''}reasoning`)) hold(`n|${a}|${pair[1]}`, 'dated_name', pair[1]!, null, m.id);
      const stable = /^(.+)-\d{3}$/.exec(n);
      if (a === 'google' && stable !== null) googleStable.set(stable[1]!, [...new Set([...(googleStable.get(stable[1]!) ?? []), m.id])]);
    }
    // Its canonical slug as the maker dates it: `-MMDD` (xAI), Mistral's `-YYMM`, the dated display name.
    const canonical = m.canonical_slug === undefined || m.upstream_id.includes(':') ? null : normalizeName(m.canonical_slug.split('/').pop()!);
    const full = canonical === null ? null : FULL_DATE.exec(canonical);
    if (full !== null) {
      const [, base, year, month, day] = full as unknown as [string, string, string, string, string];
      if (a === 'x-ai') hold(`n|${a}|${base}-${month}${day}`, 'dated_name', `${base}-${month}${day}`, null, m.id);
      if (a === 'mistralai') holdMistral(m.id, base, `${year.slice(2)}${month}`);
    }
    const yymm = canonical === null || a !== 'mistralai' ? null : MISTRAL_DATE.exec(canonical);
    if (yymm !== null) holdMistral(m.id, yymm[1]!, `${yymm[2]}${yymm[3]}`);
  }
  for (const [base, list] of googleStable) {
    const named = holders.get(`n|google|${base}`)?.models;
    if (list.length !== 1 || named === undefined) continue;
    for (const id of [list[0]!, ...named]) hold(`s|google|${base}`, 'stable_name', base, null, id);
  }
  const slugOf = (id: string) => normalizeName(id.split('/')[1] ?? '');
  const seen = new Set<string>();
  const pairs: DuplicatePair[] = [];
  for (const h of holders.values()) {
    const list = [...h.models].sort();
    for (let i = 0; i < list.length; i++) {
      for (let j = i + 1; j < list.length; j++) {
        const key = `${list[i]} ${list[j]}`;
        if (seen.has(key)) continue;
        seen.add(key);
        const reason = slugOf(list[i]!) === slugOf(list[j]!) ? 'punctuation' : h.reason;
        pairs.push({ models: [list[i]!, list[j]!], reason, name: h.name, said_by: h.said_by });
      }
    }
  }
  return pairs.sort((a, b) => (a.models[0] !== b.models[0] ? (a.models[0] < b.models[0] ? -1 : 1) : a.models[1] < b.models[1] ? -1 : a.models[1] > b.models[1] ? 1 : 0));
}

/**
 * The update's side of the check: of the models it would add (`made`), those that would be one with
 * a published model are refused, each pair a typed error, and it goes on. Two new ones that are one
 * model: the maker's API name (Google's stable `-001`, else the shorter id) is added, the other's
 * records join it by the rules next run (`chat-bison` is `chat-bison-001`) or stay reported. Pairs
 * among the models already stored are returned for the report (the build publishes them once).
 */
export function refuseDuplicates<R extends Record_>(stored: ReadonlyMap<string, R>, made: readonly R[], lifecycle: ReadonlyArray<Pick<ModelFacts, 'source' | 'source_key' | 'author' | 'lifecycle'>>): { added: R[]; refused: DuplicateModelsError[]; duplicates: DuplicateModelsError[] } {
  const after = new Map<string, R>(stored);
  for (const record of made) after.set(record.id, record);
  const apiNames = new Set(lifecycle.map((f) => normalizeName(f.source_key)));
  const rank = (id: string) => [apiNames.has(normalizeName(id.split('/')[1] ?? '')) ? 0 : 1, /-\d{3}$/.test(id) ? 0 : 1, id.length] as const;
  const preferred = (a: string, b: string) => {
    const [x, y] = [rank(a), rank(b)];
    const i = x.findIndex((v, k) => v !== y[k]);
    return i === -1 ? (a < b ? a : b) : x[i]! < y[i]! ? a : b;
  };
  const fresh = new Set(made.map((r) => r.id));
  const refusedIds = new Set<string>();
  const refused: DuplicateModelsError[] = [];
  const duplicates: DuplicateModelsError[] = [];
  for (const pair of findDuplicateModels(after.values(), lifecycle)) {
    const [a, b] = pair.models;
    if (refusedIds.has(a) || refusedIds.has(b)) continue;
    const drop = fresh.has(a) && fresh.has(b) ? (preferred(a, b) === a ? b : a) : fresh.has(a) ? a : fresh.has(b) ? b : null;
    if (drop === null) duplicates.push(new DuplicateModelsError(pair));
    else {
      refusedIds.add(drop);
      refused.push(new DuplicateModelsError(pair));
    }
  }
  return { added: made.filter((r) => !refusedIds.has(r.id)), refused, duplicates };
}
