import { describe, expect, it } from 'vitest';
import { simulate } from './simulate.js';
import { evolveWorld, poisson, seededRandom } from './world-evolution.js';
import { worldModel, worldService, type World } from '../testing/world.js';
import { orModel } from '../sources/openrouter/fixtures.js';
import { seedCatalog } from '../testing/seed.js';
import { tempDir } from '../testing/tree.js';
import { join } from 'node:path';

describe('the simulated year', () => {
  it('changes the world at the recorded rates (about 0.74 price changes a day), deterministically', () => {
    const random = seededRandom(1);
    let count = 0;
    for (let i = 0; i < 96 * 200; i += 1) count += poisson(random, 0.74, 15);
    expect(count / 200).toBeGreaterThan(0.6);
    expect(count / 200).toBeLessThan(0.9);
    const world: World = { models: [worldModel('a/b', '0.000001', '0.000002')], services: [worldService('s')] };
    const once = evolveWorld(world, seededRandom(5), 60 * 24 * 30, { next: 0 });
    expect(evolveWorld(world, seededRandom(5), 60 * 24 * 30, { next: 0 })).toEqual(once);
    expect(once.events.incidentsOpened).toBeGreaterThan(20);
  });

  it('accounts commits, deploys per plan and uploads through the real update, build and git', async () => {
    const dataDir = join(await tempDir('simulate-start'), 'data');
    const models = ['a/one', 'a/two', 'b/three', 'b/four', 'c/five'].map((id, i) => orModel({ id, prompt: String((i + 1) / 1e6), completion: String((i + 2) / 1e6), intelligence_index: 20 + i * 10 }));
    await seedCatalog(dataDir, models, '2026-08-31T00:00:00Z');
    const result = await simulate({ dataDir, runs: 3, warmupRuns: 1, start: '2026-09-01T00:07:00Z', seed: 3, serviceIds: ['svc-a', 'svc-b'] });
    expect(result.exitCodes).toEqual({ 0: 4 });
    // Every run records probes (latency, check time): every run is a data commit.
    expect(result.commits).toBe(3);
    expect(result.packBytes.end).toBeGreaterThan(result.packBytes.start);
    // GitHub Pages deploys every run; Netlify Free only for a material change, at most every 60 h.
    expect(result.plans['github-pages'].deploys).toBe(3);
    expect(result.plans['github-pages'].reasons).toEqual({ heartbeat: 3 });
    expect(result.plans['netlify-free'].deploys).toBe(0);
    // Quiet upstream: a deploy uploads only the freshness files (index and status).
    expect(result.events).toEqual({ priceChanges: 0, added: 0, delisted: 0, incidentsOpened: 0, incidentsResolved: 0 });
    expect(result.plans['github-pages'].uploadedPaths).toEqual(['api/v1/index.json', 'api/v1/status.json', 'api/v1/status/svc-a.json', 'api/v1/status/svc-b.json']);
    expect(result.plans['github-pages'].uploadedFiles).toBe(12);
  }, 180_000);
});
