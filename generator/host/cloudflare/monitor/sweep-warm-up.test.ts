import { describe, expect, it } from 'vitest';
import { warmUpSweep } from './sweep-warm-up.js';

describe('the sweep\'s warm-up at startup', () => {
  it('runs a run\'s whole path on its built-in sample, its store in memory: a model in trouble found, and kept since its first run', async () => {
    const result = await warmUpSweep();
    expect(result.report.read).toBe(3);
    expect(result.report.issues).toEqual([]);
    expect(result.report.warnings).toEqual([]);
    // Since its first run (00:00), not the last (00:03): the rotation and the heads went through the store's statements and back.
    expect(result.trouble.entries.map((e) => [e.id, e.state, e.since])).toEqual([['warm/c', 'outage', '2026-01-01T00:00:00Z']]);
    expect(result.rotation.withFigures).toBe(3);
    expect([...result.trouble.fresh].sort()).toEqual(['warm/a', 'warm/b', 'warm/c']);
  });
});
