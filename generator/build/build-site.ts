import { cloudflareHeaders, type Host } from '../host/hosts.js';
import { formatRedirects } from '../host/redirects.js';
import { siteRules } from '../host/routing.js';
import { renderApi } from '../render/site.js';
import { notFoundPage } from '../render/errors.js';
import { pageUrl, routes } from '../web/routes.js';
import { loadDataset, type RejectedModelFile } from '../store/data-store.js';
import { DataFileError } from '../store/files.js';
import { loadContentState } from '../store/content-store.js';
import { EMPTY_CONTENT_STATE } from '../publish/content-times.js';
import { MAX_FILE_BYTES } from '../bounds/text.js';
import { bundleClient, bundleWebApp, readWebStatic } from './bundles.js';
import { TRANSACTION_DIR, writeSiteIncrementally, type WriteCounts } from './incremental-write.js';
import { forgetRecord, inputFingerprint, readRecord, unchangedBuild, writeRecord } from './build-record.js';
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { checkFileBudget, serializeSite } from './write-site.js';

export interface BuildOptions {
  dataDir: string;
  outDir: string;
  siteUrl: string;
  /** Which host files to write next to api/ (default netlify). */
  host?: Host;
  /** The largest file the build may publish (default MAX_FILE_BYTES, 1 MiB). */
  maxFileBytes?: number;
}

export interface BuildReport {
  files: number;
  bytes: number;
  redirectRules: number;
  /** Problems the build worked around (it still wrote the whole site). */
  warnings: string[];
  /** Stored models left out: an id that cannot be published, or a file over the size budget; the rest is built. */
  skipped: RejectedModelFile[];
  /** What the incremental write did to the output directory. */
  written: WriteCounts;
}

/**
 * The routing rules for these files. Checking them expands every rule over the cheapest grid (a
 * second or more): a process that builds the same files again (a test, the bench) reuses them.
 */
let lastRules: { key: string; rules: ReturnType<typeof siteRules> } | null = null;
function rulesFor(paths: Iterable<string>): ReturnType<typeof siteRules> {
  const list = [...paths];
  const key = createHash('sha256').update(list.join('\n')).digest('hex');
  if (lastRules?.key !== key) lastRules = { key, rules: siteRules(new Set(list)) };
  return lastRules.rules;
}

/** Host files of every host: the build owns them, so switching hosts removes the other's. */
const HOST_FILES = ['_redirects', '_headers'] as const;

/**
 * data/ → validated files → outDir, incrementally and atomically (build/incremental-write.ts):
 * only changed files are written, and a build that fails leaves the previous output as it was.
 * No network, no clock.
 */
export async function buildSite(options: BuildOptions): Promise<BuildReport> {
  const host = options.host ?? 'netlify';
  const maxFileBytes = options.maxFileBytes ?? MAX_FILE_BYTES;
  // Host files this build does not write: they must not be there (another host's rules).
  const absent = HOST_FILES.filter((name) => !(host === 'netlify' && name === '_redirects') && !(host === 'cloudflare' && name === '_headers'));
  // The same inputs as the last build into an output it left intact: nothing to do.
  const inputs = inputFingerprint(options.dataDir, { siteUrl: options.siteUrl, host, maxFileBytes });
  const recorded = existsSync(join(options.outDir, TRANSACTION_DIR)) ? null : unchangedBuild<BuildReport>(options.outDir, inputs, absent);
  if (recorded !== null) return { ...recorded, written: { written: 0, removed: 0, unchanged: recorded.written.written + recorded.written.unchanged } };

  const dataset = await loadDataset(options.dataDir);
  const warnings: string[] = [];
  // State, not curation: a broken content file costs the responses their recorded times, never the build.
  const contentTimes = await loadContentState(options.dataDir).catch((error: unknown) => {
    if (!(error instanceof DataFileError)) throw error;
    warnings.push(`${error.message}; every response carries the last run's time until the next update rewrites it`);
    return EMPTY_CONTENT_STATE;
  });
  const oversized: RejectedModelFile[] = [];
  const rendered = renderApi(dataset, {
    siteUrl: options.siteUrl,
    contentTimes,
    maxFileBytes,
    report: (message) => warnings.push(message),
    leftOut: (id, bytes) => oversized.push({ path: `${options.dataDir}/models/${id}.json`, reason: `skipped: its file would be ${bytes} bytes, over the ${maxFileBytes}-byte budget` }),
  });
  const api = serializeSite(rendered, options.siteUrl);
  api.set('api/v1/client.js', await bundleClient());
  const rules = rulesFor(api.keys());
  // The order files are replaced in: the API, the website's script, its static files with the
  // page last, then the host files that route to all of them.
  const files = new Map<string, string | Buffer>(api);
  files.set('app.js', await bundleWebApp());
  for (const [name, content] of await readWebStatic()) files.set(name, content);
  // What a rewrite to a missing file (a number outside the cheapest grid) answers: JSON.
  files.set('404.html', notFoundPage(pageUrl(options.siteUrl, routes.docs())));
  if (host === 'netlify') files.set('_redirects', formatRedirects(rules));
  if (host === 'cloudflare') files.set('_headers', cloudflareHeaders());
  checkFileBudget(files, maxFileBytes);
  const previous = readRecord<BuildReport>(options.outDir)?.output ?? null;
  forgetRecord(options.outDir);
  const { state, ...written } = writeSiteIncrementally(options.outDir, files, { alsoOwned: HOST_FILES, previous });
  let bytes = 0;
  for (const content of api.values()) bytes += Buffer.byteLength(content);
  const report: BuildReport = { files: api.size, bytes, redirectRules: host === 'netlify' ? rules.length : 0, warnings, skipped: [...dataset.rejectedModels, ...oversized], written };
  writeRecord(options.outDir, { inputs, absent, output: state, report });
  return report;
}
