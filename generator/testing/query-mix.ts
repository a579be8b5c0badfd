import { CHEAPEST_DEMAND, RARE_SHARE } from '../query/demand.js';
import { mulberry32 } from './random.js';

/**
 * A realistic mix of `cheapest` queries, sampled from our model of what people ask
 * (query/demand.ts; the routing test and `npm run bench` measure the CDN's coverage with it):
 * any of the six parameters in any order, the round values people type (now and then a rarer one:
 * 15, 65, 500000, limit 30, a flag spelled 0, false or TRUE). Seeded: the same queries on every run.
 */
export function realisticQueryMix(count: number, seed = 20261122): Array<Array<[string, string]>> {
  const random = mulberry32(seed);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)]!;
  const queries: Array<Array<[string, string]>> = [];
  while (queries.length < count) {
    const params: Array<[string, string]> = [];
    for (const [name, demand] of Object.entries(CHEAPEST_DEMAND)) {
      if (random() >= demand.asked) continue;
      params.push([name, random() < RARE_SHARE ? pick(demand.rare) : pick(demand.common)]);
    }
    // Any order: shuffle.
    for (let i = params.length - 1; i > 0; i -= 1) {
      const j = Math.floor(random() * (i + 1));
      [params[i], params[j]] = [params[j]!, params[i]!];
    }
    queries.push(params);
  }
  return queries;
}

/**
 * Queries a host that computes them must answer exactly, whatever their values: any of the six
 * parameters in any order, numbers anywhere in their range (decimals for min_intel, any token
 * count, any limit), flags in every accepted spelling, now and then a tracking tag (ignored by
 * every host) or a parameter given twice (a 400 `bad_query` naming it). Seeded.
 */
export function anyQueryMix(count: number, seed = 20261123): Array<Array<[string, string]>> {
  let state = seed;
  const random = () => ((state = (state * 1103515245 + 12345) % 2 ** 31) / 2 ** 31);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)]!;
  const value: Record<string, () => string> = {
    min_intel: () => (random() < 0.5 ? String(Math.floor(random() * 71)) : (random() * 70).toFixed(1)),
    min_context: () => String(pick([1000, 4096, 100_000, 150_000, 300_000, 1_500_000]) + Math.floor(random() * 3) * 1024),
    vision: () => pick(['1', 'true', '0', 'false', 'TRUE', 'True']),
    reasoning: () => pick(['1', 'true', '0', 'false']),
    tools: () => pick(['1', 'true', '0', 'FALSE']),
    limit: () => String(1 + Math.floor(random() * 100)),
  };
  const queries: Array<Array<[string, string]>> = [];
  while (queries.length < count) {
    const params: Array<[string, string]> = Object.keys(value).filter(() => random() < 0.45).map((name) => [name, value[name]!()]);
    if (params.length > 0 && random() < 0.1) params.unshift([params[0]![0], value[params[0]![0]]!()]);
    if (random() < 0.1) params.push(['utm_source', 'newsletter']);
    for (let i = params.length - 1; i > 0; i -= 1) {
      const j = Math.floor(random() * (i + 1));
      [params[i], params[j]] = [params[j]!, params[i]!];
    }
    queries.push(params);
  }
  return queries;
}
