import { sweepCandidates } from '../status/sweep-rotation.js';
import { DEFAULT_BASE_URL } from '../sources/openrouter/endpoints-url.js';
import type { SweepModel } from '../host/cloudflare/monitor/sweep-asset.js';
import type { ModelRecord } from '../models/types.js';
import { hostFiles, type MonitorInputs } from '../host/host-files.js';
import { HOST_CACHE_SECONDS, PACKAGE_TARBALL, type Host } from '../host/hosts.js';
import { renderApi } from '../render/site.js';
import { loadDataset, type Dataset, type RejectedModelFile } from '../store/data-store.js';
import { DataFileError } from '../store/files.js';
import { loadContentState } from '../store/content-store.js';
import { EMPTY_CONTENT_STATE } from '../publish/content-times.js';
import { MAX_FILE_BYTES } from '../bounds/text.js';
import { MAX_LIST_FILE_BYTES, MAX_PUBLISHED_FILES } from '../bounds/site.js';
import { checkFileBudget, checkFileCount, type FileKinds } from './budget.js';
import { bundleClient, bundleSiteClient, bundleWebApp, bundleWorkerCode, readMigrations, readWebStatic } from './bundles.js';
import { parseLiveStatusUrl } from '../host/live-status.js';
import { writeSiteIncrementally, type WriteCounts } from './incremental-write.js';
import { abortEarlyTree, beginEarlyTree, type EarlyTree } from './tree-stager.js';
import { interruptedWrite } from './write-transaction.js';
import { codeFingerprint, forgetRecord, inputFingerprint, readRecord, unchangedBuild, writeRecord, type BuildRecord } from './build-record.js';
import { sitePackageTarball } from './site-package.js';
import type { RenderedFile } from '../render/rendered.js';
import type { IncidentModelSource } from '../render/incident-models.js';
import { serializeSite } from './write-site.js';
import { asStore, type StoreRef } from '../store/store.js';
import { DEFAULT_MCP_URL } from '../config.js';

export interface BuildOptions {
  /** Where the data is read and written (see store/layout.ts). */
  store: StoreRef;
  outDir: string;
  siteUrl: string;
  /** Which host files to write next to api/ (default netlify). */
  host?: Host;
  /** The largest file the build may publish (default MAX_FILE_BYTES, 1 MiB). */
  maxFileBytes?: number;
  /** The largest catalog-wide list (default MAX_LIST_FILE_BYTES, 4 MiB: bounds/site.ts). */
  maxListFileBytes?: number;
  /** The most files the publish directory may hold (default MAX_PUBLISHED_FILES, 20,000). */
  maxFiles?: number;
  /** Where hosts without code send MCP clients (default: the project's endpoint; MCP_URL in the CLI). */
  mcpUrl?: string;
  /** Cloudflare: the D1 database id of the Worker's status monitor (default none: wrangler provisions it by name; STATUS_DB_ID in the CLI). */
  statusDatabaseId?: string | null;
  /**
   * The origin whose Worker answers status live (LIVE_STATUS_URL; host/live-status.ts): Netlify
   * proxies the status path forms there, the client and the website read it first. Null or left
   * out: nothing changes. Cloudflare ignores it (its own Worker is live).
   */
  liveStatusUrl?: string | null;
  /** Cloudflare: where the edge monitor's sweep asks OpenRouter (MODELPULSE_OPENROUTER_URL in the CLI; default OpenRouter's own). */
  openRouterUrl?: string | null;
  /** Makes the package's tarball for the code fingerprint (default: sitePackageTarball; tests inject a failure). */
  packageTarball?: (codeFingerprint: string) => Promise<Buffer>;
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
  /** Every file of the publish directory by kind (assemble/budget.ts): the next build says what grew. */
  kinds: FileKinds;
}

/**
 * data/ → validated files → outDir, incrementally and atomically (assemble/incremental-write.ts):
 * only changed files are written, and a build that fails leaves the previous output as it was.
 * No network, no clock.
 */
