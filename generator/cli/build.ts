import { mcpUrl, siteUrl, statusDatabaseId } from '../config.js';
import { buildSite } from '../assemble/build-site.js';
import { HOSTS, type Host } from '../host/hosts.js';
import { openPreparedStore, parseCli, runMain, UsageError } from './args.js';
import { printable } from '../update/update-report.js';

const HELP = `npm run build -- [--data-dir DIR] [--state-dir DIR] [--out DIR] [--host netlify|cloudflare|github-pages|none]
Renders the API from data/ into OUT/api (default: data → public). Offline and deterministic.
--state-dir: the catalog and the volatile state come from the state store's directory (restored by
the refresh job, prepared by update) instead of DATA_DIR's snapshot; curated files from DATA_DIR.
--host (docs/hosting.md): netlify (default) writes OUT/_redirects and a JSON 404 page; cloudflare
writes OUT/_headers, OUT/_redirects, OUT/wrangler.json and the Worker (OUT/_worker.js);
github-pages and none write plain files (github-pages: meta.cache_seconds 600, what Pages sends).
Every host gets OUT/modelpulse.tgz, the npm package (npm install <site>/modelpulse.tgz).
Environment: SITE_URL (or Netlify's URL) sets the site URL used in links and schema ids; MCP_URL
the remote MCP endpoint that /mcp names on hosts without code (default: the project's);
STATUS_DB_ID the D1 database of the Cloudflare Worker's status monitor (docs/hosting.md).`;

async function main(): Promise<number> {
  const args = parseCli(process.argv.slice(2), {
    'data-dir': { type: 'string', default: 'data' },
    'state-dir': { type: 'string' },
    out: { type: 'string', default: 'public' },
    host: { type: 'string', default: 'netlify' },
    help: { type: 'boolean', default: false },
  });
  if (args.help) {
    console.log(HELP);
    return 0;
  }
  if (!(HOSTS as readonly string[]).includes(args.host)) throw new UsageError(`--host must be one of ${HOSTS.join(', ')}`);
  const store = await openPreparedStore(args['data-dir'], args['state-dir']);
  const started = performance.now();
  const report = await buildSite({ store, outDir: args.out, siteUrl: siteUrl(), host: args.host as Host, mcpUrl: mcpUrl(), statusDatabaseId: statusDatabaseId() });
  const ms = Math.round(performance.now() - started);
  const hostFiles = args.host === 'netlify' ? ` and ${report.redirectRules} rules into ${args.out}/_redirects` : args.host === 'cloudflare' ? `, with ${args.out}/wrangler.json, _worker.js, _headers and _redirects` : '';
  for (const warning of report.warnings) console.warn(`warning: ${warning}`);
  for (const skipped of report.skipped) console.warn(printable(`warning: ${skipped.path} ${skipped.reason}`));
  const { written, removed, unchanged } = report.written;
  console.log(`built ${report.files} files (${(report.bytes / 1024 / 1024).toFixed(1)} MiB) into ${args.out}/api${hostFiles} in ${ms} ms: ${written} written, ${removed} removed, ${unchanged} unchanged`);
  return 0;
}

runMain(main);
