import { describe, expect, it } from 'vitest';
import { isRetired, orderDeprecations, utcDay } from './deprecations.js';

const row = (model_id: string, retirement_date: string, retired = false) => ({ model_id, retirement_date, retired });

describe('the deprecation list for a given day', () => {
  const rows = [row('a/old', '2025-07-21', true), row('a/next', '2026-10-23'), row('a/gone', '2026-06-15', true), row('a/later', '2027-02-26'), row('b/next', '2026-10-23'), row('a/today', '2026-08-01')];

  it('puts the next retirement first, then the retired ones newest first', () => {
    expect(orderDeprecations(rows, '2026-08-01').map((r) => [r.model_id, r.retired])).toEqual([
      ['a/next', false],
      ['b/next', false],
      ['a/later', false],
      ['a/today', true],
      ['a/gone', true],
      ['a/old', true],
    ]);
  });

  it('judges `retired` against the reader\'s day, not the data\'s', () => {
    const published = orderDeprecations(rows, '2026-08-01');
    const reader = orderDeprecations(published, '2026-11-01');
    expect(reader.filter((r) => !r.retired).map((r) => r.model_id)).toEqual(['a/later']);
    expect(reader[1]).toMatchObject({ model_id: 'a/next', retired: true });
    expect(isRetired('2026-11-01', '2026-11-01')).toBe(true);
    expect(utcDay(new Date('2026-11-01T23:59:59Z'))).toBe('2026-11-01');
  });

  it('keeps the rows\' own `retired` when no day is given', () => {
    expect(orderDeprecations([row('x/a', '2026-01-01', false), row('x/b', '2020-01-01', true)], null).map((r) => r.model_id)).toEqual(['x/a', 'x/b']);
  });
});
