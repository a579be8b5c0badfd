import { startServer } from '../host/serve.js';
import { numberOption, parseCli, runMain } from './args.js';

const HELP = `npm run serve -- [--dir DIR] [--port N]
Serves DIR (default: public) on 127.0.0.1 with the same rewrite rules (DIR/_redirects) and headers
(netlify.toml) as Netlify, matched by Netlify's own engine. Port: --port, else PORT, else 8888.`;

async function main(): Promise<number> {
  const args = parseCli(process.argv.slice(2), {
    dir: { type: 'string', default: 'public' },
    config: { type: 'string', default: 'netlify.toml' },
    port: { type: 'string' },
    help: { type: 'boolean', default: false },
  });
  if (args.help) {
    console.log(HELP);
    return 0;
  }
  const port = numberOption(args.port ?? process.env.PORT, 'port', 8888, (n) => Number.isInteger(n) && n >= 0 && n < 65536);
  const server = await startServer({ publishDir: args.dir, netlifyConfigPath: args.config, port });
  console.log(`serving ${args.dir} at ${server.url} (Ctrl-C to stop)`);
  await new Promise<void>((resolve) => {
    process.once('SIGINT', resolve);
    process.once('SIGTERM', resolve);
  });
  await server.close();
  return 0;
}

runMain(main);
