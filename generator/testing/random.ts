/**
 * A seeded pseudo-random generator for tests and benchmarks: mulberry32, whose successive draws
 * are independent enough for sampling (a plain linear congruential generator's are not: drawing
 * several values per query from one made 200,000 queries hit only 726 distinct variants).
 * Returns numbers in [0, 1); the same seed gives the same sequence on every run.
 */
export function mulberry32(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 2 ** 32;
  };
}
