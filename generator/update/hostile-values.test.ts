import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { HttpClient } from '../http/client.js';
import { BOUNDS, TRUNCATION_MARKER } from '../bounds/text.js';
import { orEndpoints, orModel, orModelsPage } from '../sources/openrouter/fixtures.js';
import { spComponent, spIncident, spSummary } from '../status/platforms/fixtures.js';
import type { ServiceDefinition } from '../status/registry.js';
import { loadDataset } from '../store/data-store.js';
import { loadStatusHistories } from '../store/status-store.js';
import { startUpstreamServer, type UpstreamServer } from '../testing/upstream-server.js';
import { tempDir } from '../testing/tree.js';
import { updateModels } from './models.js';
import { updateStatus } from './status.js';

/**
 * Issue 22, findings 1, 3 and 6 at the update stage, through a real local upstream: text and
 * lists from outside are bounded before they are stored, status times outside what is plausible
 * are refused (and corrected by a later read), dates and prices are read strictly. What the
 * build does with such values (stored by an older version) is in build/hostile-site.test.ts.
 */

let upstream: UpstreamServer;
let http: HttpClient;
let dataDir: string;

beforeAll(async () => {
  upstream = await startUpstreamServer();
});
afterAll(async () => {
  await upstream.close();
});
beforeEach(async () => {
  dataDir = await tempDir('hostile-values');
  http = new HttpClient({ userAgent: 'ModelPulse-test', timeouts: { connectMs: 2_000, headersMs: 5_000, bodyMs: 5_000, totalMs: 10_000 }, retry: { retries: 0 } });
});
afterEach(async () => {
  await http.close();
});

describe('a hostile catalog record', () => {
  it('is stored with its name, description and modalities within bounds, each cut reported', async () => {
    const hostile = orModel({ id: 'evil/huge', name: 'Evil: ' + 'N'.repeat(50_000), input_modalities: Array.from({ length: 10_000 }, (_, i) => `m${i}`), prompt: '0.0000001', completion: '0.0000002' });
    hostile.description = 'D'.repeat(1_000_000);
    const controls = orModel({ id: 'evil/controls', name: 'Evil: bad\u0000\u0001name\nwith\tbreaks\ud800' });
    upstream.setRoutes({
      '/api/v1/models': { kind: 'json', body: orModelsPage([hostile, controls, orModel({ id: 'good/one' })]) },
      '/api/v1/models/evil/huge/endpoints': {
        kind: 'json',
        body: orEndpoints('evil/huge', Array.from({ length: 500 }, (_, i) => ({ provider: `P${i}${'x'.repeat(i === 0 ? 20_000 : 0)}`, tag: `p${i}`, prompt: '0.0000001', completion: '0.0000002' }))),
      },
    });
    const report = await updateModels({ store: dataDir, now: '2026-08-01T00:00:00Z', http, baseUrl: `${upstream.url}/api/v1`, maxDelistShare: 0.2, force: false, endpointsPerRun: 3 });
    expect(report.ok).toBe(true);
    const reasons = report.issues.filter((i) => i.id === 'evil/huge').map((i) => i.reason);
    expect(reasons).toEqual([
      `name truncated to ${BOUNDS.model_name} characters (was 50000)`,
      `description truncated to ${BOUNDS.model_description} characters (was 1000000)`,
      `input_modalities: kept the first ${BOUNDS.modalities} of 10000 items`,
    ]);
    expect(report.warnings).toEqual(
      expect.arrayContaining([`evil/huge endpoints: endpoints: kept the first ${BOUNDS.endpoints} of 500 items`, `evil/huge endpoints: endpoint provider truncated to ${BOUNDS.provider_text} characters (was 20002)`]),
    );
    const { models } = await loadDataset(dataDir);
    const stored = models.get('evil/huge')!;
    expect([...stored.name]).toHaveLength(BOUNDS.model_name);
    expect(stored.name.endsWith(TRUNCATION_MARKER)).toBe(true);
    expect([...stored.description]).toHaveLength(BOUNDS.model_description);
    expect(stored.input_modalities).toHaveLength(BOUNDS.modalities);
    expect(stored.endpoints.items).toHaveLength(BOUNDS.endpoints);
    expect(models.get('evil/controls')!.name).toBe('badname with breaks');
    // The model file stays small: the bounds hold before anything is stored.
    expect((await readFile(join(dataDir, 'models/evil/huge.json'))).length).toBeLessThan(100_000);
  });

  it('reads retirement dates strictly and refuses a price a double cannot hold', async () => {
    upstream.setRoutes({
      '/api/v1/models': {
        kind: 'json',
        body: orModelsPage([
          orModel({ id: 'a/offset', expiration_date: '2026-09-01T23:30:00-05:00' }),
          orModel({ id: 'a/utc', expiration_date: '2026-09-01T00:00:00Z' }),
          orModel({ id: 'a/junk', expiration_date: '2026-09-01junk' }),
          orModel({ id: 'a/tiny', prompt: '1e-400', completion: '0.000002' }),
        ]),
      },
    });
    const report = await updateModels({ store: dataDir, now: '2026-08-01T00:00:00Z', http, baseUrl: `${upstream.url}/api/v1`, maxDelistShare: 0.2, force: false, endpointsPerRun: 0 });
    const { models } = await loadDataset(dataDir);
    // Cut to ten characters, the offset time would have been 2026-09-01.
    expect(models.get('a/offset')!.retirement_date).toBe('2026-09-02');
    expect(models.get('a/utc')!.retirement_date).toBe('2026-09-01');
    expect(models.get('a/junk')!.retirement_date).toBeNull();
    expect(report.issues).toEqual(expect.arrayContaining([{ upstream_id: 'a/junk', id: 'a/junk', reason: 'retirement date is not YYYY-MM-DD or a full ISO 8601 time: "2026-09-01junk"' }]));
    // Not free: held back, reported, never published as 0.
    expect(models.get('a/tiny')!.price_history).toEqual([]);
    expect(report.issues).toEqual(expect.arrayContaining([{ upstream_id: 'a/tiny', id: 'a/tiny', reason: 'prompt cannot be represented as a number: 1e-400' }]));
  });
});

