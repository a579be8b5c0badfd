/**
 * `npx tsx generator/tools/deep-probe-costs.ts [DATA_DIR]`: the monthly cost of each service's
 * deep probe at one probe a minute (status/deep-probe.ts), from the price our data holds for the
 * model it asks (its headline price: the cheapest paid endpoint we know, which for an open model
 * may be another provider's). docs/data.md quotes the table.
 */
import { pathToFileURL } from 'node:url';
import { loadModelRecords } from '../store/data-store.js';
import { loadServices } from '../store/services-store.js';
import type { StoreRef } from '../store/store.js';
import { deepProbeMonthlyCost } from '../status/deep-probe.js';

export interface DeepProbeCost {
  service: string;
  model: string;
  input: number | null;
  output: number | null;
  /** US dollars a month, or null when our data has no price for the model. */
  monthly: number | null;
}

export async function deepProbeCosts(store: StoreRef): Promise<DeepProbeCost[]> {
  const [services, { models }] = await Promise.all([loadServices(store), loadModelRecords(store)]);
  return services.flatMap((service) => {
    const deep = service.probe?.deep;
    if (deep === undefined) return [];
    const price = models.get(deep.model)?.price_history.at(-1) ?? null;
    const known = price !== null && typeof price.input === 'number' && typeof price.output === 'number';
    return [{ service: service.id, model: deep.model, input: known ? price.input : null, output: known ? price.output : null, monthly: known ? deepProbeMonthlyCost({ input: price.input!, output: price.output! }) : null }];
  });
}

async function main(): Promise<void> {
  const rows = await deepProbeCosts(process.argv[2] ?? 'data');
  console.log('| service | model | $/1M in | $/1M out | $ a month |\n| --- | --- | --- | --- | --- |');
  for (const r of rows) console.log(`| ${r.service} | \`${r.model}\` | ${r.input ?? '?'} | ${r.output ?? '?'} | ${r.monthly === null ? 'unknown' : r.monthly.toFixed(3)} |`);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await main();
