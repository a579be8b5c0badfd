import fg from 'fast-glob';
import { statSync } from 'node:fs';
import { readFile, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { BOUNDS, MAX_FILE_BYTES } from '../bounds/text.js';
import type { ModelRecord } from '../models/types.js';
import { orModel } from '../sources/openrouter/fixtures.js';
import { emptyHistory, type ServiceHistory } from '../status/history.js';
import { loadSources, saveModels, saveSources } from '../store/data-store.js';
import { saveStatusHistories } from '../store/status-store.js';
import { seedCatalog } from '../testing/seed.js';
import { tempDir } from '../testing/tree.js';
import { buildSite, type BuildReport } from './build-site.js';

/**
 * Issue 22, findings 1 and 3 at the build: values an older version stored (before the bounds and
 * the time guards existed) are bounded and refused again when they are rendered, and a model whose
 * own file would break the 1 MiB budget is left out and reported. One build, read by every test.
 */

const SITE = 'https://modelpulse.test';
const NOW = '2026-09-01T00:00:00Z';
let out: string;
let report: BuildReport;

const read = async <T>(path: string) => JSON.parse(await readFile(join(out, 'api/v1', path), 'utf8')) as T;

beforeAll(async () => {
  const dataDir = await tempDir('hostile-site');
  await seedCatalog(dataDir, [orModel({ id: 'good/one', prompt: '0.000001', completion: '0.000002' }), orModel({ id: 'evil/huge' }), orModel({ id: 'evil/history' })], '2026-08-01T00:00:00Z');
  const stored = JSON.parse(await readFile(join(dataDir, 'models/evil/huge.json'), 'utf8')) as ModelRecord;
  // As a version without bounds stored it: cheap and capable, so it is in every `cheapest` list.
  const huge: ModelRecord = { ...stored, name: 'N'.repeat(50_000), description: 'D'.repeat(1_000_000), input_modalities: Array.from({ length: 10_000 }, (_, i) => `m${i}`) };
  const history = JSON.parse(await readFile(join(dataDir, 'models/evil/history.json'), 'utf8')) as ModelRecord;
  // Twelve thousand price changes: its own file would be about 1.4 MB.
  const points = Array.from({ length: 12_000 }, (_, i) => ({ at: new Date(Date.parse('2025-01-01T00:00:00Z') + i * 600_000).toISOString().replace('.000Z', 'Z'), input: 1 + (i % 7) / 10, output: 2, cache_read: null, cache_write: null }));
  await saveModels(dataDir, [huge, { ...history, price_history: points }]);

  // A status history as a version without time guards stored it.
  await writeFile(join(dataDir, 'services.json'), JSON.stringify([{ id: 'lab', name: 'Lab', url: 'https://lab.example.com', status_page: { type: 'statuspage', url: 'https://status.lab.example.com' }, probe: null }]));
  const lab: ServiceHistory = {
    ...emptyHistory('lab'),
    incidents: [{ id: 'official:x', source: 'official', name: 'I'.repeat(20_000), status: 'investigating', impact: 'major', started_at: '9999-01-01T00:00:00Z', updated_at: '9999-12-31T00:00:00Z', resolved_at: null, url: null }],
    history: { covered_from: '1970-01-02', fetched_at: NOW, last_attempt_at: NOW, error: null },
  };
  await saveStatusHistories(dataDir, [lab]);
  const sources = await loadSources(dataDir);
  await saveSources(dataDir, { ...sources, status: { last_attempt_at: NOW, last_success_at: NOW, ok: true, error: null, items: 1 } });
  out = await tempDir('hostile-site-public');
  report = await buildSite({ store: dataDir, outDir: out, siteUrl: SITE });
});

describe('stored hostile values at the build', () => {
  it('publishes a stored model with its name, description and modalities within bounds, and says so', async () => {
    const detail = await read<{ data: { name: string; description: string; input_modalities: string[] } }>('models/evil/huge.json');
    expect([...detail.data.name]).toHaveLength(BOUNDS.model_name);
    expect([...detail.data.description]).toHaveLength(BOUNDS.model_description);
    expect(detail.data.input_modalities).toHaveLength(BOUNDS.modalities);
    const cheapest = await read<{ data: Array<{ id: string; name: string }> }>('cheapest.json');
    expect(cheapest.data.find((m) => m.id === 'evil/huge')?.name).toBe(detail.data.name);
    expect(report.warnings).toEqual(expect.arrayContaining([`evil/huge: name truncated to ${BOUNDS.model_name} characters (was 50000)`, `evil/huge: input_modalities: kept the first ${BOUNDS.modalities} of 10000 items`]));
  });

  it('leaves out a model whose own file would break the size budget, reports it, and publishes no file over 1 MiB', async () => {
    expect(report.skipped).toEqual([expect.objectContaining({ path: expect.stringContaining('models/evil/history.json'), reason: expect.stringMatching(/^skipped: its file would be \d+ bytes, over the 1048576-byte budget$/) })]);
    const models = await read<{ data: Array<{ id: string }> }>('models.json');
    expect(models.data.map((m) => m.id).sort()).toEqual(['evil/huge', 'good/one']);
    await expect(stat(join(out, 'api/v1/models/evil/history.json'))).rejects.toThrow(/ENOENT/);
    const files = await fg('**/*', { cwd: out, onlyFiles: true });
    const sizes = files.map((f) => statSync(join(out, f)).size);
    expect(Math.max(...sizes)).toBeLessThanOrEqual(MAX_FILE_BYTES);
  });

  it('refuses stored status times from year 9999 and a coverage from 1970, and bounds the incident name', async () => {
    const lab = await read<{ data: { official_history: { covered_from: string | null }; recent_incidents: Array<{ name: string; started_at: string | null; updated_at: string | null }> } }>('status/lab.json');
    expect(lab.data.official_history.covered_from).toBeNull();
    expect(lab.data.recent_incidents[0]).toMatchObject({ started_at: null, updated_at: null });
    expect([...lab.data.recent_incidents[0]!.name]).toHaveLength(BOUNDS.incident_name);
    const feed = await readFile(join(out, 'api/v1/feeds/incidents.atom'), 'utf8');
    expect(feed).not.toContain('9999');
    expect(feed).toContain(`<updated>${NOW}</updated>`);
  });
});
