/**
 * Everything a host needs beside the rendered API, as files (the build writes them; see
 * docs/hosting.md): the model index every host publishes, the 404 pages, and each host's own
 * routing and headers. Files of another host are named for removal, so they cannot misroute.
 */
import { sitePath } from '../config.js';
import { buildModelIndex, INDEX_FILE } from '../query/model-index.js';
import { buildFastestIndex, FASTEST_INDEX_FILE } from '../query/fastest-index.js';
import { cloudflareMissPages, errorJson, htmlNotFoundPage, jsonNotFoundPage } from '../render/errors.js';
import { pageUrl, routes } from '../render/page-routes.js';
import { assetsIgnore, cloudflareHeaders, cloudflareRedirects, WORKER_FILE, WRANGLER_CONFIG_FILE, wranglerConfig } from './cloudflare/site-files.js';
import type { Host } from './hosts.js';
import { MONITOR_ASSET, monitorAssetText } from './cloudflare/monitor/asset.js';
import { SWEEP_ASSET, sweepAssetText, type SweepModel } from './cloudflare/monitor/sweep-asset.js';
import { NAMES_ASSET, namesAssetText } from './cloudflare/monitor/names-asset.js';
import type { IncidentModelSource } from '../render/incident-models.js';
import type { ServiceDefinition } from '../status/registry.js';
import { MCP_ERROR_FILE, MCP_PLAIN_FILE, mcpElsewhere, mcpRedirectRules } from './mcp-elsewhere.js';
import { formatRedirects } from './redirects.js';
import { routingInputFrom, siteRules } from './routing.js';

export interface HostFiles {
  /** Files below api/, written with the API (atomically). */
  api: Map<string, string>;
  /** Files beside api/ in the publish directory. */
  root: Map<string, string>;
  /** Files beside api/ that belong to other hosts: removed. */
  remove: string[];
  /** Netlify rules written (0 elsewhere). */
  redirectRules: number;
}

/** What the Worker's status monitor needs from the build (Cloudflare only). */
export interface MonitorInputs {
  services: readonly ServiceDefinition[];
  /** The D1 database id for wrangler.json (config.ts statusDatabaseId), or null: wrangler provisions it by name. */
  databaseId: string | null;
  /** The D1 migrations (migrations/*.sql at the repository's top), name → SQL, copied beside wrangler.json. */
  migrations: ReadonlyArray<readonly [string, string]>;
  /** The models the monitor sweeps OpenRouter's endpoint statistics for (monitor/sweep-asset.ts). */
  sweepModels?: readonly SweepModel[];
  /** The catalog's names for matching official incidents to models at the edge (monitor/names-asset.ts). */
  incidentSources?: readonly IncidentModelSource[];
  /** OpenRouter's API base URL for the sweep (the build's MODELPULSE_OPENROUTER_URL), or null: OpenRouter's own. */
  openRouterUrl?: string | null;
}

/** Every file any host writes beside api/ (so a build for one host removes the others'). */
const ROOT_FILES = ['_redirects', '_headers', WORKER_FILE, WRANGLER_CONFIG_FILE, '.assetsignore', MCP_PLAIN_FILE, MONITOR_ASSET, SWEEP_ASSET, NAMES_ASSET, 'migrations/0001_status.sql', 'migrations/0002_sweep.sql'] as const;

/** The code a host with a Worker serves, bundled by the assembler (assemble/bundles.ts). */
export interface WorkerCode {
  /** The Worker module (generator/host/cloudflare/worker.ts and what it imports). */
  worker: string;
  /** The client that asks the Worker the queries off the grid, published as api/v1/client.js. */
  client: string;
}

/**
 * `api` is the rendered API (path → text); the result adds to it and to the publish directory.
 * `mcpUrl` is where hosts without code send MCP clients (on Cloudflare, the site's own `/mcp`).
 * `code` is the Worker's bundled code, which Cloudflare needs and the other hosts ignore.
 * `liveStatusUrl` (host/live-status.ts): Netlify's rules proxy the status path forms there.
 * `monitor`: what the Cloudflare Worker's status monitor needs (its D1 database, registry, migrations).
 */
export function hostFiles(
  host: Host,
  api: ReadonlyMap<string, string>,
  siteUrl: string,
  mcpUrl: string,
  code: WorkerCode | null,
  liveStatusUrl: string | null = null,
  monitor: MonitorInputs | null = null,
): HostFiles {
  const basePath = sitePath(siteUrl);
  const documentation = pageUrl(siteUrl, routes.docs());
  const paths = new Set(api.keys());
  const authors = routingInputFrom(paths).authors;
  const models = api.get('api/v1/models.json');
  if (models === undefined) throw new Error('the rendered API has no api/v1/models.json to index');
  const mcpError = errorJson(mcpElsewhere(siteUrl, host === 'cloudflare' ? `${siteUrl}/mcp` : mcpUrl, documentation));
  const apiFiles = new Map([
    [`api/v1/${INDEX_FILE}`, buildModelIndex(models, authors, basePath)],
    [`api/v1/${FASTEST_INDEX_FILE}`, buildFastestIndex(models, basePath)],
    [MCP_ERROR_FILE, mcpError],
  ]);
  const root = new Map<string, string>();
  let redirectRules = 0;
  if (host === 'github-pages' || host === 'none') root.set(MCP_PLAIN_FILE, mcpError);
  if (host === 'netlify') {
    // A rewrite to a missing variant file ends at /404.html, labelled JSON by the /api/* rule.
    const rules = [...mcpRedirectRules(), ...siteRules(new Set([...paths, ...apiFiles.keys()]), liveStatusUrl)];
    redirectRules = rules.length;
    root.set('_redirects', formatRedirects(rules));
    root.set('404.html', jsonNotFoundPage(documentation, basePath));
  } else {
    root.set('404.html', htmlNotFoundPage(documentation, basePath));
  }
  if (host === 'cloudflare') {
    for (const [path, text] of cloudflareMissPages(documentation, basePath)) apiFiles.set(path, text);
    root.set('_headers', cloudflareHeaders());
    root.set('_redirects', cloudflareRedirects());
    root.set('.assetsignore', assetsIgnore());
    if (code === null || monitor === null) throw new Error('a Cloudflare build needs the bundled Worker code and the monitor\'s inputs');
    const vars = { DOCUMENTATION: documentation, BASE_PATH: basePath, ...(monitor.openRouterUrl ? { OPENROUTER_URL: monitor.openRouterUrl } : {}) };
    root.set(WRANGLER_CONFIG_FILE, wranglerConfig(vars, { databaseId: monitor.databaseId, serviceIds: monitor.services.map((s) => s.id) }));
    root.set(MONITOR_ASSET, monitorAssetText(monitor.services, api));
    root.set(SWEEP_ASSET, sweepAssetText(monitor.sweepModels ?? []));
    root.set(NAMES_ASSET, namesAssetText(monitor.incidentSources ?? [], monitor.services));
    for (const [name, sql] of monitor.migrations) root.set(`migrations/${name}`, sql);
    root.set(WORKER_FILE, code.worker);
    apiFiles.set('api/v1/client.js', code.client);
  }
  return { api: apiFiles, root, remove: ROOT_FILES.filter((name) => !root.has(name)), redirectRules };
}
