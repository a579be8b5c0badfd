import { join } from 'node:path';
import { buildSite } from '../build/build-site.js';
import { tempDir } from './tree.js';

export const TEST_SITE_URL = 'https://modelpulse.test';

/** The committed data/ built into a fresh temporary publish directory (with a copy of netlify.toml's location). */
export async function buildCommittedSite(): Promise<{ publishDir: string; netlifyConfigPath: string }> {
  const publishDir = await tempDir('site');
  await buildSite({ store: 'data', outDir: publishDir, siteUrl: TEST_SITE_URL });
  return { publishDir, netlifyConfigPath: join(process.cwd(), 'netlify.toml') };
}
