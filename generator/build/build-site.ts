import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import { cloudflareHeaders, type Host } from '../host/hosts.js';
import { formatRedirects } from '../host/redirects.js';
import { siteRules } from '../host/routing.js';
import { renderApi } from '../render/site.js';
import { notFoundPage } from '../render/errors.js';
import { pageUrl, routes } from '../web/routes.js';
import { loadDataset, type RejectedModelFile } from '../store/data-store.js';
import { DataFileError, writeFileAtomic } from '../store/files.js';
import { loadContentState } from '../store/content-store.js';
import { EMPTY_CONTENT_STATE } from '../publish/content-times.js';
import { bundleClient, bundleWebApp, readWebStatic } from './bundles.js';
import { serializeSite, writeSiteAtomically } from './write-site.js';
import type { StoreRef } from '../store/store.js';

export interface BuildOptions {
  /** Where the data is read and written (see store/layout.ts). */
  store: StoreRef;
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
  const dataset = await loadDataset(options.store);
  const warnings: string[] = [];
  // State, not curation: a broken content file costs the responses their recorded times, never the build.
  const contentTimes = await loadContentState(options.store).catch((error: unknown) => {
    if (!(error instanceof DataFileError)) throw error;
    warnings.push(`${error.message}; every response carries the last run's time until the next update rewrites it`);
    return EMPTY_CONTENT_STATE;
  });
  const files = serializeSite(renderApi(dataset, { siteUrl: options.siteUrl, contentTimes }), options.siteUrl);
  files.set('api/v1/client.js', await bundleClient());
  const webApp = await bundleWebApp();
  const rules = siteRules(new Set(files.keys()));
  await writeSiteAtomically(options.outDir, files);
  // The website beside the API: its script first, the page that loads it last.
  await writeFileAtomic(join(options.outDir, 'app.js'), webApp);
  for (const [name, content] of await readWebStatic()) await writeFileAtomic(join(options.outDir, name), content);
  // What a rewrite to a missing file (a number outside the cheapest grid) answers: JSON.
  await writeFileAtomic(join(options.outDir, '404.html'), notFoundPage(pageUrl(options.siteUrl, routes.docs())));
  // Host files are written after the API they route to, so a deploy never has rules pointing at
  // missing files; files for another host are removed so they cannot misroute.
  const host = options.host ?? 'netlify';
  const redirectsPath = join(options.outDir, '_redirects');
  const headersPath = join(options.outDir, '_headers');
  if (host === 'netlify') await writeFileAtomic(redirectsPath, formatRedirects(rules));
  else await rm(redirectsPath, { force: true });
  if (host === 'cloudflare') await writeFileAtomic(headersPath, cloudflareHeaders());
  else await rm(headersPath, { force: true });
  let bytes = 0;
  for (const content of files.values()) bytes += Buffer.byteLength(content);
  return { files: files.size, bytes, redirectRules: host === 'netlify' ? rules.length : 0, warnings, skipped: dataset.rejectedModels };
}
