import { describe, expect, it } from 'vitest';
import { threadCpuNs } from './thread-clock.js';

describe('threadCpuNs', () => {
  it("reads this thread's CPU clock in nanoseconds, and it moves with work done between two readings", () => {
    const before = threadCpuNs();
    expect(before, "Node's WASI answers the thread CPU clock on Linux").not.toBeNull();
    let sum = 0;
    for (let i = 0; i < 200_000; i += 1) sum += Math.sqrt(i);
    const after = threadCpuNs()!;
    expect(sum).toBeGreaterThan(0);
    expect(Number.isSafeInteger(after)).toBe(true);
    expect(after).toBeGreaterThan(before!);
  });
});
