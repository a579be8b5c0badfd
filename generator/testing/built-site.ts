import { join } from 'node:path';
import { buildSite } from '../build/build-site.js';
import type { Host } from '../host/hosts.js';
import { tempDir } from './tree.js';

export const TEST_SITE_URL = 'https://modelpulse.test';

/** The committed data/ built for a host into a fresh temporary publish directory (with netlify.toml's location). */
export async function buildCommittedSite(host: Host = 'netlify', siteUrl = TEST_SITE_URL): Promise<{ publishDir: string; netlifyConfigPath: string }> {
  const publishDir = await tempDir('site');
  await buildSite({ dataDir: 'data', outDir: publishDir, siteUrl, host });
  return { publishDir, netlifyConfigPath: join(process.cwd(), 'netlify.toml') };
}
