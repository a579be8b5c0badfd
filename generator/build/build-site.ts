import { join } from 'node:path';
import { formatRedirects } from '../host/redirects.js';
import { siteRules } from '../host/routing.js';
import { renderApi } from '../render/site.js';
import { loadDataset } from '../store/data-store.js';
import { writeFileAtomic } from '../store/files.js';
import { bundleClient } from './bundle-client.js';
import { serializeSite, writeSiteAtomically } from './write-site.js';

export interface BuildOptions {
  dataDir: string;
  outDir: string;
  siteUrl: string;
}

export interface BuildReport {
  files: number;
  bytes: number;
  redirectRules: number;
}

/** data/ → validated files → outDir/api, atomically. No network, no clock. */
export async function buildSite(options: BuildOptions): Promise<BuildReport> {
  const dataset = await loadDataset(options.dataDir);
  const files = serializeSite(renderApi(dataset, { siteUrl: options.siteUrl }), options.siteUrl);
  files.set('api/v1/client.js', await bundleClient());
  const rules = siteRules(new Set(files.keys()));
  await writeSiteAtomically(options.outDir, files);
  // Written after the API it routes to, so a deploy never has rules pointing at missing files.
  await writeFileAtomic(join(options.outDir, '_redirects'), formatRedirects(rules));
  let bytes = 0;
  for (const content of files.values()) bytes += Buffer.byteLength(content);
  return { files: files.size, bytes, redirectRules: rules.length };
}
