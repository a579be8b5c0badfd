import { describe, expect, it } from 'vitest';
import { deepProbeCosts } from './deep-probe-costs.js';

describe('the deep probes of the committed registry', () => {
  it('ask, for every service that has one, a model our data prices, so its monthly cost is known', async () => {
    const costs = await deepProbeCosts('data');
    expect(costs.length).toBeGreaterThan(5);
    for (const cost of costs) expect(cost.monthly, `${cost.service}: ${cost.model}`).toEqual(expect.any(Number));
  });
});
