import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import { hostFiles } from '../host/host-files.js';
import { HOST_CACHE_SECONDS, type Host } from '../host/hosts.js';
import { renderApi } from '../render/site.js';
import { loadDataset, type RejectedModelFile } from '../store/data-store.js';
import { DataFileError, writeFileAtomic } from '../store/files.js';
import { loadContentState } from '../store/content-store.js';
import { EMPTY_CONTENT_STATE } from '../publish/content-times.js';
import { bundleClient, bundleWebApp, readWebStatic } from './bundles.js';
import { serializeSite, writeSiteAtomically } from './write-site.js';

export interface BuildOptions {
  dataDir: string;
  outDir: string;
  siteUrl: string;
  /** Which host files to write next to api/ (default netlify). */
  host?: Host;
}

export interface BuildReport {
  files: number;
  bytes: number;
  redirectRules: number;
  /** Problems the build worked around (it still wrote the whole site). */
  warnings: string[];
  /** Stored models left out because their id cannot be published; the rest is built. */
  skipped: RejectedModelFile[];
}

/** data/ → validated files → outDir/api, atomically. No network, no clock. */
export async function buildSite(options: BuildOptions): Promise<BuildReport> {
  const dataset = await loadDataset(options.dataDir);
  const warnings: string[] = [];
  // State, not curation: a broken content file costs the responses their recorded times, never the build.
  const contentTimes = await loadContentState(options.dataDir).catch((error: unknown) => {
    if (!(error instanceof DataFileError)) throw error;
    warnings.push(`${error.message}; every response carries the last run's time until the next update rewrites it`);
    return EMPTY_CONTENT_STATE;
  });
  const host = options.host ?? 'netlify';
  const files = serializeSite(renderApi(dataset, { siteUrl: options.siteUrl, contentTimes, cacheSeconds: HOST_CACHE_SECONDS[host] }), options.siteUrl);
  files.set('api/v1/client.js', await bundleClient());
  const webApp = await bundleWebApp();
  const extra = await hostFiles(host, files, options.siteUrl);
  for (const [path, text] of extra.api) files.set(path, text);
  await writeSiteAtomically(options.outDir, files);
  // The website beside the API: its script first, the page that loads it last.
  await writeFileAtomic(join(options.outDir, 'app.js'), webApp);
  for (const [name, content] of await readWebStatic()) await writeFileAtomic(join(options.outDir, name), content);
  // Host files after the API they route to, so a deploy never has rules pointing at missing
  // files; another host's files are removed so they cannot misroute.
  for (const [name, text] of extra.root) await writeFileAtomic(join(options.outDir, name), text);
  for (const name of extra.remove) await rm(join(options.outDir, name), { force: true });
  let bytes = 0;
  for (const content of files.values()) bytes += Buffer.byteLength(content);
  return { files: files.size, bytes, redirectRules: extra.redirectRules, warnings, skipped: dataset.rejectedModels };
}
