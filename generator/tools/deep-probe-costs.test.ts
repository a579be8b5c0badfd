import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { loadDataset } from '../store/data-store.js';
import { loadServices } from '../store/services-store.js';
import { sourcedModels } from '../testing/sourced-models.js';
import { deepProbeCosts } from './deep-probe-costs.js';

describe('the deep probes of the committed registry', () => {
  it('ask, for every service that has one, a model our data prices, so its monthly cost is known', async () => {
    const costs = await deepProbeCosts('data');
    expect(costs.length).toBeGreaterThan(5);
    for (const cost of costs) expect(cost.monthly, `${cost.service}: ${cost.model}`).toEqual(expect.any(Number));
  });

  it('ask a text model that is neither retired nor retiring as of the data: a probe of a retired model only measures its 404', async () => {
    const { as_of: asOf } = JSON.parse(await readFile('data/state/content-freshness.json', 'utf8')) as { as_of: string };
    const [dataset, services] = await Promise.all([loadDataset('data'), loadServices('data')]);
    const models = new Map(sourcedModels(dataset, asOf).map((m) => [m.record.id, m]));
    for (const service of services) {
      const deep = service.probe?.deep;
      if (deep === undefined) continue;
      const model = models.get(deep.model);
      expect(model, `${service.id}: ${deep.model}`).toBeDefined();
      expect([service.id, model!.record.type ?? 'chat'], deep.model).toEqual([service.id, 'chat']);
      expect([service.id, model!.lifecycle.retirement_date], deep.model).toEqual([service.id, null]);
    }
  });
});
