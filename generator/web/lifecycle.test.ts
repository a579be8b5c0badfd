import { describe, expect, it } from 'vitest';
import { lifecycleWords } from './lifecycle.js';

const TODAY = '2026-11-23';

describe("a model's lifecycle in words, on the reader's day", () => {
  it('an active model with a tentative earliest date is active and says "not before", never deprecated', () => {
    const words = lifecycleWords({ status: 'active', not_before: '2027-06-30' }, null, null, TODAY);
    expect(words).toEqual({ status: 'active', sentence: 'Active: no retirement date announced; not before 2027-06-30.', retirement: 'none announced (not before 2027-06-30)' });
    expect(words.sentence).not.toMatch(/deprecat/i);
  });

  it('a deprecation says when, and why there is no date where the maker gives none', () => {
    expect(lifecycleWords({ status: 'deprecated', not_before: null, deprecated_at: '2026-09-30' }, { retirement_date: '2026-11-30', deprecated_at: '2026-09-30', note: null }, '2026-11-30', TODAY).sentence).toBe('Deprecated on 2026-09-30: retires on 2026-11-30.');
    expect(lifecycleWords({ status: 'deprecated', not_before: null }, { retirement_date: null, deprecated_at: '2026-06-09', note: 'to be announced' }, null, TODAY).sentence).toBe('Deprecated on 2026-06-09: no retirement date yet (to be announced).');
  });

  it('a retirement date that passed since the data was judged reads retired for the reader', () => {
    const words = lifecycleWords({ status: 'deprecated', not_before: null }, { retirement_date: '2026-10-23', deprecated_at: null, note: null }, '2026-10-23', TODAY);
    expect(words).toMatchObject({ status: 'retired', sentence: 'Retired on 2026-10-23.', retirement: '2026-10-23' });
  });

  it('an unknown lifecycle says nothing rather than guess', () => {
    expect(lifecycleWords({ status: null, not_before: null }, null, null, TODAY)).toEqual({ status: null, sentence: '', retirement: 'none announced' });
  });
});
