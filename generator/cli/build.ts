import { siteUrl } from '../config.js';
import { buildSite } from '../build/build-site.js';
import { parseCli, runMain } from './args.js';

const HELP = `npm run build -- [--data-dir DIR] [--out DIR]
Renders the API from data/ into OUT/api (default: data → public). Offline and deterministic.
Environment: SITE_URL (or Netlify's URL) sets the site URL used in links and schema ids.`;

async function main(): Promise<number> {
  const args = parseCli(process.argv.slice(2), {
    'data-dir': { type: 'string', default: 'data' },
    out: { type: 'string', default: 'public' },
    help: { type: 'boolean', default: false },
  });
  if (args.help) {
    console.log(HELP);
    return 0;
  }
  const started = performance.now();
  const report = await buildSite({ dataDir: args['data-dir'], outDir: args.out, siteUrl: siteUrl() });
  const ms = Math.round(performance.now() - started);
  console.log(`built ${report.files} files (${(report.bytes / 1024 / 1024).toFixed(1)} MiB) into ${args.out}/api and ${report.redirectRules} rules into ${args.out}/_redirects in ${ms} ms`);
  return 0;
}

runMain(main);