export async function buildSite(options: BuildOptions): Promise<BuildReport> {
  const store = asStore(options.store);
  const host = options.host ?? 'netlify';
  const budgets = { maxFileBytes: options.maxFileBytes ?? MAX_FILE_BYTES, maxListFileBytes: options.maxListFileBytes ?? MAX_LIST_FILE_BYTES, maxFiles: options.maxFiles ?? MAX_PUBLISHED_FILES };
  // The same inputs as the last build into an output it left intact: nothing to do.
  const mcpUrl = options.mcpUrl ?? DEFAULT_MCP_URL;
  const liveStatusUrl = liveSetting(host, options.liveStatusUrl ?? null);
  const code = codeFingerprint();
  // Named only when set: a build without them keeps the fingerprint (and so the output) it had.
  const statusDatabaseId = host === 'cloudflare' ? (options.statusDatabaseId ?? null) : null;
  const openRouterUrl = host === 'cloudflare' && options.openRouterUrl && options.openRouterUrl !== DEFAULT_BASE_URL ? options.openRouterUrl.replace(/\/+$/, '') : null;
  const settings = { siteUrl: options.siteUrl, host, ...budgets, mcpUrl, ...(liveStatusUrl === null ? {} : { liveStatusUrl }), ...(statusDatabaseId === null ? {} : { statusDatabaseId }), ...(openRouterUrl === null ? {} : { openRouterUrl }) };
  const inputs = inputFingerprint([store.dataDir, ...(store.stateDir === null ? [] : [store.stateDir])], settings, code);
  const recorded = interruptedWrite(options.outDir) ? null : readRecord<BuildReport>(options.outDir);
  if (recorded !== null && unchangedBuild(options.outDir, recorded, inputs)) {
    return { ...recorded.report, written: { written: 0, removed: 0, unchanged: recorded.report.written.written + recorded.report.written.unchanged } };
  }

  // The package's tarball is built beside the rendering (a child process) unless its code's is kept.
  const tarball = (options.packageTarball ?? sitePackageTarball)(code);
  tarball.catch(() => undefined); // awaited below; a render that fails first must not leave it unhandled
  const { dataset, rendered, warnings, oversized, incidentSources } = await renderStore(store, { siteUrl: options.siteUrl, host, maxFileBytes: budgets.maxFileBytes });
  // A full build into an empty output writes api/ while it serializes the rest: the writes overlap
  // the work. Nothing reaches the output before the commit; a failure removes what was staged.
  const early = beginEarlyTree(options.outDir, 'api');
  try {
    const { report, state, absent } = await assembleAndWrite({ ...options, host, mcpUrl, liveStatusUrl, ...budgets }, rendered, recorded, early, tarball, {
      services: dataset.services,
      databaseId: statusDatabaseId,
      migrations: host === 'cloudflare' ? await readMigrations() : [],
      sweepModels: host === 'cloudflare' ? sweepModels(dataset.models.values()) : [],
      incidentSources: host === 'cloudflare' ? incidentSources : [],
      openRouterUrl,
    });
    if (host === 'cloudflare' && options.liveStatusUrl) report.warnings.push(`LIVE_STATUS_URL (${options.liveStatusUrl}) is not used on Cloudflare: the site's own Worker answers status live`);
    report.warnings.push(...warnings);
    report.skipped.push(...dataset.rejectedModels, ...oversized);
    writeRecord(options.outDir, { inputs, absent, output: state, report });
    return report;
  } catch (error) {
    if (early !== null) await abortEarlyTree(early);
    throw error;
  }
}

/** The models the edge monitor sweeps: the refresh's candidates, with the names the live list shows and their providers (the usage signal). */
function sweepModels(records: Iterable<ModelRecord>): SweepModel[] {
  const list = [...records];
  const byId = new Map(list.map((r) => [r.id, r]));
  return sweepCandidates(list).map((c) => {
    const record = byId.get(c.id)!;
    return { ...c, name: record.name, author: record.author, providers: record.endpoints.items.length };
  });
}

/** The live status URL a build uses: validated (a LiveStatusUrlError says why not), none on Cloudflare. */
function liveSetting(host: Host, raw: string | null): string | null {
  if (raw === null || raw === '') return null;
  const origin = parseLiveStatusUrl(raw);
  return host === 'cloudflare' ? null : origin;
}

