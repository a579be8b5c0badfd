import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HttpClient } from '../http/client.js';
import { orEndpoints, orModel, orModelsPage } from '../sources/openrouter/fixtures.js';
import { llmFile, llmRecord } from '../sources/litellm/fixtures.js';
import { loadDataset, loadSources } from '../store/data-store.js';
import { OFFLINE_ENV } from '../testing/cli.js';
import { runUpdate, UPDATE_STAGES } from './run-update.js';
import { detailLines, summaryTableLines, UPDATE_EXIT, updateExitCode } from './update-report.js';
import { openStore } from '../store/store.js';
import { startUpstreamServer, type Reply, type UpstreamServer } from '../testing/upstream-server.js';
import { tempDir } from '../testing/tree.js';
import { parseStageDeadlines, STAGE_DEADLINE_SECONDS } from './deadlines.js';
import { updateStatus } from './status.js';

/**
 * Issue 22, finding 2: upstreams that trickle a byte a second (each request within its own
 * timeouts, retried three times) made a run take minutes. Each stage now has a deadline: the
 * run ends, what was read is kept, what was not keeps its last good data and is reported.
 */

let server: UpstreamServer;
beforeAll(async () => {
  server = await startUpstreamServer();
});
afterAll(async () => {
  await server.close();
});

/** A JSON body sent one byte a second: 1,000 seconds for these 1,000 bytes. */
const trickle: Reply = { kind: 'slow', chunks: Array.from({ length: 1000 }, () => ' '), intervalMs: 1000 };

const models = ['alpha/one', 'alpha/two', 'beta/three', 'beta/four'];

describe('stage deadlines', () => {
  it('ends the models and facts stages at their deadlines when upstreams trickle, keeping the catalog it read and reporting the rest', async () => {
    const dataDir = await tempDir('deadlines');
    const routes: Record<string, Reply> = { '/api/v1/models': { kind: 'json', body: orModelsPage(models.map((id) => orModel({ id }))) }, '/litellm.json': trickle, '/api.json': trickle };
    for (const id of models) routes[`/api/v1/models/${id}/endpoints`] = trickle;
    server.setRoutes(routes);
    const env = { ...OFFLINE_ENV, MODELPULSE_OPENROUTER_URL: `${server.url}/api/v1`, MODELPULSE_LITELLM_URL: `${server.url}/litellm.json`, MODELPULSE_MODELSDEV_URL: `${server.url}/api.json` };
    // Without deadlines: 4 lists × 3 tries × 30 s at two at a time, then the facts likewise.
    // The run `npm run update -- --stage-deadlines models=4,facts=2` makes (in-process: the
    // option's reading is tested below), its report printed as the command prints it.
    const saved = { ...process.env };
    Object.assign(process.env, env);
    const lines: string[] = [];
    let outcome;
    try {
      outcome = await runUpdate({ store: openStore(dataDir), now: '2026-09-01T00:00:00Z', stages: UPDATE_STAGES, force: false, maxDelistShare: 0.2, maxNewShare: 0.5, maxPriceFactor: 5, endpointsPerRun: 4, deadlines: { ...STAGE_DEADLINE_SECONDS, models: 4, facts: 2 }, log: (line) => lines.push(line) });
    } finally {
      process.env = saved;
    }
    const out = [...lines, ...detailLines(outcome), ...summaryTableLines(outcome)].join('\n');
    expect(updateExitCode(outcome), out).toBe(UPDATE_EXIT.partial);
    for (const id of models) expect(out).toMatch(new RegExp(`${id} endpoints not refreshed: timeout: (body: )?the stage's deadline passed`));
    expect(out).toMatch(/litellm: FAILED — timeout: (body: )?the stage's deadline passed during the request/);
    const stored = await loadDataset(dataDir);
    expect([...stored.models.keys()].sort()).toEqual([...models].sort());
    const sources = await loadSources(dataDir);
    expect(sources.openrouter).toMatchObject({ ok: true });
    expect(sources.litellm).toMatchObject({ ok: false, error: expect.stringMatching(/^timeout: (body: )?the stage's deadline passed/) });
  });

  it('cuts a status page read at the deadline and reports the page as not read', async () => {
    const dataDir = await tempDir('deadlines-status');
    server.setRoutes({ '/slow/api/v2/summary.json': trickle });
    await writeFile(join(dataDir, 'services.json'), JSON.stringify([{ id: 'slow', name: 'Slow', url: 'https://slow.example', status_page: { type: 'statuspage', url: `${server.url}/slow` }, probe: null }]));
    const deadlineAt = Date.now() + 500;
    const pageHttp = new HttpClient({ userAgent: 'test', timeouts: { totalMs: 60_000, bodyMs: 60_000 }, deadlineAt });
    const probeHttp = new HttpClient({ userAgent: 'test', deadlineAt });
    try {
      const report = await updateStatus({ store: dataDir, now: '2026-09-01T00:00:00Z', pageHttp, probeHttp, budgetMs: 500 });
      expect(report.services[0]).toMatchObject({ officialRead: 'failed', officialError: expect.stringMatching(/^timeout: the stage's deadline passed/) });
    } finally {
      await Promise.all([pageHttp.close(), probeHttp.close()]);
    }
  });

  it('reads --stage-deadlines and refuses what it cannot use', () => {
    expect(parseStageDeadlines(undefined)).toEqual({ models: 240, facts: 180, status: 120, traffic: 150 });
    expect(parseStageDeadlines('models=30, status=5')).toEqual({ models: 30, facts: 180, status: 5, traffic: 150 });
    expect(() => parseStageDeadlines('prices=3')).toThrow(/takes models, facts, status, traffic, not "prices"/);
    expect(() => parseStageDeadlines('models=0')).toThrow(/models needs a number of seconds above 0/);
  });
});

describe('the HTTP client at its deadline', () => {
  it('cuts a trickling body at the deadline and starts nothing after it, retries included', async () => {
    server.setRoutes({ '/trickle': trickle, '/fine': { kind: 'json', body: { ok: true } }, '/llm': { kind: 'json', body: llmFile({ a: llmRecord({ provider: 'openai' }) }) }, '/e': { kind: 'json', body: orEndpoints('alpha/one', []) } });
    const http = new HttpClient({ userAgent: 'test', timeouts: { totalMs: 60_000, bodyMs: 60_000 }, retry: { retries: 5, baseDelayMs: 1, maxDelayMs: 1 }, deadlineAt: Date.now() + 300 });
    try {
      await expect(http.request(`${server.url}/trickle`, { source: 't' })).rejects.toMatchObject({ kind: 'timeout', detail: expect.stringMatching(/^(body: )?the stage's deadline passed during the request$/) });
      await expect(http.request(`${server.url}/fine`, { source: 't' })).rejects.toMatchObject({ kind: 'timeout', detail: "the stage's deadline passed before the request started" });
      expect(server.hits.filter((h) => h.endsWith('/fine'))).toEqual([]);
    } finally {
      await http.close();
    }
  });
});
