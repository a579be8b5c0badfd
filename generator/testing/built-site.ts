import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { buildSite } from '../assemble/build-site.js';
import type { Host } from '../host/hosts.js';
import { orModel } from '../sources/openrouter/fixtures.js';
import { emptyHistory } from '../status/history.js';
import { loadSources, saveSources } from '../store/data-store.js';
import { saveStatusHistories } from '../store/status-store.js';
import { sharedCommittedSite } from './committed-site.js';
import { seedCatalog } from './seed.js';
import { tempDir } from './tree.js';

export const TEST_SITE_URL = 'https://modelpulse.test';

export interface BuiltSite {
  publishDir: string;
  netlifyConfigPath: string;
}

/**
 * The committed data/ built for a host (with netlify.toml's location): once per test run and
 * shared read-only by the files that ask for it (testing/committed-site.ts). A full build takes
 * what the machine takes, so the hooks that call this have no time limit.
 */
export async function buildCommittedSite(host: Host = 'netlify', siteUrl = TEST_SITE_URL): Promise<BuiltSite> {
  const publishDir = await sharedCommittedSite(host, siteUrl);
  return { publishDir, netlifyConfigPath: join(process.cwd(), 'netlify.toml') };
}

/**
 * A handful of models from three authors (one with a free variant, one retiring) and two
 * monitored services, made the way `update` makes data/, and built: every endpoint, schema and
 * file kind of the full site, in seconds rather than the committed catalog's minute. For tests
 * that read a built site; build it once per test file. `liveStatusUrl`: built with that setting.
 */
export async function buildSmallSite(options: { liveStatusUrl?: string } = {}): Promise<BuiltSite & { dataDir: string }> {
  const dataDir = await tempDir('small-data');
  const now = '2026-08-01T00:00:00Z';
  await seedCatalog(
    dataDir,
    [
      orModel({ id: 'openai/gpt-test', prompt: '0.0000025', completion: '0.00001', input_modalities: ['text', 'image'], intelligence_index: 55, context_length: 400_000 }),
      orModel({ id: 'openai/old-test', prompt: '0.00001', completion: '0.00003', expiration_date: '2026-09-01' }),
      orModel({ id: 'google/gemma-test', prompt: '0.0000001', completion: '0.0000003', intelligence_index: 30 }),
      orModel({ id: 'google/gemma-test:free', prompt: '0', completion: '0' }),
      orModel({ id: 'mistralai/small-test', prompt: '0.0000002', completion: '0.0000006', intelligence_index: 40, context_length: 32_768 }),
    ],
    now,
  );
  await writeFile(
    join(dataDir, 'services.json'),
    JSON.stringify([
      { id: 'openai', name: 'OpenAI', url: 'https://openai.com', status_page: { type: 'statuspage', url: 'https://status.openai.com' }, probe: { url: 'https://api.openai.com/v1/models', method: 'GET' } },
      { id: 'mistral', name: 'Mistral', url: 'https://mistral.ai', status_page: { type: 'none' }, probe: null },
    ]),
  );
  await saveStatusHistories(dataDir, [emptyHistory('openai'), emptyHistory('mistral')]);
  await saveSources(dataDir, { ...(await loadSources(dataDir)), status: { last_attempt_at: now, last_success_at: now, ok: true, error: null, items: 2 } });
  const publishDir = await tempDir('small-site');
  await buildSite({ store: dataDir, outDir: publishDir, siteUrl: TEST_SITE_URL, liveStatusUrl: options.liveStatusUrl ?? null });
  return { dataDir, publishDir, netlifyConfigPath: join(process.cwd(), 'netlify.toml') };
}
