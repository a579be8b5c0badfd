/**
 * .github/workflows/release.yml: its shape (what runs, in which order, with which permissions and
 * secrets) and its release check, run for real against the repository's own package files.
 */
import { validateWorkflow } from '@action-validator/core';
import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { readReleaseFiles, repositoryUrl } from '../../packages/modelpulse/scripts/release-check.js';
import { runScript } from './step-runner.js';

interface Step {
  name?: string;
  id?: string;
  uses?: string;
  run?: string;
  with?: Record<string, unknown>;
  env?: Record<string, string>;
  'working-directory'?: string;
}
interface Job {
  needs?: string;
  permissions?: Record<string, string>;
  'timeout-minutes'?: number;
  environment?: { name: string };
  steps: Step[];
}

const FILE = '.github/workflows/release.yml';
const source = await readFile(FILE, 'utf8');
const release = parse(source) as { on: Record<string, unknown>; permissions: Record<string, string>; jobs: Record<string, Job> };
const pins = new Map([...(await readFile('.github/workflows/ci.yml', 'utf8')).matchAll(/uses: ([^@\s]+)@([0-9a-f]{40})/g), ...(await readFile('.github/workflows/refresh.yml', 'utf8')).matchAll(/uses: ([^@\s]+)@([0-9a-f]{40})/g)].map((m) => [m[1]!, m[2]!]));
const { test, publish } = release.jobs as { test: Job; publish: Job };
const index = (job: Job, match: (s: Step) => boolean) => job.steps.findIndex(match);
const runs = (pattern: RegExp) => (s: Step) => pattern.test(s.run ?? '');
const { manifest } = await readReleaseFiles();
const repository = repositoryUrl(manifest.repository!.url!).replace('https://github.com/', '');

describe('release.yml', () => {
  it('is a valid workflow, run only by a version tag, read-only but for the publish job', () => {
    expect(validateWorkflow(source).errors).toEqual([]);
    expect(release.on).toEqual({ push: { tags: ['v*.*.*'] } });
    expect(release.permissions).toEqual({ contents: 'read' });
    expect(test.permissions).toBeUndefined();
    expect(publish.permissions).toEqual({ contents: 'read', 'id-token': 'write' });
    for (const job of [test, publish]) expect(job['timeout-minutes']).toBeGreaterThan(0);
  });

  it('checks the tag and runs the whole test suite before it publishes anything', () => {
    const check = index(test, runs(/release-check\.ts --tag "\$GITHUB_REF_NAME" --repository "\$GITHUB_REPOSITORY"/));
    expect(index(test, runs(/^npm ci$/))).toBeLessThan(check);
    expect(check).toBeLessThan(index(test, runs(/^npm test$/)));
    expect(publish.needs).toBe('test');
    // The publish job checks again (its own checkout), before the first upload.
    expect(index(publish, runs(/release-check\.ts --tag/))).toBeLessThan(index(publish, runs(/npm publish/)));
  });

  it('publishes to npm with provenance, then the MCP Registry entry through GitHub OIDC with a pinned publisher', () => {
    const npm = publish.steps.find(runs(/npm publish/))!;
    expect(npm.run).toBe('npm publish --provenance --access public');
    expect(npm['working-directory']).toBe('packages/modelpulse');
    expect(publish.steps.find((s) => s.uses?.startsWith('actions/setup-node@'))?.with).toMatchObject({ 'registry-url': 'https://registry.npmjs.org' });
    const install = publish.steps.find(runs(/mcp-publisher_linux_amd64/))!;
    expect(install.env?.MCP_PUBLISHER_VERSION).toMatch(/^v\d+\.\d+\.\d+$/);
    expect(install.run).not.toMatch(/latest/);
    const order = [index(publish, runs(/npm publish/)), index(publish, runs(/mcp-publisher_linux_amd64/)), index(publish, runs(/mcp-publisher login github-oidc/)), index(publish, runs(/mcp-publisher publish/))];
    expect(order.every((at) => at >= 0)).toBe(true);
    expect([...order].sort((a, b) => a - b)).toEqual(order);
    expect(publish.steps.find(runs(/mcp-publisher publish/))?.['working-directory']).toBe('packages/modelpulse');
  });

  it('gives the npm token to the publish step alone, as environment, and pins actions as the other workflows do', () => {
    for (const [name, job] of Object.entries(release.jobs)) {
      for (const s of job.steps) {
        expect(s.run ?? '', `${name}: ${s.name}`).not.toMatch(/\$\{\{\s*secrets\./);
        const secret = Object.values(s.env ?? {}).some((v) => /secrets\./.test(v));
        expect(secret, `${name}: ${s.name ?? s.run}`).toBe(s.id === 'npm-publish');
        if (s.uses !== undefined) {
          const [action, sha] = s.uses.split('@') as [string, string];
          expect(sha, s.uses).toBe(pins.get(action));
        }
      }
    }
    expect(source.split('\n').filter((l) => /^\s*(- )?uses:/.test(l)).every((l) => /@[0-9a-f]{40} # v\d+\.\d+\.\d+$/.test(l))).toBe(true);
  });

  it("runs its release check for real: the version's tag in this repository passes, another tag or a fork's repository fails", async () => {
    const script = test.steps.find((s) => s.id === 'check')!.run!;
    const ok = await runScript(script, process.cwd(), { GITHUB_REF_NAME: `v${manifest.version}`, GITHUB_REPOSITORY: repository });
    expect([ok.code, ok.out.trim()]).toEqual([0, `release ${manifest.name}@${manifest.version} as ${manifest.mcpName}`]);
    const wrongTag = await runScript(script, process.cwd(), { GITHUB_REF_NAME: 'v99.0.0', GITHUB_REPOSITORY: repository });
    expect(wrongTag.code).toBe(1);
    expect(wrongTag.out).toContain(`::error title=Release check::the tag v99.0.0 is not v${manifest.version}`);
    const fork = await runScript(script, process.cwd(), { GITHUB_REF_NAME: `v${manifest.version}`, GITHUB_REPOSITORY: 'someone/fork' });
    expect(fork.code).toBe(1);
    expect(fork.out).toContain('a fork publishes under its own names');
  }, 120_000);
});
