/**
 * A realistic mix of `cheapest` queries, our own (the routing test and `npm run bench` measure the
 * CDN's coverage with it): people combine any of the six parameters in any order, type round
 * values (mostly the ones the grid has, sometimes others: 15, 65, 90, 500000, limit 15 or 30),
 * and spell flags as 1 or true (now and then 0, false or an upper-case TRUE). Seeded: the same
 * queries on every run.
 */
export function realisticQueryMix(count: number, seed = 20261122): Array<Array<[string, string]>> {
  let state = seed;
  const random = () => ((state = (state * 1103515245 + 12345) % 2 ** 31) / 2 ** 31);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)]!;
  const typed = {
    min_intel: { p: 0.5, common: ['10', '20', '25', '30', '35', '40', '45', '50', '55', '60', '70', '80'], rare: ['15', '65', '75', '90'] },
    min_context: {
      p: 0.45,
      common: ['8000', '8192', '16000', '16384', '32000', '32768', '64000', '65536', '100000', '128000', '131072', '200000', '256000', '262144', '400000', '512000', '1000000', '1048576', '2000000'],
      rare: ['500000', '524288', '4000'],
    },
    vision: { p: 0.3, common: ['1', 'true'], rare: ['0', 'false', 'TRUE'] },
    reasoning: { p: 0.3, common: ['1', 'true'], rare: ['0', 'false'] },
    tools: { p: 0.35, common: ['1', 'true'], rare: ['0', 'false'] },
    limit: { p: 0.45, common: ['1', '3', '5', '10', '20', '25', '50', '100'], rare: ['15', '30'] },
  } as const;
  const queries: Array<Array<[string, string]>> = [];
  while (queries.length < count) {
    const params: Array<[string, string]> = [];
    for (const [name, spec] of Object.entries(typed)) {
      if (random() >= spec.p) continue;
      // About one value in 30 is off the usual round numbers or spellings.
      params.push([name, random() < 1 / 30 ? pick(spec.rare) : pick(spec.common)]);
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
