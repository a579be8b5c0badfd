/**
 * The package as users get it: `npm pack ./packages/modelpulse` (which builds it), installed
 * into an empty project with no registry at all (`npm install --offline`), then used the three
 * ways it offers (the ES module from Node.js and from a browser, the CLI, the MCP server) against
 * a small site served by the real `serve`, and compiled against by a strict TypeScript consumer.
 * The same site publishes the package as /modelpulse.tgz: the same files, installed from its URL.
 */
import { execFile } from 'node:child_process';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { packBuiltPackage } from '../../../generator/assemble/site-package.js';
import { launchChromium } from '../../../generator/testing/browser.js';
import { tempDir } from '../../../generator/testing/tree.js';
import { SMALL_SITE_URL, startSmallSite, unusedBaseUrl, type SmallSite } from '../../../generator/testing/small-site.js';

const run = promisify(execFile);
const REPO = fileURLToPath(new URL('../../../', import.meta.url));
const TSC = join(REPO, 'node_modules/typescript/bin/tsc');
const PACKAGE_DIR = join(REPO, 'packages/modelpulse');
// A busy machine builds slowly: these bound a hang, they measure nothing.
const SLOW = 600_000;

let site: SmallSite;
let project: string;
let installed: string;
let packed: string;
let packedFiles: string[];
const cheapestFile = () => site.file('cheapest/min_intel/40/vision/limit/5.json');

beforeAll(async () => {
  site = await startSmallSite();
  const packDir = await tempDir('pack');
  const { stdout } = await run('npm', ['pack', './packages/modelpulse', '--pack-destination', packDir, '--json'], { cwd: REPO, maxBuffer: 16 << 20 });
  const [{ filename, files }] = JSON.parse(stdout.slice(stdout.indexOf('['))) as [{ filename: string; files: Array<{ path: string }> }];
  packed = join(packDir, filename);
  packedFiles = files.map((f) => f.path).sort();
  project = await tempDir('consumer');
  await writeFile(join(project, 'package.json'), JSON.stringify({ name: 'consumer', private: true, type: 'module' }));
  await run('npm', ['install', '--offline', '--no-audit', '--no-fund', packed], { cwd: project });
  installed = join(project, 'node_modules/modelpulse');
}, SLOW);
afterAll(async () => {
  await site?.server.close();
});

