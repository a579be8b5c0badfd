import { existsSync } from 'node:fs';
import { relative, sep } from 'node:path';
import { describe, expect, it } from 'vitest';
import { TEST_SCRATCH_ENV, tempDir } from './tree.js';

describe('tempDir', () => {
  it("makes each test's directory inside the run's scratch directory, which the global setup removes", async () => {
    const scratch = process.env[TEST_SCRATCH_ENV];
    expect(scratch, 'the global setup names the run scratch directory').toBeTruthy();
    const dir = await tempDir('tree-test');
    const inside = relative(scratch!, dir);
    expect(inside.startsWith('..') || inside.includes(sep)).toBe(false);
    expect(inside).toMatch(/^modelpulse-tree-test-/);
    expect(existsSync(dir)).toBe(true);
  });
});
