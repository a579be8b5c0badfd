/**
 * Identity: which of our `<author>/<slug>` ids each secondary source's record belongs to.
 * Automatic, by the documented rules of identity-match.ts, on every run; data/identity.json
 * (reviewed by maintainers) only overrides them: `"key": "author/slug"` maps a key the rules
 * miss or get wrong, `"key": null` excludes a key from matching. A curated entry naming a model
 * we do not (yet) know is a warning and is skipped, never a stopped stage (store/identity-store.ts
 * reads the file).
 */
import type { ModelRecord } from '../models/types.js';
import { FACT_SOURCES, type FactSource, type ModelFacts } from './facts.js';
import { makerNames, modelShapes } from './identity-context.js';
import type { AmbiguousMatch, IdentityContext, IdentityMatch } from './identity-match.js';
import { matchWithNames } from './identity-alternates.js';

export { makerAliases, makerNames, modelShapes } from './identity-context.js';

/**
 * A record that is no one's name: part of another model, or (as stored before `part_of`) a maker's
 * own model delisted when OpenRouter came to list it under its own spelling.
 */
export function isSetAside(record: Pick<ModelRecord, 'origin' | 'delisted_at' | 'part_of'>): boolean {
  return record.part_of !== undefined || (record.origin === 'first-party' && record.delisted_at !== null);
}

/** Curated entries: our id, or null to exclude the key from automatic matching. */
export type IdentityMap = Record<FactSource, Record<string, string | null>>;

export interface MatchedFacts extends ModelFacts {
  match: IdentityMatch;
}

export interface MappedFacts {
  /** Our model id → that source's facts about it, in source-key order. */
  byModel: Map<string, MatchedFacts[]>;
  unmapped: number;
  ambiguous: AmbiguousMatch[];
}

/**
 * Pure: attaches one source's facts to our models: the automatic rules, then the curated
 * overrides and exclusions on top.
 */
export function mapFacts(facts: readonly ModelFacts[], curated: Readonly<Record<string, string | null>>, ourIds: readonly string[], context: IdentityContext = {}): MappedFacts {
  const auto = matchWithNames(facts, ourIds, context);
  const matched = new Map(auto.matches.map((m) => [m.source_key, m]));
  const curatedAa = new Set(Object.values(curated).filter((id): id is string => id !== null));
  const byModel = new Map<string, MatchedFacts[]>();
  let unmapped = 0;
  for (const fact of [...facts].sort((a, b) => (a.source_key < b.source_key ? -1 : a.source_key > b.source_key ? 1 : 0))) {
    let match: IdentityMatch | undefined;
    if (Object.hasOwn(curated, fact.source_key)) {
      const id = curated[fact.source_key];
      const firstParty = fact.author !== null && fact.provider !== null;
      match = id === null || id === undefined ? undefined : { source: fact.source, source_key: fact.source_key, model_id: id, kind: 'curated', first_party: firstParty, sets_model_retirement: firstParty };
    } else {
      match = matched.get(fact.source_key);
      // A curated benchmark record for a model replaces the automatic one.
      if (match !== undefined && fact.source === 'artificialanalysis' && curatedAa.has(match.model_id)) match = undefined;
    }
    if (match === undefined) {
      unmapped += 1;
      continue;
    }
    byModel.set(match.model_id, [...(byModel.get(match.model_id) ?? []), { ...fact, match }]);
  }
  const ambiguous = auto.ambiguous.filter((a) => !Object.hasOwn(curated, a.source_key));
  return { byModel, unmapped, ambiguous };
}

/**
 * Pure: every source's facts attached to our models (identity rules with the makers' aliases and
 * our models' shapes, then curated overrides), and the records left ambiguous.
 */
export function attachAllFacts(
  files: Partial<Record<FactSource, { facts: ModelFacts[] }>>,
  identity: IdentityMap,
  ourIds: readonly string[],
  models: Iterable<ModelRecord> = [],
): { byModel: Map<string, Partial<Record<FactSource, MatchedFacts[]>>>; ambiguous: AmbiguousMatch[] } {
  const list = [...models];
  // A maker's own model that is part of another (first-party-merge.ts) is no one's name any more.
  const superseded = new Set(list.filter(isSetAside).map((m) => m.id));
  if (superseded.size > 0) ourIds = ourIds.filter((id) => !superseded.has(id));
  const context: IdentityContext = { models: modelShapes(list.filter((m) => !superseded.has(m.id))), ...makerNames(FACT_SOURCES.flatMap((s) => files[s]?.facts ?? [])) };
  const byModel = new Map<string, Partial<Record<FactSource, MatchedFacts[]>>>();
  const ambiguous: AmbiguousMatch[] = [];
  for (const source of FACT_SOURCES) {
    const file = files[source];
    if (file === undefined) continue;
    const mapped = mapFacts(file.facts, identity[source], ourIds, context);
    ambiguous.push(...mapped.ambiguous);
    for (const [id, list] of mapped.byModel) byModel.set(id, { ...byModel.get(id), [source]: list });
  }
  return { byModel, ambiguous };
}