describe('the packed modelpulse package', () => {
  it('installs into an empty project with no registry, bringing no dependency', async () => {
    expect((await readdir(join(project, 'node_modules'))).filter((name) => !name.startsWith('.'))).toEqual(['modelpulse']);
    const manifest = JSON.parse(await readFile(join(installed, 'package.json'), 'utf8')) as { dependencies?: object };
    expect(manifest.dependencies).toBeUndefined();
    // What it bundles instead ships with its licenses.
    const licenses = await readFile(join(installed, 'dist/THIRD-PARTY-LICENSES.txt'), 'utf8');
    expect(licenses).toMatch(/^@modelcontextprotocol\/sdk@\d+\.\d+\.\d+ \(MIT\)\n\nMIT License/m);
    expect(licenses).toMatch(/^zod@\d+\.\d+\.\d+ \(MIT\)$/m);
  }, SLOW);

  it('answers cheapest from Node.js as the API does', async () => {
    await writeFile(join(project, 'cheapest.mjs'), `import { createClient } from 'modelpulse';
const { computed, ...answer } = await createClient({ baseUrl: process.argv[2] }).cheapest({ min_intel: 40, vision: true, limit: 5 });
console.log(JSON.stringify(answer));`);
    const { stdout } = await run(process.execPath, ['cheapest.mjs', site.server.url], { cwd: project });
    expect(JSON.parse(stdout)).toEqual(await cheapestFile());
  }, SLOW);

  it('answers cheapest from its CLI (--json) as the API does', async () => {
    const env = { ...process.env, MODELPULSE_CACHE_DIR: await tempDir('pack-cache') };
    const bin = join(project, 'node_modules/.bin/modelpulse');
    expect((await run(bin, ['--version'], { env })).stdout.trim()).toBe(JSON.parse(await readFile(join(installed, 'package.json'), 'utf8')).version);
    const { stdout } = await run(bin, ['cheapest', '--min-intel', '40', '--vision', '--limit', '5', '--json', '--base-url', site.server.url], { env });
    expect(JSON.parse(stdout)).toEqual(await cheapestFile());
    const failed = await run(bin, ['cheapest', '--limit', 'lots', '--base-url', site.server.url], { env }).catch((error: { code: number; stderr: string }) => error);
    expect(failed).toMatchObject({ code: 2, stderr: expect.stringMatching(/^modelpulse: --limit must be a whole number from 1 to 100/) });
  }, SLOW);

  it('exports estimateCost, and its CLI prints the same estimate (--json), exit 2 on bad counts', async () => {
    await writeFile(join(project, 'cost.mjs'), `import { createClient, CostInputError, estimateCost, rankByCost } from 'modelpulse';
const { data } = await createClient({ baseUrl: process.argv[2] }).model('anthropic/claude-test');
let refused = null;
try { estimateCost(data, { input_tokens: 5, cache_read_tokens: 6, output_tokens: 0 }); } catch (error) { refused = error instanceof CostInputError ? error.field : String(error); }
console.log(JSON.stringify({ estimate: estimateCost(data, { input_tokens: 250000, cache_read_tokens: 200000, output_tokens: 1000 }), refused, rank: typeof rankByCost }));`);
    const { stdout } = await run(process.execPath, ['cost.mjs', site.server.url], { cwd: project });
    const fromModule = JSON.parse(stdout) as { estimate: { total_usd: number }; refused: string; rank: string };
    expect(fromModule).toMatchObject({ estimate: { total_usd: 0.4425, tier: { min_prompt_tokens: 200000 } }, refused: 'cache_read_tokens', rank: 'function' });
    const env = { ...process.env, MODELPULSE_CACHE_DIR: await tempDir('pack-cost-cache') };
    const bin = join(project, 'node_modules/.bin/modelpulse');
    const cli = await run(bin, ['cost', 'anthropic/claude-test', '--input', '250000', '--cache-read', '200000', '--output', '1000', '--json', '--base-url', site.server.url], { env });
    expect(JSON.parse(cli.stdout)).toEqual(fromModule.estimate);
    const failed = await run(bin, ['cost', 'anthropic/claude-test', '--input', '1.5', '--output', '1', '--base-url', site.server.url], { env }).catch((error: { code: number; stderr: string }) => error);
    expect(failed).toMatchObject({ code: 2, stderr: expect.stringMatching(/^modelpulse: --input: must be a whole number of tokens/) });
  }, SLOW);

  it('answers cheapest from its MCP server (the SDK bundled in) as the API does', async () => {
    const client = new Client({ name: 'package-test', version: '1.0.0' });
    await client.connect(new StdioClientTransport({ command: process.execPath, args: [join(installed, 'dist/cli.js'), 'mcp', '--base-url', site.server.url], stderr: 'pipe' }));
    try {
      const answer = await client.callTool({ name: 'cheapest', arguments: { min_intel: 40, vision: true, limit: 5 } });
      expect(answer.structuredContent).toEqual(await cheapestFile());
      expect((await client.listTools()).tools.map((t) => t.name)).toContain('estimate_cost');
      const cost = await client.callTool({ name: 'estimate_cost', arguments: { model: 'anthropic/claude-test', input_tokens: 250000, cache_read_tokens: 200000, output_tokens: 1000 } });
      expect(cost.structuredContent).toMatchObject({ data: { total_usd: 0.4425 } });
    } finally {
      await client.close();
    }
  }, SLOW);

  it('runs in a browser: the ES module from another origin, reading the API through CORS', async () => {
    const moduleSource = await readFile(join(installed, 'dist/index.js'));
    const page = `<!doctype html><script type="module">
import { createClient } from './modelpulse.js';
window.answer = createClient({ baseUrl: ${JSON.stringify(site.server.url)} }).cheapest({ min_intel: 40, vision: true, limit: 5 }).then(({ data, meta }) => ({ data, meta }));
</script>`;
    const origin = createServer((req, res) => {
      const js = req.url === '/modelpulse.js';
      res.writeHead(200, { 'content-type': js ? 'text/javascript' : 'text/html' });
      res.end(js ? moduleSource : page);
    });
    await new Promise<void>((resolve) => origin.listen(0, '127.0.0.1', resolve));
    const browser = await launchChromium();
    try {
      const tab = await browser.newPage();
      await tab.goto(`http://127.0.0.1:${(origin.address() as AddressInfo).port}/`);
      expect(await tab.evaluate(() => (window as unknown as { answer: Promise<unknown> }).answer)).toEqual(await cheapestFile());
    } finally {
      await browser.close();
      await new Promise((resolve) => origin.close(resolve));
    }
  }, SLOW);

  it('types every response for a strict TypeScript consumer: a field the API does not have does not compile', async () => {
    await writeFile(join(project, 'tsconfig.json'), JSON.stringify({
      compilerOptions: { strict: true, noUncheckedIndexedAccess: true, module: 'NodeNext', moduleResolution: 'NodeNext', target: 'ES2022', lib: ['ES2022'], types: [], noEmit: true },
    }));
    const good = `import { createClient, estimateCost, ModelPulseError, type CostEstimate, type EndpointStats, type FastestEntry, type ModelEntry, type ModelIncident, type ModelInTrouble, type ModelListStatus, type ModelStatus, type ServiceDetail } from 'modelpulse';
const client = createClient();
const { data, meta } = await client.cheapest({ min_intel: 40, vision: true, limit: 5 });
const first: ModelEntry | undefined = data[0];
const blended: number | null = first?.price.blended ?? null;
const vision: boolean | undefined = first?.capabilities.vision;
const link: string = meta.attribution.url;
const service: ServiceDetail = (await client.service('openai')).data;
const day: number | null | undefined = service.uptime_90d[0]?.uptime;
const retires: string | null = (await client.model('openai/gpt-4o')).data.retirement_date;
let failure: [string, number, string | null] | null = null;
try { await client.models('x'); } catch (error) { if (error instanceof ModelPulseError) failure = [error.code, error.status, error.url]; }
const estimate: CostEstimate = estimateCost((await client.model('openai/gpt-4o')).data, { input_tokens: 12000, cache_read_tokens: 8000, output_tokens: 800 });
const total: number | null = estimate.total_usd;
const ranked: string[] = (await client.cheapestForUsage({ input_tokens: 1000, output_tokens: 100 }, { vision: true })).data.map((r) => r.model_id);
const one = (await client.modelStatus('claude-sonnet-4-5-20250929')).data;
const state: ModelStatus['state'] = one.status.state;
const stats: EndpointStats | undefined = one.endpoints[0]?.stats;
const p90: number | null | undefined = stats?.latency_30m.p90_ms;
const incident: ModelIncident | undefined = one.status.open_incidents[0];
const trouble: ModelInTrouble[] = (await client.modelStatus()).data;
const live: string | null = (await client.modelStatus()).meta.live.reason;
const fast: FastestEntry | undefined = (await client.fastest({ tools: true, max_price: 2, sort: 'latency' })).data[0];
const speed: ModelListStatus | undefined = fast?.status;
export const seen = [blended, vision, link, day, retires, failure, total, ranked, state, p90, incident, trouble, live, speed];
`;
    await writeFile(join(project, 'good.ts'), good);
    await run(process.execPath, [TSC, '-p', project]);
    const bad = `import { createClient, estimateCost } from 'modelpulse';
const { data } = await createClient().cheapest({ min_intel: 40 });
export const price = data[0]?.price.per_token;
await createClient().cheapest({ min_intell: 40 });
estimateCost((await createClient().model('x')).data, { input_tokens: 1, output_tokens: 1, cache_reads_tokens: 1 });
await createClient().fastest({ sort: 'speed' });
export const p99 = (await createClient().modelStatus('x')).data.endpoints[0]?.stats?.latency_30m.p99_ms;
`;
    await writeFile(join(project, 'bad.ts'), bad);
    const failed = await run(process.execPath, [TSC, '-p', project]).then(() => null, (error: { stdout: string }) => error.stdout);
    expect(failed).toMatch(/bad\.ts\(3,\d+\): error TS2339: Property 'per_token' does not exist on type 'Price'/);
    expect(failed).toMatch(/bad\.ts\(4,\d+\): error TS\d+: Object literal may only specify known properties, but 'min_intell' does not exist in type 'CheapestQuery'/);
    expect(failed).toMatch(/bad\.ts\(5,\d+\): error TS\d+: Object literal may only specify known properties, but 'cache_reads_tokens' does not exist in type 'TokenUsage'/);
    // The union's members in the compiler's own order (TypeScript 7 sorts them otherwise than 5 did).
    const sortBy = failed?.match(/bad\.ts\(6,\d+\): error TS2322: Type '"speed"' is not assignable to type '([^']*)'/)?.[1];
    expect(sortBy?.split(' | ').sort()).toEqual(['"latency"', '"throughput"', 'null', 'undefined']);
    expect(failed).toMatch(/bad\.ts\(7,\d+\): error TS\d+: Property 'p99_ms' does not exist/);
    expect(failed, 'good.ts still compiles').not.toMatch(/good\.ts/);
  }, SLOW);
});

