/**
 * What a model's maker says about its lifecycle, from the makers' own deprecation pages (pure).
 * First party beats every aggregator: when the maker's page lists the model, its retirement date
 * (or its "not sooner than …", "to be announced", which are no date) is the model's, and its
 * recommended replacement is published; LiteLLM's and OpenRouter's dates only fill gaps.
 */
import { isLifecycleSource, type LifecycleSource } from '../sources/facts.js';
import type { MatchedFacts } from '../sources/identity.js';
import type { MatchKind } from '../sources/identity-names.js';

export interface MakerStatement {
  source: LifecycleSource;
  source_key: string;
  source_url: string;
  announced_at: string | null;
  retirement_date: string | null;
  deprecated_at: string | null;
  /** Why there is no date, or the earliest one the page gives (`not sooner than 2027-06-09`). */
  note: string | null;
  /** The maker's recommended replacement as written, and the API name of each alternative it names. */
  replacement: string | null;
  replacement_names: string[];
}

/** An exact name is the strongest evidence, an alias weaker, a snapshot standing for its model weakest. */
const KIND_RANK: Record<MatchKind, number> = { curated: 0, exact: 0, variant: 1, alias: 2, snapshot: 3 };

/**
 * The one statement that stands for the model: among the maker's names matched to it, the
 * strongest match (`gpt-audio-mini` over `gpt-audio-mini-2025-10-06`), then the latest
 * announcement, then the name.
 */
export function makerStatement(facts: readonly MatchedFacts[]): MakerStatement | null {
  const candidates = facts.filter((f) => isLifecycleSource(f.source) && f.lifecycle !== undefined && f.match.sets_model_retirement);
  candidates.sort(
    (a, b) =>
      KIND_RANK[a.match.kind] - KIND_RANK[b.match.kind] ||
      (b.lifecycle!.announced_at ?? '').localeCompare(a.lifecycle!.announced_at ?? '') ||
      (a.source_key < b.source_key ? -1 : a.source_key > b.source_key ? 1 : 0),
  );
  const best = candidates[0];
  if (best === undefined) return null;
  const l = best.lifecycle!;
  return {
    source: best.source as LifecycleSource,
    source_key: best.source_key,
    source_url: l.source_url,
    announced_at: l.announced_at,
    retirement_date: best.retirement_date,
    deprecated_at: l.deprecated_at,
    note: l.note,
    replacement: l.replacement,
    replacement_names: l.replacement_names,
  };
}
