/**
 * Which of a site's Netlify rules could match a request path at all, so that Netlify's engine
 * (netlify-engine.ts) is asked with those rules only, in their order, and still decides.
 *
 * Why: `netlify-redirector` tries the rules of the file one after another for every request: on
 * this machine about 17 ms for a stylesheet and 70 to 140 ms for a `cheapest` query against the
 * committed site's 2,616 rules, in `npm run serve` and in every test that routes through it.
 *
 * Why the answer cannot change: a rule whose `from` is a plain path (no splat `*`, no placeholder
 * `:name`, no host) matches that one path only. Netlify's engine takes a plain path literally
 * (letter case, escapes and repeated slashes count) but for one trailing slash; the key here
 * (`pathKey`) also folds case, escapes and repeated slashes, a margin that costs nothing. So a
 * path is offered every plain rule that might match it, and possibly some that do not; every other
 * rule is offered to every path. The first rule that matches in the whole list is the first that
 * matches among those offered, because the ones left out match nothing. The same holds for a
 * rule's query parameters (the 1,611 `cheapest` rules share one path): a rule that names a
 * parameter the query cannot hold (`namesIn`) is left out too.
 * `rule-candidates.test.ts` checks the engine's answers with and without this, path by path.
 */

/** True when `from` is one path, not a pattern: no splat, no placeholder, no host. */
export function isPlainPath(from: string): boolean {
  return from.startsWith('/') && !from.startsWith('//') && !from.includes('*') && !from.includes(':');
}

/** A path's key: the same for every spelling of it that any rule engine could take for the same path. */
export function pathKey(path: string): string {
  let decoded = path;
  try {
    decoded = decodeURIComponent(path);
  } catch {
    // A malformed escape: keep the path as sent (its key then equals only itself, lower-cased).
  }
  const key = decoded.toLowerCase().replace(/\/{2,}/g, '/').replace(/\/+$/, '');
  return key === '' ? '/' : key;
}

export interface RuleCandidates<Rule> {
  /** For each key of a plain rule's path: its bucket's plain rules and every pattern rule, in file order (one list per bucket). */
  byPath: Map<string, Rule[]>;
  /** Every pattern rule, in file order: the candidates of a path no plain rule names. */
  patterns: Rule[];
}

/**
 * Groups `rules` (in the order the engine reads them) by the paths they could match. Paths with
 * few plain rules share a bucket of up to `bucketSize` of them, so a site with a thousand plain
 * paths needs a few dozen engines rather than a thousand (parsing rules costs time too); a path
 * named by more rules (`cheapest`'s queries) has a bucket of its own.
 */
export function ruleCandidates<Rule extends { from: string }>(rules: readonly Rule[], bucketSize = 32): RuleCandidates<Rule> {
  // Each rule's key, or null for a pattern rule.
  const keys = rules.map((rule) => (isPlainPath(rule.from) ? pathKey(rule.from) : null));
  const counts = new Map<string, number>();
  for (const key of keys) if (key !== null) counts.set(key, (counts.get(key) ?? 0) + 1);
  const bucketOf = new Map<string, number>();
  let buckets = 0;
  /** The bucket small paths go into now, and how many plain rules it holds. */
  let shared = -1;
  let filling = 0;
  for (const key of [...counts.keys()].sort()) {
    const count = counts.get(key)!;
    if (count >= bucketSize) {
      bucketOf.set(key, buckets++);
      continue;
    }
    if (shared === -1 || filling + count > bucketSize) {
      shared = buckets++;
      filling = 0;
    }
    bucketOf.set(key, shared);
    filling += count;
  }
  const lists: Rule[][] = Array.from({ length: buckets }, () => []);
  const patterns: Rule[] = [];
  rules.forEach((rule, index) => {
    const key = keys[index]!;
    if (key !== null) {
      lists[bucketOf.get(key)!]!.push(rule);
      return;
    }
    patterns.push(rule);
    for (const list of lists) list.push(rule);
  });
  return { byPath: new Map([...bucketOf].map(([key, bucket]) => [key, lists[bucket]!])), patterns };
}

/** The rules that could match `path` (a request path, decoded as the engine reads it): one of a few shared lists. */
export function candidatesFor<Rule>(candidates: RuleCandidates<Rule>, path: string): Rule[] {
  return candidates.byPath.get(pathKey(path)) ?? candidates.patterns;
}

/** Every distinct candidate list, each once (an engine is made for each). */
export function candidateLists<Rule>(candidates: RuleCandidates<Rule>): Rule[][] {
  return [candidates.patterns, ...new Set(candidates.byPath.values())];
}

/**
 * The parameter names of `names` that a query could hold, by a test coarser than any reading of a
 * query an engine could make: the name appears, in any letter case, in the query as sent or
 * percent-decoded (`+` as a space). A rule asks for its parameters by name, so a rule naming one
 * that is not there matches nothing (Netlify's engine reads names as sent; the rest is margin).
 * netlify-redirector 0.5.0 puts a name unescaped into a regular expression, so a name holding a
 * regular-expression character always counts as present.
 */
export function namesIn(query: string, names: Iterable<string>): Set<string> {
  const sent = query.toLowerCase();
  let decoded = sent;
  try {
    decoded = decodeURIComponent(sent.replace(/\+/g, ' '));
  } catch {
    // A malformed escape: the query as sent is all there is to read.
  }
  const present = new Set<string>();
  for (const name of names) if (/[\\.+*?()|[\]{}^$]/.test(name) || sent.includes(name.toLowerCase()) || decoded.includes(name.toLowerCase())) present.add(name);
  return present;
}

/** Of `list`, in order, the rules all of whose parameter names are in `present` (rules without parameters all). */
export function withParamsIn<Rule>(list: readonly Rule[], present: ReadonlySet<string>, paramNames: (rule: Rule) => readonly string[]): Rule[] {
  return list.filter((rule) => paramNames(rule).every((name) => present.has(name)));
}