/**
 * Each file's bytes as latin1 text (one character a byte: exact): compared as strings, not as
 * Buffers, which toEqual walks byte by byte (seconds for the package's megabyte of bundles).
 */
const bytesAsText = (files: Map<string, Buffer>) => new Map([...files].map(([path, bytes]) => [path, bytes.toString('latin1')]));

/** Every file of a package tarball, by its path inside the package, unpacked by the system's tar. */
async function unpacked(tarball: string): Promise<Map<string, Buffer>> {
  const dir = await tempDir('unpacked');
  await run('tar', ['-xzf', tarball, '-C', dir]);
  const files = await readdir(join(dir, 'package'), { recursive: true, withFileTypes: true });
  const entries = files.filter((f) => f.isFile()).map((f) => join(f.parentPath, f.name).slice(join(dir, 'package').length + 1));
  return new Map(await Promise.all(entries.sort().map(async (path) => [path, await readFile(join(dir, 'package', path))] as const)));
}

describe('what the package ships', () => {
  it("is what npm pack lists: the bundles, their types and licenses, README, LICENSE and package.json; no sources, tests, fixtures, source maps or this machine's paths", async () => {
    expect(packedFiles.map((path) => path.replace(/-[A-Z0-9]{8}\.js$/, '-HASH.js'))).toEqual(
      ['LICENSE', 'README.md', 'dist/THIRD-PARTY-LICENSES.txt', 'dist/chunks/chunk-HASH.js', 'dist/chunks/server-HASH.js', 'dist/cli.js', 'dist/index.d.ts', 'dist/index.js', 'package.json'].sort(),
    );
    for (const [path, bytes] of await unpacked(packed)) {
      const text = bytes.toString('utf8');
      expect(text, path).not.toContain(REPO);
      expect(text, path).not.toMatch(/sourceMappingURL|\/(?:home|root|tmp|work)\/[\w.-]+\//);
    }
  }, SLOW);

  it("is the site's /modelpulse.tgz, file for file and byte for byte", async () => {
    const fromSite = await unpacked(join(site.publishDir, 'modelpulse.tgz'));
    expect([...fromSite.keys()]).toEqual(packedFiles);
    expect(bytesAsText(fromSite)).toEqual(bytesAsText(await unpacked(packed)));
    // npm pack's build (prepack, into dist/), packed as the site packs it: the same bytes as the
    // site's tarball, which another build of the same code made (site-package.ts keeps it).
    expect((await packBuiltPackage(PACKAGE_DIR)).toString('latin1')).toBe((await readFile(join(site.publishDir, 'modelpulse.tgz'))).toString('latin1'));
  }, SLOW);

  it('installs from the site\'s URL (npm run serve) into an empty project, no registry reached, and runs there', async () => {
    const url = `${site.server.url}/modelpulse.tgz`;
    const consumer = await tempDir('url-consumer');
    await writeFile(join(consumer, 'package.json'), JSON.stringify({ name: 'url-consumer', private: true }));
    // No registry: one that nothing answers, a cache of its own, no audit, no funding or update checks.
    const npmEnv = { ...process.env, npm_config_registry: (await unusedBaseUrl()) + '/', npm_config_cache: await tempDir('npm-cache'), npm_config_update_notifier: 'false' };
    await run('npm', ['install', '--no-audit', '--no-fund', url], { cwd: consumer, env: npmEnv });
    const { version } = JSON.parse(await readFile(join(installed, 'package.json'), 'utf8')) as { version: string };
    expect((await run('npx', ['--no-install', 'modelpulse', '--version'], { cwd: consumer, env: npmEnv })).stdout.trim()).toBe(version);
    // And straight from the URL, as the README shows (npx installs it into its own cache).
    const elsewhere = await tempDir('npx-url');
    await mkdir(join(elsewhere, 'empty'));
    expect((await run('npx', ['--yes', url, '--version'], { cwd: join(elsewhere, 'empty'), env: npmEnv })).stdout.trim()).toBe(version);
  }, SLOW);

  it('answers /mcp on a host without code with a JSON error naming the remote endpoint, for GET and for an MCP client\'s POST', async () => {
    for (const method of ['GET', 'POST']) {
      const res = await fetch(`${site.server.url}/mcp`, { method, ...(method === 'POST' ? { headers: { 'content-type': 'application/json' }, body: '{"jsonrpc":"2.0","id":1,"method":"initialize"}' } : {}) });
      expect([res.status, res.headers.get('content-type'), res.headers.get('access-control-allow-origin')], method).toEqual([404, 'application/json; charset=utf-8', '*']);
      const { error } = (await res.json()) as { error: { code: string; endpoint: string; message: string } };
      expect(error.code).toBe('mcp_elsewhere');
      expect(error.endpoint).toMatch(/^https:\/\/.+\/mcp$/);
      expect(error.message).toContain(error.endpoint);
      expect(error.message).toContain(`npx -y ${SMALL_SITE_URL}/modelpulse.tgz mcp`);
    }
  }, SLOW);
});