describe('hostile status pages', () => {
  const service: ServiceDefinition = { id: 'lab', name: 'Lab', url: 'https://lab.example.com', status_page: { type: 'statuspage', url: '' }, probe: null };
  const history = (incidents: object[]) => ({ kind: 'json' as const, body: { page: spSummary().page, incidents } });

  it('refuses times before 2000 or in the future, lets a later read correct them, and never starts the coverage from one', async () => {
    await writeFile(join(dataDir, 'services.json'), JSON.stringify([{ ...service, status_page: { type: 'statuspage', url: `${upstream.url}/lab` } }]));
    const future = spIncident({ id: 'future', name: 'X'.repeat(5_000), started_at: '9999-01-01T00:00:00Z', created_at: '9999-01-01T00:00:00Z', updated_at: '9999-01-01T00:00:00Z', components: Array.from({ length: 500 }, (_, i) => spComponent(`C${i}`, 'major_outage')) });
    const ancient = spIncident({ id: 'ancient', status: 'resolved', started_at: '1970-01-01T00:00:00Z', created_at: '1970-01-01T00:00:00Z', updated_at: '1970-01-01T00:05:00Z', resolved_at: '1970-01-01T01:00:00Z' });
    const real = spIncident({ id: 'real', status: 'resolved', started_at: '2026-08-20T10:00:00Z', created_at: '2026-08-20T10:00:00Z', updated_at: '2026-08-20T11:00:00Z', resolved_at: '2026-08-20T11:00:00Z' });
    upstream.setRoutes({
      '/lab/api/v2/summary.json': { kind: 'json', body: spSummary({ incidents: [future], description: 'All good\u0000'.repeat(100) }) },
      '/lab/api/v2/incidents.json': history([future, real, ancient]),
    });
    const first = await updateStatus({ store: dataDir, now: '2026-09-01T00:00:00Z', pageHttp: http, probeHttp: http, budgetMs: 5_000 });
    expect(first.warnings).toEqual(
      expect.arrayContaining([
        'lab: incident future: started_at 9999-01-01T00:00:00Z refused: outside 2000-01-01 … 2026-09-01T01:00:00Z',
        'lab: incident future: updated_at 9999-01-01T00:00:00Z refused: outside 2000-01-01 … 2026-09-01T01:00:00Z',
        'lab: incident ancient: started_at 1970-01-01T00:00:00Z refused: outside 2000-01-01 … 2026-09-01T01:00:00Z',
        `lab: incident name truncated to ${BOUNDS.incident_name} characters (was 5000)`,
        `lab: incident components: kept the first ${BOUNDS.incident_components} of 501 items`,
      ]),
    );
    let stored = (await loadStatusHistories(dataDir)).get('lab')!;
    // Coverage from the oldest plausible incident, not 1970.
    expect(stored.history?.covered_from).toBe('2026-08-20');
    const byId = () => Object.fromEntries(stored.incidents.map((i) => [i.id, i]));
    // An open incident whose start was refused started, as far as we know, when we first saw it.
    expect(byId()['official:future']).toMatchObject({ started_at: '2026-09-01T00:00:00Z', updated_at: null });
    expect([...byId()['official:future']!.name]).toHaveLength(BOUNDS.incident_name);
    expect(byId()['official:ancient']).toMatchObject({ started_at: null, updated_at: null, resolved_at: null });
    expect(stored.official.snapshot!.description.length).toBeLessThanOrEqual(BOUNDS.status_description);
    expect(stored.incidents.map((i) => i.id)).toEqual(['official:future', 'official:real', 'official:ancient']);

    // The page corrects itself: the re-read replaces the refused times.
    const fixed = { ...future, started_at: '2026-08-31T22:00:00Z', created_at: '2026-08-31T22:00:00Z', updated_at: '2026-08-31T23:00:00Z' };
    upstream.setRoutes({ '/lab/api/v2/summary.json': { kind: 'json', body: spSummary({ incidents: [fixed] }) }, '/lab/api/v2/incidents.json': history([fixed, real]) });
    await updateStatus({ store: dataDir, now: '2026-09-01T00:15:00Z', pageHttp: http, probeHttp: http, budgetMs: 5_000 });
    stored = (await loadStatusHistories(dataDir)).get('lab')!;
    expect(byId()['official:future']).toMatchObject({ started_at: '2026-08-31T22:00:00Z', updated_at: '2026-08-31T23:00:00Z' });
    expect(stored.incidents[0]!.id).toBe('official:future');
  });

  it('refuses, at the next run, a year-9999 time an older version stored, so the page can correct it', async () => {
    await writeFile(join(dataDir, 'services.json'), JSON.stringify([{ ...service, status_page: { type: 'statuspage', url: `${upstream.url}/lab` } }]));
    const open = spIncident({ id: 'open', started_at: '2026-08-31T20:00:00Z', updated_at: '2026-08-31T21:00:00Z' });
    upstream.setRoutes({ '/lab/api/v2/summary.json': { kind: 'json', body: spSummary({ incidents: [open] }) }, '/lab/api/v2/incidents.json': history([open]) });
    await updateStatus({ store: dataDir, now: '2026-09-01T00:00:00Z', pageHttp: http, probeHttp: http, budgetMs: 5_000 });
    // As an older version would have stored it: the time beats every real update.
    const file = join(dataDir, 'status/lab.json');
    await writeFile(file, (await readFile(file, 'utf8')).replaceAll('2026-08-31T21:00:00Z', '9999-12-31T00:00:00Z').replaceAll('"covered_from": "2026-08-31"', '"covered_from": "1970-01-02"'));
    const later = { ...open, updated_at: '2026-09-01T00:10:00Z', status: 'monitoring' };
    upstream.setRoutes({ '/lab/api/v2/summary.json': { kind: 'json', body: spSummary({ incidents: [later] }) }, '/lab/api/v2/incidents.json': history([later]) });
    const report = await updateStatus({ store: dataDir, now: '2026-09-01T00:15:00Z', pageHttp: http, probeHttp: http, budgetMs: 5_000 });
    expect(report.warnings).toEqual(expect.arrayContaining(['lab: history coverage from 1970-01-02 refused: outside 2000-01-01 … 2026-09-01T01:15:00Z']));
    const stored = (await loadStatusHistories(dataDir)).get('lab')!;
    expect(stored.incidents.find((i) => i.id === 'official:open')).toMatchObject({ updated_at: '2026-09-01T00:10:00Z', status: 'monitoring' });
    expect(stored.history?.covered_from).toBe('2026-08-31');
  });
});
