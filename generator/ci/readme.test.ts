/**
 * README.md stays honest and short: at most 300 lines; every link reaches a file and heading
 * that exist; every repository path it names exists; every API path and example URL it names is
 * a file that a build of the committed data/ publishes; every npm script and every `modelpulse`
 * command and flag it shows exists.
 */
import fg from 'fast-glob';
import { readFile, stat } from 'node:fs/promises';
import { dirname, join, normalize } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { HELP } from '../../packages/modelpulse/src/cli/main.js';
import { WEB_CLIENT_IMPORT, WEB_STATIC_FILES } from '../assemble/bundles.js';
import { cheapestPath } from '../query/cheapest.js';
import { parseCheapestQuery } from '../query/params.js';
import { renderApi } from '../render/site.js';
import { loadDataset } from '../store/data-store.js';

const README = 'README.md';
const MAX_LINES = 300;
/** Files of other tools the README tells users to edit (an assistant's MCP configuration). */
const NOT_OURS = new Set(['.mcp.json', '.cursor/mcp.json', 'mcp.json']);
/** What the build writes beside the rendered API (generator/assemble/build-site.ts). */
const BUILD_EXTRAS = ['_redirects', 'app.js', '404.html', ...WEB_STATIC_FILES, WEB_CLIENT_IMPORT.replace(/^\.\//, '')];

let text: string;
/** Fenced code blocks, and the text without them (for inline code and links). */
let blocks: string[];
let prose: string;

beforeAll(async () => {
  text = await readFile(README, 'utf8');
  blocks = [...text.matchAll(/^```[^\n]*\n([\s\S]*?)^```$/gm)].map((m) => m[1]!);
  prose = text.replace(/^```[^\n]*\n[\s\S]*?^```$/gm, '');
});

const inlineCode = () => [...prose.matchAll(/`([^`\n]+)`/g)].map((m) => m[1]!);
const allCode = () => [...inlineCode(), ...blocks];

/** GitHub's heading anchors: lower case, punctuation dropped, spaces to hyphens. */
function anchors(markdown: string): Set<string> {
  const headings = [...markdown.replace(/^```[\s\S]*?^```$/gm, '').matchAll(/^#{1,6} (.+)$/gm)].map((m) => m[1]!);
  return new Set(headings.map((h) => h.trim().toLowerCase().replace(/[^\p{L}\p{N} _-]/gu, '').replace(/ /g, '-')));
}

const exists = (path: string) => stat(path).then(() => true, () => false);

/** A path with `<placeholder>` segments matches when some file fits it. */
async function repositoryHas(path: string): Promise<boolean> {
  if (!path.includes('<')) return exists(path);
  return (await fg(path.replace(/<[^>]+>/g, '*'), { onlyFiles: false })).length > 0;
}

describe('README.md', () => {
  it(`fits on a screen or two: at most ${MAX_LINES} lines`, () => {
    expect(text.split('\n').length).toBeLessThanOrEqual(MAX_LINES);
  });

  it('links only to files and headings that exist', async () => {
    const links = [...prose.matchAll(/\]\(([^)\s]+)\)/g)].map((m) => m[1]!).filter((target) => !/^[a-z]+:/.test(target));
    expect(links.length).toBeGreaterThan(5);
    for (const link of links) {
      const [file, anchor] = link.split('#') as [string, string | undefined];
      const path = file === '' ? README : normalize(join(dirname(README), file));
      expect(await exists(path), link).toBe(true);
      if (anchor !== undefined) expect([...anchors(await readFile(path, 'utf8'))], link).toContain(anchor);
    }
  });

  it('names only repository files that exist', async () => {
    const paths = inlineCode().filter((code) => /^\.?[\w-]+(\/[\w.<>*-]+)+\/?$/.test(code) && !code.startsWith('public/') && !NOT_OURS.has(code));
    expect(paths).toContain('data/services.json');
    for (const path of paths) expect(await repositoryHas(path), path).toBe(true);
  });

  it('names only npm scripts that exist, and modelpulse commands and flags the CLI has', async () => {
    const scripts = (JSON.parse(await readFile('package.json', 'utf8')) as { scripts: Record<string, string> }).scripts;
    const code = allCode().join('\n');
    const used = [...code.matchAll(/\bnpm run ([\w:-]+)/g)].map((m) => m[1]!);
    expect(used).toContain('build');
    for (const script of used) expect(Object.keys(scripts), `npm run ${script}`).toContain(script);
    const bin = (JSON.parse(await readFile('packages/modelpulse/package.json', 'utf8')) as { bin: Record<string, string> }).bin;
    const commandLines = [...code.matchAll(/\b(?:npx|npm run) modelpulse( [^\n#|`]*)?/g)].map((m) => (m[1] ?? '').trim().split(/\s+/).filter((w) => w !== '' && w !== '--'));
    expect(commandLines.length).toBeGreaterThan(3);
    expect(Object.keys(bin)).toEqual(['modelpulse']);
    const commands = new Set([...HELP.matchAll(/^ {2}modelpulse ([a-z]+)/gm)].map((m) => m[1]!));
    for (const words of commandLines) {
      const flagValues = new Set(words.flatMap((w, i) => (w === '--base-url' ? [words[i + 1]] : [])));
      const command = words.find((w) => !w.startsWith('-') && !flagValues.has(w) && !w.includes('/') && !/^\d/.test(w) && !w.startsWith('"') && !w.startsWith('['));
      expect([...commands], words.join(' ')).toContain(command);
      for (const flag of words.filter((w) => w.startsWith('--'))) expect(HELP, flag).toContain(flag);
    }
  });

  it('names only API files that a build of the committed data publishes', async () => {
    const dataset = await loadDataset('data');
    const published = new Set([...renderApi(dataset, { siteUrl: 'https://modelpulse.test' }).map((f) => f.path), ...BUILD_EXTRAS]);
    // Every /api/v1 reference: inline paths, example URLs ($BASE/… with BASE=…/api/v1) and fetched paths.
    const refs = [
      ...inlineCode().flatMap((code) => [...code.matchAll(/(?:^|\s)\/api\/v1(\/[^\s,]*)?/g)].map((m) => (m[1] ?? '').replace(/^\//, ''))),
      ...blocks.flatMap((block) => [...block.matchAll(/(?:\$BASE|\/api\/v1)(\/[^\s"'`)]*)?/g)].map((m) => (m[1] ?? '').replace(/^\//, ''))),
      ...blocks.flatMap((block) => [...block.matchAll(/\bget\('([^']+)'\)/g)].map((m) => m[1]!)),
    ].filter((ref) => !ref.includes('${'));
    expect(refs.length).toBeGreaterThan(20);
    for (const ref of refs) {
      const file = apiFile(ref);
      const found = typeof file === 'string' ? published.has(`api/v1/${file}`) : [...published].some((p) => file.test(p));
      expect(found, `/api/v1/${ref} → ${String(file)}`).toBe(true);
    }
    for (const path of inlineCode().filter((code) => code.startsWith('public/'))) {
      const file = path.slice('public/'.length);
      expect(file === '' || published.has(file) || [...published].some((p) => p.startsWith(file)), path).toBe(true);
    }
  });
});

/** The published file a reference under /api/v1/ answers with (a pattern when it has placeholders). */
function apiFile(ref: string): string | RegExp {
  const [path = '', query] = ref.split('?') as [string, string | undefined];
  let file: string;
  if (path === '') file = 'index.json';
  else if (/\.(json|js|atom|ics|csv)$/.test(path)) file = path;
  else if (path === 'cheapest' && query !== undefined && !query.includes('…')) {
    const parsed = parseCheapestQuery(new URLSearchParams(query));
    if (!parsed.ok) throw new Error(`README query ${ref}: ${parsed.message}`);
    file = `${cheapestPath(parsed.query)}.json`;
  } else if (path === 'models' && query?.startsWith('author=') && !query.includes('<')) file = `models/${query.slice('author='.length)}.json`;
  else file = `${path}.json`;
  if (!file.includes('<')) return file;
  const pattern = `api/v1/${file}`.split(/<[^>]+>/).map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('[^/]+');
  return new RegExp(`^${pattern}$`);
}