/** What buildSite renders from the store before it serializes and writes anything. */
export interface RenderedStore {
  dataset: Dataset;
  rendered: RenderedFile[];
  /** Problems the render worked around. */
  warnings: string[];
  /** Models left out for a file over the size budget. */
  oversized: RejectedModelFile[];
  /** The catalog's names as incident matching reads them (render/incident-models.ts). */
  incidentSources: readonly IncidentModelSource[];
}

/**
 * The API exactly as buildSite renders it from `store` for `host`, nothing written (tests read a
 * few responses of a build this way: testing/rendered-site.ts).
 */
export async function renderStore(storeRef: StoreRef, options: { siteUrl: string; host?: Host; maxFileBytes?: number }): Promise<RenderedStore> {
  const store = asStore(storeRef);
  const maxFileBytes = options.maxFileBytes ?? MAX_FILE_BYTES;
  const dataset = await loadDataset(store);
  const warnings: string[] = [];
  // State, not curation: a broken content file costs the responses their recorded times, never the build.
  const contentTimes = await loadContentState(store).catch((error: unknown) => {
    if (!(error instanceof DataFileError)) throw error;
    warnings.push(`${error.message}; every response carries the last run's time until the next update rewrites it`);
    return EMPTY_CONTENT_STATE;
  });
  const oversized: RejectedModelFile[] = [];
  let incidentSources: readonly IncidentModelSource[] = [];
  const rendered = renderApi(dataset, {
    onIncidentSources: (sources) => (incidentSources = sources),
    siteUrl: options.siteUrl,
    contentTimes,
    cacheSeconds: HOST_CACHE_SECONDS[options.host ?? 'netlify'],
    maxFileBytes,
    report: (message) => warnings.push(message),
    leftOut: (id, bytes) => oversized.push({ path: store.path(`models/${id}.json`), reason: `skipped: its file would be ${bytes} bytes, over the ${maxFileBytes}-byte budget` }),
  });
  return { dataset, rendered, warnings, oversized, incidentSources };
}

type Budgets = Required<Pick<BuildOptions, 'maxFileBytes' | 'maxListFileBytes' | 'maxFiles'>>;

/** The rendered API serialized and validated, the client, the website and the host files beside it, within budget, written. */
async function assembleAndWrite(
  options: BuildOptions & Budgets & { host: Host; mcpUrl: string; liveStatusUrl: string | null },
  rendered: RenderedFile[],
  recorded: BuildRecord<BuildReport> | null,
  early: EarlyTree | null,
  tarball: Promise<Buffer>,
  monitor: MonitorInputs,
) {
  const api = serializeSite(rendered, early === null ? undefined : (path, text) => early.add(path, text));
  api.set('api/v1/client.js', options.host === 'cloudflare' ? await bundleClient() : await bundleSiteClient(options.host, options.liveStatusUrl));
  const extra = hostFiles(options.host, api, options.siteUrl, options.mcpUrl, options.host === 'cloudflare' ? await bundleWorkerCode() : null, options.liveStatusUrl, monitor);
  for (const [path, text] of extra.api) api.set(path, text);
  // The order files are replaced in: the API, the website's script, its static files with the
  // page last, then the host files that route to all of them (another host's are removed).
  const files = new Map<string, string | Buffer>(api);
  files.set('app.js', await bundleWebApp());
  for (const [name, content] of await readWebStatic()) files.set(name, content);
  files.set(PACKAGE_TARBALL, await tarball);
  for (const [name, text] of extra.root) files.set(name, text);
  checkFileBudget(files, options);
  const kinds = checkFileCount([...files.keys()], options.maxFiles, recorded?.report.kinds ?? null);
  forgetRecord(options.outDir);
  const { state, ...written } = await writeSiteIncrementally(options.outDir, files, { alsoOwned: extra.remove, previous: recorded?.output ?? null, early });
  let bytes = 0;
  for (const content of api.values()) bytes += Buffer.byteLength(content);
  const report: BuildReport = { files: api.size, bytes, redirectRules: extra.redirectRules, warnings: [], skipped: [], written, kinds };
  return { report, state, absent: extra.remove };
}
