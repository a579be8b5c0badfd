import { describe, expect, it } from 'vitest';
import { normalizeRetirementDate, strictUtcDate } from './dates.js';
import { perTokenToPerMillion } from './price.js';

describe('strict dates', () => {
  it('takes YYYY-MM-DD, or a full ISO time converted to its UTC day, and nothing else', () => {
    expect(strictUtcDate('2026-09-01')).toBe('2026-09-01');
    expect(strictUtcDate('2026-09-01T00:00:00Z')).toBe('2026-09-01');
    // Cutting these to ten characters would give the wrong day.
    expect(strictUtcDate('2026-09-01T00:30:00+02:00')).toBe('2026-08-31');
    expect(strictUtcDate('2026-09-01T23:30:00-05:00')).toBe('2026-09-02');
    expect(strictUtcDate('2026-09-01T12:00:00.250Z')).toBe('2026-09-01');
    for (const bad of ['2026-09-01junk', '2026-09-01 12:00', '2026-09-01T12:00:00', '2026-09', '2026-02-30', '2026-02-30T00:00:00Z', '01/09/2026', '2026-09-01T25:00:00Z']) {
      expect(strictUtcDate(bad), bad).toBeNull();
    }
  });

  it('reports a malformed retirement date and keeps placeholders as none', () => {
    expect(normalizeRetirementDate('2026-09-01junk')).toEqual({ ok: false, reason: 'retirement date is not YYYY-MM-DD or a full ISO 8601 time: "2026-09-01junk"' });
    expect(normalizeRetirementDate('2098-12-31T00:00:00Z')).toEqual({ ok: true, value: null });
    expect(normalizeRetirementDate('  ')).toEqual({ ok: true, value: null });
  });
});

describe('unrepresentable prices', () => {
  it('refuses a per-token price that underflows to 0 or overflows to Infinity', () => {
    expect(perTokenToPerMillion('1e-400', 'prompt')).toEqual({ ok: false, reason: 'prompt cannot be represented as a number: 1e-400' });
    expect(perTokenToPerMillion(`0.${'0'.repeat(400)}1`, 'prompt')).toMatchObject({ ok: false });
    expect(perTokenToPerMillion('1e400', 'prompt')).toEqual({ ok: false, reason: 'prompt cannot be represented as a number: 1e400' });
    // A real zero stays free; -1 stays "variable".
    expect(perTokenToPerMillion('0', 'prompt')).toEqual({ ok: true, value: 0 });
    expect(perTokenToPerMillion('0e-400', 'prompt')).toEqual({ ok: true, value: 0 });
    expect(perTokenToPerMillion('-1', 'prompt')).toEqual({ ok: true, value: null });
  });
});
