/**
 * For the edge monitor's tests and bench: a small Cloudflare site (two models) whose services
 * registry points at a local upstream (upstream-server.ts), its status refreshed once by the real
 * `update` code at `refreshedAt` (so the static files know the pages and incidents as the
 * 15-minute refresh would), built by the real build for `--host cloudflare`.
 */
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { buildSite } from '../assemble/build-site.js';
import { HttpClient } from '../http/client.js';
import { orModel } from '../sources/openrouter/fixtures.js';
import type { ServiceDefinition } from '../status/registry.js';
import { updateStatus } from '../update/status.js';
import { seedCatalog } from './seed.js';
import { SMALL_SITE_URL } from './small-site.js';
import { tempDir } from './tree.js';

export interface MonitorSite {
  publishDir: string;
  dataDir: string;
}

/**
 * `openRouterUrl`: where the Worker's sweep asks for the models' endpoint statistics (default
 * OpenRouter's own). `seed` writes another catalog into the data directory (default: the two models).
 */
export async function buildMonitorSite(services: readonly ServiceDefinition[], refreshedAt: string, openRouterUrl: string | null = null, seed?: (dataDir: string, seededAt: string) => Promise<void>): Promise<MonitorSite> {
  const dataDir = await tempDir('monitor-data');
  const seededAt = new Date(Date.parse(refreshedAt) - 3_600_000).toISOString().replace(/\.\d{3}Z$/, 'Z');
  if (seed !== undefined) await seed(dataDir, seededAt);
  else await seedCatalog(dataDir, [orModel({ id: 'openai/gpt-test', prompt: '0.000001', completion: '0.000004' }), orModel({ id: 'anthropic/claude-test', prompt: '0.000003', completion: '0.000015' })], seededAt);
  await writeFile(join(dataDir, 'services.json'), JSON.stringify(services));
  const http = new HttpClient({ userAgent: 'ModelPulse-test', timeouts: { connectMs: 2_000, headersMs: 2_000, bodyMs: 2_000, totalMs: 2_000 }, retry: { retries: 0 } });
  try {
    await updateStatus({ store: dataDir, now: refreshedAt, pageHttp: http, probeHttp: http, budgetMs: 10_000 });
  } finally {
    await http.close();
  }
  const publishDir = await tempDir('monitor-site');
  await buildSite({ store: dataDir, outDir: publishDir, siteUrl: SMALL_SITE_URL, host: 'cloudflare', openRouterUrl });
  return { publishDir, dataDir };
}
