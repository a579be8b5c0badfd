/**
 * Netlify's rules with a live status URL, matched by Netlify's own engine: the status path forms
 * proxy (200 rewrites) to the live origin, the file forms stay the files, and every other rule is
 * the one a build without the setting writes.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { tempDir } from '../testing/tree.js';
import { loadNetlifyEngine, type NetlifyEngine } from './netlify-engine.js';
import { formatRedirects, redirectRules, type RoutingInput } from './redirects.js';
import { requestPath } from './serve.js';

const LIVE = 'https://modelpulse.modelpulse.workers.dev';
const INPUT: RoutingInput = { authors: ['openai'], modelIds: ['openai/gpt-test'], serviceIds: ['mistral', 'openai'] };
const FILES = ['api/v1/status.json', 'api/v1/status/openai.json', 'api/v1/status/mistral.json', 'api/v1/models.json', 'api/v1/models/openai/gpt-test.json', 'api/v1/index.json', 'api/v1/errors/not-found.json'];

let plain: { dir: string; engine: NetlifyEngine };
let live: { dir: string; engine: NetlifyEngine };

async function site(liveStatusUrl: string | null) {
  const dir = await tempDir('live-routing');
  for (const file of FILES) {
    await mkdir(join(dir, file, '..'), { recursive: true });
    await writeFile(join(dir, file), '{}');
  }
  await writeFile(join(dir, '_redirects'), formatRedirects(redirectRules(INPUT, liveStatusUrl)));
  return { dir, engine: await loadNetlifyEngine(dir, join(process.cwd(), 'netlify.toml')) };
}

beforeAll(async () => {
  [plain, live] = await Promise.all([site(null), site(LIVE)]);
});

/** What Netlify does with a URL: proxies it, rewrites it to a file, or serves the file itself. */
function resolve({ dir, engine }: { dir: string; engine: NetlifyEngine }, url: string): string {
  const { path, search } = requestPath(url);
  const file = !path.endsWith('/') && existsSync(join(dir, path));
  const rule = engine.match(path, search.slice(1));
  if (rule !== null && (rule.force || !file)) return `${rule.status} ${rule.to}`;
  return file ? `200 ${path}` : '404';
}

describe("Netlify's rules with LIVE_STATUS_URL", () => {
  it.each([
    ['/api/v1/status', `200 ${LIVE}/api/v1/status`],
    ['/api/v1/status/', `200 ${LIVE}/api/v1/status`],
    ['/api/v1/status?x=1', `200 ${LIVE}/api/v1/status`],
    ['/api/v1/status/openai', `200 ${LIVE}/api/v1/status/openai`],
    ['/api/v1/status/openai/', `200 ${LIVE}/api/v1/status/openai`],
    ['/api/v1/status/mistral', `200 ${LIVE}/api/v1/status/mistral`],
    // The file forms are the fallback: always the build's files.
    ['/api/v1/status.json', '200 /api/v1/status.json'],
    ['/api/v1/status/openai.json', '200 /api/v1/status/openai.json'],
    // A service this build does not know: the JSON 404, as without the setting.
    ['/api/v1/status/nobody', '404 /api/v1/errors/not-found.json'],
    // A model's path form asked live (the client's read) is proxied; plainly asked, or in the file form, it is the file.
    ['/api/v1/models/openai/gpt-test?live=1', `200 ${LIVE}/api/v1/models/openai/gpt-test`],
    ['/api/v1/models/openai/gpt-test/?live=1', `200 ${LIVE}/api/v1/models/openai/gpt-test`],
    ['/api/v1/models/openai/gpt-test', '200 /api/v1/models/openai/gpt-test.json'],
    ['/api/v1/models/openai/gpt-test?live=0', '200 /api/v1/models/openai/gpt-test.json'],
    ['/api/v1/models/openai/gpt-test.json?live=1', '200 /api/v1/models/openai/gpt-test.json'],
    // An id the build does not list: the Worker's answer (its JSON 404).
    ['/api/v1/models/openai/nobody?live=1', `200 ${LIVE}/api/v1/models/openai/nobody`],
  ])('%s → %s', (url, expected) => {
    expect(resolve(live, url)).toBe(expected);
  });

  it('changes nothing else: the same rules in the same order but the status path forms and the live model read, and the same answers', () => {
    const proxied = (r: { to: string }) => r.to.startsWith(LIVE);
    const withLive = redirectRules(INPUT, LIVE);
    const without = redirectRules(INPUT);
    const formatted = formatRedirects(withLive).split('\n');
    expect(formatted.filter((line) => line.includes(LIVE))).toEqual([
      `/api/v1/status ${LIVE}/api/v1/status 200!`,
      `/api/v1/status/mistral ${LIVE}/api/v1/status/mistral 200!`,
      `/api/v1/status/openai ${LIVE}/api/v1/status/openai 200!`,
      `/api/v1/models/:author/:slug live=1 ${LIVE}/api/v1/models/:author/:slug 200`,
    ]);
    // The status proxies in the place the file rewrites hold without the setting; the model rule added just above the models' own.
    const others = withLive.filter((r) => !r.from.startsWith('/api/v1/models/:author'));
    expect(others.map((r) => (proxied(r) ? r.from : JSON.stringify(r)))).toEqual(without.map((r) => (r.from.startsWith('/api/v1/status') && r.status === 200 ? r.from : JSON.stringify(r))));
    expect(withLive[withLive.findIndex((r) => r.from.startsWith('/api/v1/models/:author')) + 1]!.from).toBe('/api/v1/models/openai/gpt-test');
    for (const url of ['/api/v1', '/api', '/api/v1/models', '/api/v1/models/openai/gpt-test', '/api/v1/models.json', '/api/v1/cheapest?vision=1', '/api/v1/nothing', '/nothing', '/.modelpulse-build/x', '/api/v1/status.json?x=1', '/api/v1/models/openai?live=1']) {
      expect(resolve(live, url), url).toBe(resolve(plain, url));
    }
    expect(resolve(plain, '/api/v1/status')).toBe('200 /api/v1/status.json');
  });
});
