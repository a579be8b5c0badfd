/**
 * Identity, the makers' own names for a record (pure; docs/data.md, "Identity", rules 3 and 4):
 * the forms a maker's word gives a name before any suffix is peeled, and the dated and stable
 * names tried where no form names a model of ours. identity-match.ts tries them in order.
 */
import { isLifecycleSource, type ModelFacts } from './facts.js';
import type { Candidate, Indexes } from './identity-indexes.js';
import { datedDisplay, normalizeName, type Form, type ReadKey } from './identity-names.js';

/** The makers' names the rules read (identity-context.ts, makerNames): canonical author → name → name. */
interface MakerNames {
  displayNames?: ReadonlyMap<string, ReadonlyMap<string, string>>;
  datedNames?: ReadonlyMap<string, ReadonlyMap<string, string>>;
  snapshotAliases?: ReadonlyMap<string, ReadonlyMap<string, readonly string[]>>;
}

type Fact = Pick<ModelFacts, 'source' | 'author'> & { lifecycle?: { display_name: string | null } };

/**
 * The maker's own word on this very name, in order (`word`), and the dated display names it
 * gives (`dated`: of the name; `aliased`: of what a maker's alias points to, `target`):
 * - its row's aliases, where one of them is one of our models (OpenAI: `gpt-4-0613 | gpt-4`, so
 *   `gpt-4-0613` is our `gpt-4`);
 * - a price list's spelling of the display name with the date, read as the maker's API name
 *   (`ministral-3-14b-2512` is `ministral-14b-2512`);
 * - its display name with the API name's date (`magistral-medium-2509`, Magistral Medium 1.2, is
 *   LiteLLM's `magistral-medium-1-2-2509`, one snapshot, not the undated `magistral-medium`);
 * - its display name (`mistral-medium-2508` is Mistral Medium 3.1; a page's own row too).
 */
export function makerForms(fact: Fact, read: Pick<ReadKey, 'author' | 'name'>, target: string | undefined, indexes: Pick<Indexes, 'ids' | 'uniqueDisplayNames'>, context: MakerNames): { word: Form[]; dated: string | null; aliased: string | null } {
  const lifecycle = isLifecycleSource(fact.source);
  const own = (fact.author !== null || lifecycle) && read.author !== null && target === undefined;
  const author = read.author ?? '';
  const aliasOf = own ? (context.snapshotAliases?.get(author)?.get(read.name) ?? []) : [];
  const aliasIds = new Set(aliasOf.flatMap((alias) => (indexes.ids.get(alias) ?? []).filter((id) => id.split('/')[0] === author)));
  const word: Form[] = aliasIds.size === 1 ? [{ name: normalizeName([...aliasIds][0]!.split('/')[1]!), kind: 'exact', snapshot: null }] : [];
  const pageDisplay = fact.lifecycle?.display_name;
  const makerDisplay =
    lifecycle && pageDisplay && indexes.uniqueDisplayNames.has(pageDisplay)
      ? normalizeName(pageDisplay.trim().replace(/\s+/g, '-'))
      : own && !lifecycle
        ? context.displayNames?.get(author)?.get(read.name)
        : undefined;
  const apiName = own ? context.datedNames?.get(author)?.get(read.name) : undefined;
  const dated = apiName !== undefined ? read.name : datedDisplay(makerDisplay, read.name);
  if (apiName !== undefined) word.push({ name: apiName, kind: 'exact', snapshot: null });
  if (dated !== null && dated !== read.name) word.push({ name: dated, kind: 'exact', snapshot: null });
  const display = makerDisplay ?? (apiName === undefined ? undefined : context.displayNames?.get(author)?.get(apiName));
  if (display !== undefined) word.push({ name: display, kind: 'exact', snapshot: null });
  // So is the name a maker's alias points to (`magistral-medium-latest` → `magistral-medium-2509`).
  const aliased = target === undefined || read.author === null ? null : datedDisplay(context.displayNames?.get(read.author)?.get(normalizeName(target)), normalizeName(target));
  return { word, dated, aliased };
}

/**
 * Where no form names a model of ours, before a date is peeled (rule 4), in this order: Mistral's
 * display name with the API name's date, the maker's word (`Mistral Small 3.2`, `mistral-small-2506`,
 * is `mistral-small-3.2-24b-instruct-2506`); a shorter Mistral name with the date, only a guess its
 * record must agree with (`mistral-medium-2604` for `mistral-medium-3.5-20260430`); Google's
 * undated name, its one stable version `-001`, where its record agrees (`priced`: rule 5 applies).
 */
export function datedCandidate(read: Pick<ReadKey, 'author' | 'name'>, fullName: string, dated: string | null, aliased: string | null, indexes: Pick<Indexes, 'external' | 'stable'>, priced: boolean): Candidate {
  const byAuthor = (id: string | undefined) => (id !== undefined && (read.author === null || id.split('/')[0] === read.author) ? id : undefined);
  for (const name of [dated, aliased]) {
    const id = name === null ? undefined : byAuthor(indexes.external.get(`prefixed:${name}`));
    if (id !== undefined) return { ok: true, id, kind: name === aliased ? 'alias' : 'exact', floating: false, name: name! };
  }
  const family = byAuthor(indexes.external.get(`prefixed:${read.name}`));
  if (family !== undefined) return { ok: true, id: family, kind: 'snapshot', floating: priced, name: read.name };
  const stable = read.author === 'google' ? indexes.stable.get(fullName) : undefined;
  if (stable !== undefined) return { ok: true, id: stable, kind: 'alias', floating: priced, name: fullName };
  return null;
}
