import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { startCloudflareDev } from '../host/cloudflare/dev-server.js';
import { WRANGLER_CONFIG_FILE } from '../host/cloudflare/site-files.js';
import { startServer } from '../host/serve.js';
import { numberOption, parseCli, runMain, UsageError } from './args.js';

const HELP = `npm run serve -- [--dir DIR] [--port N] [--host netlify|cloudflare]
Serves DIR (default: public) on 127.0.0.1. Port: --port, else PORT, else 8888.
--host netlify (default): the same rewrite rules (DIR/_redirects) and headers (netlify.toml) as
  Netlify, matched by Netlify's own engine.
--host cloudflare: a site built with \`npm run build -- --host cloudflare\`, through Cloudflare's own
  local runtime (wrangler dev running workerd from node_modules): its _headers, _redirects, 404
  pages and Worker. Offline: no login, no telemetry. Its status monitor (the Worker's \`scheduled\`
  handler) runs against a local D1 every --monitor-every seconds (default 60, 0: never; one run at
  the start), probing the services of the site's registry; a run now: curl
  http://127.0.0.1:PORT/__monitor/run (?time=<ms>: as if then); its rows: /__monitor/db.`;

async function main(): Promise<number> {
  const args = parseCli(process.argv.slice(2), {
    dir: { type: 'string', default: 'public' },
    config: { type: 'string', default: 'netlify.toml' },
    port: { type: 'string' },
    host: { type: 'string', default: 'netlify' },
    'monitor-every': { type: 'string' },
    help: { type: 'boolean', default: false },
  });
  if (args.help) {
    console.log(HELP);
    return 0;
  }
  const port = numberOption(args.port ?? process.env.PORT, 'port', 8888, (n) => Number.isInteger(n) && n >= 0 && n < 65536);
  if (args.host !== 'netlify' && args.host !== 'cloudflare') throw new UsageError('--host must be netlify or cloudflare');
  let server: { url: string; close(): Promise<void> };
  if (args.host === 'cloudflare') {
    if (!existsSync(join(args.dir, WRANGLER_CONFIG_FILE))) throw new UsageError(`${args.dir} has no ${WRANGLER_CONFIG_FILE}: build it with \`npm run build -- --host cloudflare --out ${args.dir}\` first`);
    const every = numberOption(args['monitor-every'], 'monitor-every', 60, (n) => Number.isInteger(n) && n >= 0);
    const dev = await startCloudflareDev({ publishDir: resolve(args.dir), port, ...(every > 0 ? { monitorEveryMs: every * 1000 } : {}) });
    if (every > 0) void dev.runScheduled().catch(() => undefined);
    server = dev;
  } else {
    server = await startServer({ publishDir: args.dir, netlifyConfigPath: args.config, port });
  }
  console.log(`serving ${args.dir} at ${server.url} (${args.host === 'cloudflare' ? "Cloudflare's runtime, workerd" : "Netlify's rules"}; Ctrl-C to stop)`);
  await new Promise<void>((resolve) => {
    process.once('SIGINT', resolve);
    process.once('SIGTERM', resolve);
  });
  await server.close();
  return 0;
}

runMain(main);
