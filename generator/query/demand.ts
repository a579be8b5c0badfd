/**
 * Our model of what people ask `cheapest`: the one place its figures live. The realistic query
 * mix samples from it (testing/query-mix.ts: the routing tests and `npm run bench` measure the
 * CDN's coverage with it) and the precomputed grid keeps the variants it rates most asked
 * (query/variants.ts, whose points are this model's, rounded). It is an estimate, not traffic
 * we measured: a host's request logs would replace it.
 *
 * Each parameter is asked on its own, with the probability `asked`; a value asked is one of the
 * common round values (each as likely as the others), and one time in 30 one of the rarer ones
 * (15, 65, 500000, limit 30, a flag spelled 0, false or TRUE). Parameters come in any order.
 */
import { CHEAPEST_PARAMS, parseCheapestValues, type CheapestParam } from './cheapest.js';

export interface ParamDemand {
  /** How often a query names the parameter (0..1). */
  asked: number;
  /** The values people type most, as typed. */
  common: readonly string[];
  /** Values typed now and then (RARE_SHARE of the times the parameter is asked), as typed. */
  rare: readonly string[];
}

/** The share of a parameter's values that are the rarer ones. */
export const RARE_SHARE = 1 / 30;

export const CHEAPEST_DEMAND: Readonly<Record<CheapestParam, ParamDemand>> = {
  min_intel: { asked: 0.5, common: ['10', '20', '25', '30', '35', '40', '45', '50', '55', '60', '70', '80'], rare: ['15', '65', '75', '90'] },
  min_context: {
    asked: 0.45,
    common: ['8000', '8192', '16000', '16384', '32000', '32768', '64000', '65536', '100000', '128000', '131072', '200000', '256000', '262144', '400000', '512000', '1000000', '1048576', '2000000'],
    rare: ['500000', '524288', '4000'],
  },
  vision: { asked: 0.3, common: ['1', 'true'], rare: ['0', 'false', 'TRUE'] },
  reasoning: { asked: 0.3, common: ['1', 'true'], rare: ['0', 'false'] },
  tools: { asked: 0.35, common: ['1', 'true'], rare: ['0', 'false'] },
  limit: { asked: 0.45, common: ['1', '3', '5', '10', '20', '25', '50', '100'], rare: ['15', '30'] },
};

/** The value a typed one stands for in the normalized query (`String(query[param])`: "null" when absent). */
function normalized(param: CheapestParam, typed: string | null): string {
  const parsed = parseCheapestValues(new Map(typed === null ? [] : [[param, typed]]));
  if (!parsed.ok) throw new Error(`the demand model's ${param}=${typed} is not a valid value: ${parsed.message}`);
  return String(parsed.query[param]);
}

/**
 * How likely each normalized value of a parameter is (absent, `limit=10` and a flag's `0` fold
 * into the default): value → probability, summing to 1.
 */
export function valueShares(param: CheapestParam): Map<string, number> {
  const { asked, common, rare } = CHEAPEST_DEMAND[param];
  const shares = new Map<string, number>();
  const add = (value: string, share: number) => shares.set(value, (shares.get(value) ?? 0) + share);
  add(normalized(param, null), 1 - asked);
  for (const value of common) add(normalized(param, value), (asked * (1 - RARE_SHARE)) / common.length);
  for (const value of rare) add(normalized(param, value), (asked * RARE_SHARE) / rare.length);
  return shares;
}

/**
 * Points of each normalized value: about ten for every halving of how often it is asked against
 * the parameter's likeliest value (which costs 0): round(10 × log2(likeliest / share)).
 */
export function demandPoints(): Record<CheapestParam, Map<string, number>> {
  const points = {} as Record<CheapestParam, Map<string, number>>;
  for (const param of CHEAPEST_PARAMS) {
    const shares = valueShares(param);
    const likeliest = Math.max(...shares.values());
    points[param] = new Map([...shares].map(([value, share]) => [value, Math.round(10 * Math.log2(likeliest / share))]));
  }
  return points;
}
