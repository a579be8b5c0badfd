/**
 * A model's lifecycle in words, as the reader's day sees it: pure (the caller passes today's UTC
 * date). The API judges the status as of the data's `as_of`; a date that passed since reads
 * retired here, as on the deprecations page. Nothing active is called deprecated: an active
 * model with the maker's tentative earliest date says "not before" that date.
 */
import type { EntryLifecycle, ModelDeprecation } from '../types/api-types.js';

/** The lifecycle fields the page reads (an entry's, or a detail's with its dates). */
export type ShownLifecycle = EntryLifecycle & { deprecated_at?: string | null };

export interface LifecycleWords {
  /** The status for the reader's day (null: unknown). */
  status: EntryLifecycle['status'];
  /** One sentence: the status and its dates ("Active: no retirement date announced; not before 2027-06-30."). */
  sentence: string;
  /** For the facts list: the retirement date, or why there is none. */
  retirement: string;
}

const STATUS_WORDS = { active: 'Active', legacy: 'Legacy (no longer updated)', deprecated: 'Deprecated', retired: 'Retired' } as const;

export function lifecycleWords(lifecycle: ShownLifecycle, deprecation: Pick<ModelDeprecation, 'retirement_date' | 'deprecated_at' | 'note'> | null, retirementDate: string | null, today: string): LifecycleWords {
  const notBefore = lifecycle.not_before ?? null;
  const deprecatedAt = deprecation?.deprecated_at ?? lifecycle.deprecated_at ?? null;
  const passed = retirementDate !== null && retirementDate <= today;
  const status = passed ? 'retired' : lifecycle.status;
  const retirement = retirementDate ?? (notBefore === null ? 'none announced' : `none announced (not before ${notBefore})`);
  if (status === null) return { status, sentence: '', retirement };
  if (status === 'retired') return { status, sentence: retirementDate === null ? 'Retired.' : passed ? `Retired on ${retirementDate}.` : `Retired (retirement date ${retirementDate}).`, retirement };
  const when =
    retirementDate !== null ? `retires on ${retirementDate}`
    : status === 'deprecated' ? `no retirement date yet${deprecation?.note == null || notBefore !== null ? '' : ` (${deprecation.note})`}`
    : 'no retirement date announced';
  const head = `${STATUS_WORDS[status]}${status === 'deprecated' && deprecatedAt !== null ? ` on ${deprecatedAt}` : ''}`;
  return { status, sentence: `${head}: ${when}${retirementDate === null && notBefore !== null ? `; not before ${notBefore}` : ''}.`, retirement };
}
