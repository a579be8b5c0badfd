import { beforeAll, describe, expect, it } from 'vitest';
import { simulate } from './simulate.js';
import { evolveWorld, poisson, seededRandom } from './world-evolution.js';
import { FULL_UPTIME_SHARE, offerUptime } from './world-catalog.js';
import { FAULT_KINDS, planFaults } from './world-faults.js';
import { worldEnv, worldModel, worldRoutes, worldService, type World } from '../testing/world.js';
import { orModel } from '../sources/openrouter/fixtures.js';
import { seedCatalog } from '../testing/seed.js';
import { tempDir } from '../testing/tree.js';
import { severalRecordMakerPages } from '../testing/maker-pages.js';
import { startUpstreamServer } from '../testing/upstream-server.js';
import { HttpClient } from '../http/client.js';
import { updateFacts } from '../update/facts.js';
import { loadFacts } from '../store/facts-store.js';
import { FACT_SOURCES } from '../sources/facts.js';
import { join } from 'node:path';

const START = '2026-09-01T00:07:00Z';
let dataDir: string;

/**
 * A small data/ as a real one is: the catalog, and every fact source read a day before the
 * replay starts (so the makers' pages, read every 6 hours, are due in its first run), the
 * makers' pages listing more records than the testing world's one-record pages.
 */
beforeAll(async () => {
  dataDir = join(await tempDir('simulate-start'), 'data');
  const ids = ['a/one', 'a/two', 'b/three', 'b/four', 'c/five'];
  const models = ids.map((id, i) => orModel({ id, prompt: String((i + 1) / 1e6), completion: String((i + 2) / 1e6), intelligence_index: 20 + i * 10 }));
  await seedCatalog(dataDir, models, '2026-08-31T00:00:00Z');
  const world: World = { models: ids.map((id, i) => worldModel(id, String((i + 1) / 1e6), String((i + 2) / 1e6))), services: [] };
  const server = await startUpstreamServer({ ...worldRoutes(world), ...severalRecordMakerPages() });
  const http = new HttpClient({ userAgent: 'modelpulse-test' });
  try {
    const report = await updateFacts({ store: dataDir, now: '2026-08-31T00:07:00Z', http, env: worldEnv(server.url) });
    expect(report.sources.filter((s) => !s.ok)).toEqual([]);
  } finally {
    await http.close();
    await server.close();
  }
});

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

  it("gives each offer a new 1-day uptime every run, the same on every replay, a share of them exactly 100%", () => {
    const uptimes = Array.from({ length: 400 }, (_, run) => offerUptime('a/b', 'Alpha', run));
    expect(uptimes).toEqual(Array.from({ length: 400 }, (_, run) => offerUptime('a/b', 'Alpha', run)));
    expect(uptimes.every((u) => u >= 97 && u <= 100)).toBe(true);
    const full = uptimes.filter((u) => u === 100).length / uptimes.length;
    expect(Math.abs(full - FULL_UPTIME_SHARE)).toBeLessThan(0.1);
    // Consecutive runs read differently (unless both are a full day up).
    const same = uptimes.slice(1).filter((u, i) => u === uptimes[i] && u !== 100).length;
    expect(same).toBe(0);
    expect(offerUptime('a/b', 'Beta', 1)).not.toBe(offerUptime('a/b', 'Alpha', 1));
  });

  it('replays every run through the real update, the state store on git and every plan, and measures main and the store', async () => {
    // Every source data/ holds is one the world answers (a source it does not answer fails every run).
    expect(Object.keys(await loadFacts(dataDir)).sort()).toEqual(FACT_SOURCES.filter((s) => s !== 'artificialanalysis').sort());
    const result = await simulate({ dataDir, runs: 3, warmupRuns: 1, start: START, seed: 3, serviceIds: ['svc-a', 'svc-b'] });
    // A world without faults: every run reads every source (the makers' pages as many records as data/ holds).
    expect(result.exitCodes).toEqual({ 0: 4 });
    expect(result.failures).toEqual([]);
    // Quiet upstream: probes and check times move every run, so the state is saved every run, but
    // nothing material happens: main gets no commit and does not grow.
    expect(result.events).toEqual({ priceChanges: 0, added: 0, delisted: 0, incidentsOpened: 0, incidentsResolved: 0 });
    expect(result.stateSaves).toBe(3);
    expect(result.snapshotCommits).toBe(0);
    const [first, last] = [result.checkpoints[0]!, result.checkpoints.at(-1)!];
    expect(last.mainCommits).toBe(first.mainCommits);
    expect(last.mainPackedBytes).toBe(first.mainPackedBytes);
    expect(last.statePackedBytes).toBeGreaterThan(0);
    // GitHub Pages deploys every run, the whole artifact; Netlify Free only for a material change.
    const pages = result.plans['github-pages'];
    expect(pages).toMatchObject({ deploys: 3, reasons: { heartbeat: 3 }, uploadedFiles: 3 * result.site.files });
    // The artifact is measured daily and at the end: its size moves by a few bytes with the times in it.
    expect(pages.uploadedBytes / 3 / result.site.artifactBytes).toBeCloseTo(1, 2);
    expect(result.plans['netlify-free'].deploys).toBe(0);
    // Content-addressed uploads send only what changed, not the site: the freshness files (index,
    // status, each service's, the models not operational, fastest) and the five model details
    // whose endpoints' `uptime_1d` the world moves every run.
    const cloudflare = result.plans['cloudflare-workers'];
    expect(cloudflare.deploys).toBe(3);
    expect(cloudflare.uploadedFiles / cloudflare.deploys).toBeGreaterThan(0);
    expect(cloudflare.uploadedFiles / cloudflare.deploys).toBeLessThanOrEqual(4 + 2 + 5);
    // Only responses whose content time entry changed were serialized again after the first run.
    expect(result.serializedPerRun).toBeLessThan(result.site.files / 2);
  }, 180_000);

  it('fails a run with an injected fault loudly, says why, loses nothing, and reads the source again at the next run', async () => {
    const faults = new Map([[1, FAULT_KINDS[0]!], [2, FAULT_KINDS[1]!]]);
    const result = await simulate({ dataDir, runs: 2, warmupRuns: 1, start: START, seed: 3, serviceIds: ['svc-a'], faults });
    expect(result.exitCodes).toEqual({ 0: 1, 1: 2 });
    // Each run names only its own fault: the catalog the run before could not read was read again.
    expect(result.failures).toEqual([
      { run: 2, at: '2026-09-01T00:22:00Z', exitCode: 1, measured: true, injected: expect.stringContaining('OpenRouter catalog'), reasons: [expect.stringMatching(/^openrouter: invalid_schema/)], removed: 0 },
      { run: 3, at: '2026-09-01T00:37:00Z', exitCode: 1, measured: true, injected: expect.stringContaining('LiteLLM'), reasons: [expect.stringMatching(/^litellm: invalid_body/)], removed: 0 },
    ]);
  }, 180_000);

  it('spreads injected faults over distinct measured runs, the same for the same seed', () => {
    const planned = planFaults(6, 2, 96, seededRandom(7));
    expect(planned.size).toBe(6);
    expect([...planned.keys()].every((run) => run >= 2 && run < 98)).toBe(true);
    expect(new Set(planned.values()).size).toBe(FAULT_KINDS.length);
    expect([...planFaults(6, 2, 96, seededRandom(7)).keys()]).toEqual([...planned.keys()]);
    expect(planFaults(9, 1, 3, seededRandom(7)).size).toBe(3);
  });
});
