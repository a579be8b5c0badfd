/**
 * What a model's maker says about its lifecycle, from the makers' own deprecation pages (pure).
 * First party beats every aggregator: when the maker's page lists the model, its retirement date
 * (or its "not sooner than …", "to be announced", which are no date) is the model's, and its
 * recommended replacement is published; LiteLLM's and OpenRouter's dates only fill gaps.
 *
 * The model's lifecycle status is the maker's word mapped to one set (docs/api.md, "Lifecycle"):
 * a tentative earliest retirement date ("not sooner than …") keeps an active model active.
 */
import { isRetired } from './dates.js';
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
  /** The state the page gives, as written (`Active`, `GA`, `Deprecated`…), or null where it gives none. */
  state: string | null;
  /** The tentative earliest retirement date the page gives ("not sooner than …"), or null. */
  not_before: string | null;
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
    state: l.state,
    not_before: notBeforeOf(l.note),
    replacement: l.replacement,
    replacement_names: l.replacement_names,
  };
}

/** The statuses a model's lifecycle is mapped to, from first to last. */
export const LIFECYCLE_STATUSES = ['active', 'legacy', 'deprecated', 'retired'] as const;
export type LifecycleStatus = (typeof LIFECYCLE_STATUSES)[number];

/** The makers' words for a state (lower case, without spaces), mapped: a preview is offered, so active. */
const MAKER_STATES: Readonly<Record<string, LifecycleStatus>> = {
  active: 'active',
  ga: 'active',
  publicpreview: 'active',
  preview: 'active',
  legacy: 'legacy',
  deprecated: 'deprecated',
  retired: 'retired',
};

/** The maker's state word mapped to our set, or null for a word we do not know (then the dates decide). */
export function mapMakerState(state: string | null): LifecycleStatus | null {
  return state === null ? null : (MAKER_STATES[state.toLowerCase().replace(/[\s_-]+/g, '')] ?? null);
}

/**
 * The earliest retirement date in the note the firstparty adapter writes for a "Not sooner than …"
 * (sources/firstparty/translate.ts: `not sooner than YYYY-MM-DD`), or null.
 */
export function notBeforeOf(note: string | null): string | null {
  return /^not sooner than (\d{4}-\d{2}-\d{2})$/.exec(note ?? '')?.[1] ?? null;
}

/**
 * Pages that list current models beside deprecated ones without a state column (Google's lists
 * every model with its shutdown date or "No shutdown date announced"): a row there without a
 * date is an active model. The other state-less pages list deprecations only.
 */
const LISTS_CURRENT_MODELS: ReadonlySet<LifecycleSource> = new Set(['google-deprecations']);

export interface ModelLifecycle {
  status: LifecycleStatus | null;
  /** What the status rests on: the maker's own state, the dates (announced or passed), or nothing. */
  basis: 'maker' | 'dates' | null;
  /** The maker's state as its page writes it, or null. */
  maker_state: string | null;
  deprecated_at: string | null;
  retirement_date: string | null;
  not_before: string | null;
}

/**
 * Pure: the model's lifecycle as of `asOfDay` (YYYY-MM-DD). A retirement date on or before it
 * retires the model whatever a page said before; otherwise the maker's state stands where its page
 * gives one; else a listing with a date (or on a deprecations-only page) is a deprecation, a
 * listing without one on a page of current models is active; without the maker, an announced
 * date is a deprecation and no date is unknown (null), never a guess.
 */
export function modelLifecycle(maker: MakerStatement | null, retirementDate: string | null, deprecatedAt: string | null, asOfDay: string | null): ModelLifecycle {
  const base = { maker_state: maker?.state ?? null, deprecated_at: deprecatedAt, retirement_date: retirementDate, not_before: maker?.not_before ?? null };
  if (retirementDate !== null && asOfDay !== null && isRetired(retirementDate, asOfDay)) return { status: 'retired', basis: 'dates', ...base };
  if (maker !== null) {
    const stated = mapMakerState(maker.state);
    if (stated !== null) return { status: stated, basis: 'maker', ...base };
    const deprecated = retirementDate !== null || deprecatedAt !== null || !LISTS_CURRENT_MODELS.has(maker.source);
    return { status: deprecated ? 'deprecated' : 'active', basis: 'maker', ...base };
  }
  return retirementDate !== null ? { status: 'deprecated', basis: 'dates', ...base } : { status: null, basis: null, ...base };
}
