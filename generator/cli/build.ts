import { mcpUrl, siteUrl, statusDatabaseId } from '../config.js';
import { HOSTS, type Host } from '../host/hosts.js';
import { liveStatusUrlFromEnv, LiveStatusUrlError, parseLiveStatusUrl } from '../host/live-status.js';
import { openPreparedStore, parseCli, runMain, UsageError } from './args.js';
import { printable } from '../update/update-report.js';

const HELP = `npm run build -- [--data-dir DIR] [--state-dir DIR] [--out DIR] [--host netlify|cloudflare|github-pages|none]
  [--live-status-url URL]
Renders the API from data/ into OUT/api (default: data → public). Offline and deterministic.
--state-dir: the catalog and the volatile state come from the state store's directory (restored by
the refresh job, prepared by update) instead of DATA_DIR's snapshot; curated files from DATA_DIR.
--host (docs/hosting.md): netlify (default) writes OUT/_redirects and a JSON 404 page; cloudflare
writes OUT/_headers, OUT/_redirects, OUT/wrangler.json and the Worker (OUT/_worker.js);
github-pages and none write plain files (github-pages: meta.cache_seconds 600, what Pages sends).
--live-status-url (or LIVE_STATUS_URL; docs/hosting.md, "Live status on every host"): the https origin
of a Cloudflare deployment whose Worker answers status live. Netlify proxies the status path forms
there; the client and the website read it first (GitHub Pages, none); the static files stay the
fallback. Unset: nothing changes. Cloudflare ignores it: its own Worker is live.
Every host gets OUT/modelpulse.tgz, the npm package (npm install <site>/modelpulse.tgz).
Environment: SITE_URL (or Netlify's URL) sets the site URL used in links and schema ids; MCP_URL
the remote MCP endpoint that /mcp names on hosts without code (default: the project's);
STATUS_DB_ID the id of the D1 database of the Cloudflare Worker's status monitor (optional:
without it wrangler provisions the database by name; docs/hosting.md); MODELPULSE_OPENROUTER_URL
where the Worker's monitor sweeps OpenRouter's endpoint statistics (as update reads them; default
OpenRouter's own).`;

async function main(): Promise<number> {
  const args = parseCli(process.argv.slice(2), {
    'data-dir': { type: 'string', default: 'data' },
    'state-dir': { type: 'string' },
    out: { type: 'string', default: 'public' },
    host: { type: 'string', default: 'netlify' },
    'live-status-url': { type: 'string' },
    help: { type: 'boolean', default: false },
  });
  if (args.help) {
    console.log(HELP);
    return 0;
  }
  if (!(HOSTS as readonly string[]).includes(args.host)) throw new UsageError(`--host must be one of ${HOSTS.join(', ')}`);
  const liveStatusUrl = liveSetting(args['live-status-url']);
  const store = await openPreparedStore(args['data-dir'], args['state-dir']);
  // Loaded once the arguments are judged: a usage error answers without loading the whole build.
  const { buildSite } = await import('../assemble/build-site.js');
  const started = performance.now();
  const report = await buildSite({ store, outDir: args.out, siteUrl: siteUrl(), host: args.host as Host, mcpUrl: mcpUrl(), liveStatusUrl, statusDatabaseId: statusDatabaseId(), openRouterUrl: process.env.MODELPULSE_OPENROUTER_URL ?? null });
  const ms = Math.round(performance.now() - started);
  const hostFiles = args.host === 'netlify' ? ` and ${report.redirectRules} rules into ${args.out}/_redirects` : args.host === 'cloudflare' ? `, with ${args.out}/wrangler.json, _worker.js, _headers and _redirects` : '';
  for (const warning of report.warnings) console.warn(`warning: ${warning}`);
  for (const skipped of report.skipped) console.warn(printable(`warning: ${skipped.path} ${skipped.reason}`));
  const { written, removed, unchanged } = report.written;
  console.log(`built ${report.files} files (${(report.bytes / 1024 / 1024).toFixed(1)} MiB) into ${args.out}/api${hostFiles} in ${ms} ms: ${written} written, ${removed} removed, ${unchanged} unchanged`);
  return 0;
}

/** The option, else LIVE_STATUS_URL; a value that is no https origin is a usage error saying why. */
function liveSetting(option: string | undefined): string | null {
  try {
    return option === undefined ? liveStatusUrlFromEnv(process.env) : parseLiveStatusUrl(option);
  } catch (error) {
    throw error instanceof LiveStatusUrlError ? new UsageError(error.message, { cause: error }) : error;
  }
}

runMain(main);
