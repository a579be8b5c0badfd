import { validateWorkflow } from '@action-validator/core';
import { execFileSync } from 'node:child_process';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { internalDir } from '../assemble/internal-dir.js';
import { tempDir } from '../testing/tree.js';
import { gitFixture, runScript } from './step-runner.js';

interface Step {
  name?: string;
  id?: string;
  uses?: string;
  run?: string;
  if?: string;
  env?: Record<string, string | number>;
  with?: Record<string, unknown>;
}

interface Job {
  'runs-on': string;
  'timeout-minutes'?: number;
  permissions?: Record<string, string>;
  container?: { image: string };
  strategy?: { matrix: Record<string, unknown> };
  env?: Record<string, string>;
  needs?: string;
  if?: string;
  outputs?: Record<string, string>;
  environment?: { name: string; url?: string };
  steps: Step[];
}

interface Workflow {
  on: Record<string, unknown>;
  permissions?: Record<string, string> | string;
  concurrency?: { group: string; 'cancel-in-progress': boolean | string };
  jobs: Record<string, Job>;
}

const FILES = ['.github/workflows/ci.yml', '.github/workflows/refresh.yml'] as const;
const sources = Object.fromEntries(await Promise.all(FILES.map(async (f) => [f, await readFile(f, 'utf8')] as const))) as Record<(typeof FILES)[number], string>;
const ci = parse(sources['.github/workflows/ci.yml']) as Workflow;
const refresh = parse(sources['.github/workflows/refresh.yml']) as Workflow;
const steps = (w: Workflow) => Object.values(w.jobs).flatMap((j) => j.steps);
const step = (w: Workflow, id: string) => steps(w).find((s) => s.id === id)!;

/** The test command the README documents (its setup block), so CI cannot drift from it. */
async function readmeTestCommand(): Promise<string> {
  const readme = await readFile('README.md', 'utf8');
  const blocks = [...readme.matchAll(/```(?:sh|bash|shell)\n([\s\S]*?)```/g)].map((m) => m[1]!);
  for (const line of blocks.flatMap((b) => b.split('\n'))) {
    const command = line.replace(/#.*$/, '').trim();
    if (/^npm (run )?test\b/.test(command)) return command;
  }
  throw new Error('README.md documents no npm test command in a shell block');
}

describe('the workflow files', () => {
  it.each(FILES)('%s is a valid GitHub workflow', (file) => {
    expect(validateWorkflow(sources[file]).errors).toEqual([]);
  });

  it.each(FILES)('%s pins every third-party action to a full commit SHA with its version', (file) => {
    const uses = sources[file].split('\n').filter((l) => /^\s*(- )?uses:/.test(l));
    expect(uses.length).toBeGreaterThan(0);
    for (const line of uses) {
      const ref = line.replace(/^\s*(- )?uses:\s*/, '');
      if (ref.startsWith('./')) continue;
      expect(ref, line).toMatch(/^[\w.-]+\/[\w./-]+@[0-9a-f]{40} # v\d+\.\d+\.\d+$/);
    }
  });

  it('pins each action to the same commit in every file', () => {
    const pins = new Map<string, Set<string>>();
    for (const s of [...steps(ci), ...steps(refresh)].filter((s) => s.uses && !s.uses.startsWith('./'))) {
      const [action, sha] = s.uses!.split('@') as [string, string];
      pins.set(action, (pins.get(action) ?? new Set()).add(sha));
    }
    for (const [action, shas] of pins) expect([...shas], action).toHaveLength(1);
  });

  it.each(FILES)('%s never echoes a secret and gives secrets to steps only, as environment', (file) => {
    const w = file.endsWith('ci.yml') ? ci : refresh;
    expect(JSON.stringify(w.on)).not.toContain('secrets.');
    for (const job of Object.values(w.jobs)) expect(JSON.stringify(job.env ?? {})).not.toContain('secrets.');
    for (const s of steps(w)) {
      // Inline secrets would land in the script text; environment variables never do.
      expect(s.run ?? '', s.name).not.toMatch(/\$\{\{\s*secrets\./);
      expect(s.run ?? '', s.name).not.toMatch(/set -x|set -o xtrace/);
      const secretNames = Object.entries(s.env ?? {}).filter(([, v]) => /secrets\./.test(String(v))).map(([k]) => k);
      for (const line of (s.run ?? '').split('\n').filter((l) => /\b(echo|printf)\b/.test(l))) {
        for (const name of secretNames) expect(line, `${s.name}: ${line}`).not.toMatch(new RegExp(`\\$\\{?${name}\\b`));
      }
    }
  });

  it.each(FILES)('%s bounds every job in time', (file) => {
    const w = file.endsWith('ci.yml') ? ci : refresh;
    for (const job of Object.values(w.jobs)) expect(job['timeout-minutes']).toBeGreaterThan(0);
  });
});

describe('ci.yml', () => {
  const job = ci.jobs.test!;

  it('runs on push and pull requests with read-only permissions, cancelling superseded PR runs', () => {
    expect(Object.keys(ci.on).sort()).toEqual(['pull_request', 'push']);
    expect(ci.permissions).toEqual({ contents: 'read' });
    expect(Object.values(ci.jobs).every((j) => j.permissions === undefined)).toBe(true);
    // One group per pull request (superseded runs cancelled), one per pushed commit: a shared
    // group would cancel a pending push run as soon as a newer one queued.
    expect(ci.concurrency?.group).toBe("ci-${{ github.event_name == 'pull_request' && format('pr-{0}', github.event.pull_request.number) || format('push-{0}-{1}', github.ref, github.sha) }}");
    expect(ci.concurrency?.['cancel-in-progress']).toBe("${{ github.event_name == 'pull_request' }}");
  });

  it('tests on Node 20, 22 and 24 in Debian, where chromium is the real browser at /usr/bin/chromium', () => {
    expect(job.strategy?.matrix).toEqual({ node: [20, 22, 24] });
    expect(job.container?.image).toBe('node:${{ matrix.node }}-bookworm');
    const install = job.steps.findIndex((s) => /apt-get install .*\bchromium\b/.test(s.run ?? ''));
    expect(install).toBeGreaterThanOrEqual(0);
    expect(job.steps[install]!.run).toContain('/usr/bin/chromium --version');
  });

  it("runs npm ci, then exactly the README's test command", async () => {
    const runs = job.steps.map((s) => s.run?.trim());
    const testCommand = await readmeTestCommand();
    expect(testCommand).toBe('npm test');
    expect(runs.filter((r) => r === testCommand)).toHaveLength(1);
    expect(runs.indexOf('npm ci')).toBeGreaterThanOrEqual(0);
    expect(runs.indexOf('npm ci')).toBeLessThan(runs.indexOf(testCommand));
  });

  it('takes the browser-test screenshots and uploads them even when the tests fail', () => {
    const test = job.steps.find((s) => s.run?.trim() === 'npm test')!;
    expect(test.env).toEqual({ MODELPULSE_SCREENSHOTS: '1' });
    const upload = job.steps.find((s) => s.uses?.startsWith('actions/upload-artifact@'))!;
    expect(upload.if).toBe('always()');
    expect(upload.with).toMatchObject({ path: 'test-artifacts/' });
  });
});

describe('refresh.yml', () => {
  it('runs every 15 minutes off the quarter hours, once a day for the keepalive, and on demand', () => {
    const schedule = refresh.on.schedule as Array<{ cron: string }>;
    expect(schedule).toHaveLength(2);
    expect(schedule[1]!.cron).toBe('3 3 * * *');
    expect(refresh.jobs.keepalive!.if).toBe(`github.event.schedule == '${schedule[1]!.cron}' || github.event_name == 'workflow_dispatch'`);
    const [minute, ...rest] = schedule[0]!.cron.split(' ');
    expect(rest).toEqual(['*', '*', '*', '*']);
    const minutes = minute!.split(',').map(Number);
    expect(minutes).toHaveLength(4);
    minutes.forEach((m, i) => expect(m).toBe(minutes[0]! + 15 * i));
    for (const m of minutes) expect(m % 15, `minute ${m}`).not.toBe(0);
    // An outside cron's dispatch (no inputs) decides like a scheduled run; a person can ask for a deploy or a rebuild.
    expect(refresh.on.workflow_dispatch).toEqual({
      inputs: {
        deploy: { description: expect.any(String) as string, type: 'boolean', default: false },
        rebuild_state: { description: expect.any(String) as string, type: 'boolean', default: false },
      },
    });
  });

  it('never overlaps itself and writes only what it must', () => {
    expect(refresh.concurrency).toMatchObject({ 'cancel-in-progress': false });
    expect(refresh.concurrency?.group).toMatch(/\S/);
    // Top level: nothing beyond reading. The one job that commits gets contents: write, alone.
    const top = refresh.permissions;
    expect(typeof top === 'object' && Object.values(top).every((p) => p === 'read' || p === 'none')).toBe(true);
    // The state branch and main's snapshot get contents: write; the GitHub Pages deploy what
    // deploy-pages needs; the keepalive may enable the workflow, and nothing else; the Cloudflare
    // deploy reads the repository (its locked wrangler), its token in its deploy step alone.
    expect(Object.values(refresh.jobs).map((j) => j.permissions)).toEqual([{ contents: 'write' }, { pages: 'write', 'id-token': 'write' }, { actions: 'write' }, { contents: 'read' }]);
    expect(refresh.jobs.keepalive!.steps.map((s) => s.run?.includes('/actions/workflows/refresh.yml/enable'))).toEqual([true]);
    // Neither deploy job restores, updates or commits: each deploys the artifact the refresh job validated.
    for (const job of [refresh.jobs.pages!, refresh.jobs.cloudflare!]) expect(JSON.stringify(job.steps)).not.toMatch(/state-store|npm run (update|build|state)|git (commit|push)/);
    const pages = refresh.jobs.pages!;
    // The staleness alarm fails the refresh job after packaging; the deploy still goes (it is the cure).
    expect(pages).toMatchObject({ needs: 'refresh', if: "${{ !cancelled() && needs.refresh.outputs.deploy-pages == 'true' }}", environment: { name: 'github-pages' } });
    expect(refresh.jobs.refresh!.outputs).toMatchObject({ 'deploy-pages': "${{ steps.pages-artifact.outcome == 'success' }}" });
    expect(steps(refresh).find((s) => s.id === 'pages-artifact')?.uses).toMatch(/^actions\/upload-pages-artifact@/);
    expect(pages.steps.map((s) => s.uses?.split('@')[0])).toEqual(['actions/deploy-pages']);
  });

  it('keeps the write token away from npm: only the plain git and curl steps hold it', async () => {
    const checkout = steps(refresh).find((s) => s.uses?.startsWith('actions/checkout@'))!;
    expect(checkout.with).toMatchObject({ 'persist-credentials': false });
    const withToken = steps(refresh).filter((s) => /github\.token|secrets\.GITHUB_TOKEN/.test(JSON.stringify(s)));
    expect(withToken.map((s) => s.id)).toEqual(['restore', 'save', 'save-merged', 'commit', 'keepalive']);
    for (const s of withToken) {
      expect(s.env?.GITHUB_TOKEN).toBe('${{ github.token }}');
      // No npm, npx or node where the token is: install scripts and dependencies never see it.
      expect(s.run, s.id).not.toMatch(/\b(npm|npx|node|tsx)\b/);
    }
    const code = (await readFile('.github/scripts/state-store.sh', 'utf8')).split('\n').filter((l) => !/^\s*#/.test(l));
    expect(code.join('\n')).not.toMatch(/\b(npm|npx|node|tsx)\b/);
    expect(JSON.stringify(refresh.jobs.refresh?.env ?? {})).not.toMatch(/token/i);
  });

  it('restores the state, updates, validates by building, saves, and only then snapshots and deploys', async () => {
    const runs = steps(refresh).map((s) => s.run ?? s.uses ?? '');
    const at = (re: RegExp) => runs.findIndex((r) => re.test(r));
    expect(at(/^npm ci$/)).toBeLessThan(at(/state-store\.sh restore/));
    expect(at(/state-store\.sh restore/)).toBeLessThan(at(/npm run update -- --state-dir "\$STATE_DIR"/));
    // The site URL is settled (SITE_URL from the Netlify API for netlify-cli) before update and build.
    expect(steps(refresh).findIndex((s) => s.id === 'publish')).toBeLessThan(at(/npm run update/));
    expect(at(/npm run update/)).toBeLessThan(at(/^npm run build -- --state-dir "\$STATE_DIR" --host/));
    // Decide (and record the deploy) before the state is saved, so the record lands with it.
    expect(at(/^npm run build -- --state-dir/)).toBeLessThan(at(/deploy-check/));
    expect(at(/deploy-check/)).toBeLessThan(at(/state-store\.sh save/));
    // Saved before any deploy: a failed deploy never loses the run's observations.
    expect(at(/state-store\.sh save/)).toBeLessThan(at(/state -- snapshot/));
    expect(at(/state -- snapshot/)).toBeLessThan(at(/git push origin "HEAD:\$BRANCH"/));
    expect(at(/git push origin "HEAD:\$BRANCH"/)).toBeLessThan(at(/netlify-cli@/));
    expect(at(/state-store\.sh save/)).toBeLessThan(at(/^actions\/upload-pages-artifact@/));
    // The alarm comes last, once everything is saved and packaged, and fails the run.
    const alarm = refresh.jobs.refresh!.steps.at(-1)!;
    expect(alarm.run).toMatch(/Published data is stale/);
    expect(alarm.if).toBe("steps.decide.outputs.stale == 'true'");
    const sounded = await runScript(alarm.run!, await tempDir('stale-step'), {});
    expect(sounded.code).toBe(1);
    expect(sounded.out).toContain('::error title=Published data is stale::');
    expect(step(refresh, 'commit').if).toBe("steps.snapshot.outputs.snapshot == 'true'");
    expect(step(refresh, 'snapshot').if).toBe("steps.publish.outputs.snapshots == 'true'");
    expect(await readFile('.gitignore', 'utf8')).toMatch(/^\/\.state\/$/m);
    const setupNode = steps(refresh).find((s) => s.uses?.startsWith('actions/setup-node@'))!;
    expect(setupNode.with).toMatchObject({ 'node-version': 22, cache: 'npm' });
    const deploy = steps(refresh).find((s) => /netlify-cli@/.test(s.run ?? ''))!;
    expect(deploy.run).toContain('deploy --prod --dir public --no-build');
    expect(String(deploy.env?.NETLIFY_CLI_VERSION)).toMatch(/^\d+\.\d+\.\d+$/);
    expect(deploy.if).toBe("steps.decide.outputs.deploy == 'true' && steps.publish.outputs.mode != 'github-pages' && steps.publish.outputs.mode != 'cloudflare'");
    const artifact = steps(refresh).find((s) => s.uses?.startsWith('actions/upload-pages-artifact@'))!;
    expect(artifact).toMatchObject({ if: "steps.decide.outputs.deploy == 'true' && steps.publish.outputs.mode == 'github-pages'", with: { path: 'public/' } });
    // A code push publishes at once where only this job builds the site; data commits never re-trigger it.
    expect(refresh.on.push).toEqual({ branches: ['main'], 'paths-ignore': ['data/**'] });
  });

  it('gives every build of the job the live status URL from a repository variable, unset in a fork that sets nothing', () => {
    const job = refresh.jobs.refresh! as { env?: Record<string, unknown> };
    expect(job.env?.LIVE_STATUS_URL).toBe('${{ vars.LIVE_STATUS_URL }}');
    // The builds read it from the job's environment: none of them overrides it.
    for (const build of steps(refresh).filter((s) => /npm run build/.test(s.run ?? ''))) expect(build.env?.LIVE_STATUS_URL, build.run).toBeUndefined();
  });
});

describe('refresh.yml step scripts, run for real', () => {
  it('continue on a partial update with a warning and stop on a usage error or a stopped stage', async () => {
    const script = step(refresh, 'update').run!;
    const cwd = await tempDir('update-step');
    const results = await Promise.all([0, 1, 2, 3].map((code) => runScript(script, cwd, {}, code)));
    expect(results.map((r) => r.code)).toEqual([0, 0, 2, 3]);
    expect(results.map((r) => r.outputs['exit-code'])).toEqual(['0', '1', '2', '3']);
    expect(results[1]!.out).toContain('::warning title=Partial refresh::');
    expect(results[3]!.out).toContain('::error title=Update stopped::');
  });

  it('commit the snapshot only when data/ changed, and rebase and retry when the push races another commit', async () => {
    const script = step(refresh, 'commit').run!;
    const { dir, git, seed, work } = await gitFixture('commit-step', ['--depth', '1']);
    const env = { BRANCH: 'main', PUBLISH_MODE: 'cli', DEPLOY: 'true' };

    const unchanged = await runScript(script, work, env);
    expect(unchanged).toMatchObject({ code: 0, outputs: { changed: 'false' } });

    await writeFile(join(work, 'data', 'sources.json'), '{"openrouter":{}}\n');
    // Someone else pushes first: our push is rejected, then rebased and retried.
    await writeFile(join(seed, 'README.md'), 'hello\n');
    git(seed, 'add', '.');
    git(seed, 'commit', '--quiet', '-m', 'meanwhile');
    git(seed, 'push', '--quiet', 'origin', 'HEAD:main');
    const pushed = await runScript(script, work, env);
    expect(pushed, pushed.out).toMatchObject({ code: 0, outputs: { changed: 'true', rebased: 'true' } });
    const log = git(join(dir, 'remote.git'), 'log', '--format=%an|%s', 'main');
    expect(log.split('\n')[0]).toMatch(/^github-actions\[bot\]\|data: snapshot \S+ \[skip netlify\]$/);
    expect(log).toContain('meanwhile');
  });

  it('commit: let Netlify build a snapshot commit only when it is the deploy', async () => {
    const script = step(refresh, 'commit').run!;
    const subjects: string[] = [];
    for (const deploy of ['true', 'false']) {
      const { dir, git, work } = await gitFixture(`commit-git-${deploy}`, []);
      await writeFile(join(work, 'data', 'sources.json'), `{"run":"${deploy}"}\n`);
      const pushed = await runScript(script, work, { BRANCH: 'main', PUBLISH_MODE: 'git', DEPLOY: deploy });
      expect(pushed.code, pushed.out).toBe(0);
      subjects.push(git(join(dir, 'remote.git'), 'log', '-1', '--format=%s', 'main').trim());
    }
    expect(subjects[0]).toMatch(/^data: snapshot \S+$/);
    expect(subjects[1]).toMatch(/^data: snapshot \S+ \[skip netlify\]$/);
  });

  it('commit: keep a snapshot commit that cannot be rebased on a branch of its own, never lose it', async () => {
    const script = step(refresh, 'commit').run!;
    const { dir, git, seed, work } = await gitFixture('commit-conflict', []);
    await writeFile(join(work, 'data', 'sources.json'), '{"ours":true}\n');
    await writeFile(join(seed, 'data', 'sources.json'), '{"theirs":true}\n');
    git(seed, 'commit', '--quiet', '-am', 'a hand edit of the same file');
    git(seed, 'push', '--quiet', 'origin', 'HEAD:main');
    const result = await runScript(script, work, { BRANCH: 'main', PUBLISH_MODE: 'cli', DEPLOY: 'false', GITHUB_RUN_ID: '4242' });
    expect(result.code).toBe(1);
    expect(result.out).toMatch(/::error title=Snapshot kept aside::someone else changed the same data files; this run's snapshot commit is on the branch snapshot-aside\/4242-[0-9a-f]+/);
    const branches = git(join(dir, 'remote.git'), 'branch', '--format=%(refname:short)').split('\n').filter(Boolean);
    const aside = branches.find((b) => b.startsWith('snapshot-aside/4242-'))!;
    expect(git(join(dir, 'remote.git'), 'show', `${aside}:data/sources.json`)).toBe('{"ours":true}\n');
    expect(git(join(dir, 'remote.git'), 'show', 'main:data/sources.json')).toBe('{"theirs":true}\n');
  });

  it('decide: ask the live site which run it serves, and request a deploy when a person asks or on a Pages code push', async () => {
    const script = step(refresh, 'decide').run!;
    const cwd = await tempDir('decide-step');
    const npmCalls = join(cwd, 'npm-calls');
    const fakes = (body: string) => ({
      curl: `#!/bin/sh\nprintf '%s' '${body}'\n`,
      npm: `#!/bin/sh\nprintf '%s\\n' "$*" >> '${npmCalls}'\n`,
    });
    const base = { STATE_DIR: '.state', PLAN: 'netlify-pro', MODE: 'cli', EVENT: 'schedule', DEPLOY_REQUESTED: 'false', SITE_URL: 'https://pulse.example.org', DEPLOY_HEARTBEAT_MINUTES: '', DEPLOY_MAX_PER_DAY: '3', DEPLOY_MAX_PER_MONTH: '', STALE_AFTER_MINUTES: '' };
    const live = await runScript(script, cwd, base, undefined, fakes('{"data":{"freshness":{"run_at":"2026-09-01T00:07:00Z"}}}'));
    // A hostile answer is no argument; no SITE_URL, no question.
    const hostile = await runScript(script, cwd, { ...base, EVENT: 'workflow_dispatch', DEPLOY_REQUESTED: 'true', STALE_AFTER_MINUTES: '90' }, undefined, fakes('{"data":{"freshness":{"run_at":"--requested"}}}'));
    const pagesPush = await runScript(script, cwd, { ...base, SITE_URL: '', MODE: 'github-pages', PLAN: 'github-pages', EVENT: 'push', DEPLOY_MAX_PER_DAY: '' }, undefined, fakes(''));
    // An outside cron's dispatch asks for nothing: the plan decides.
    const dispatched = await runScript(script, cwd, { ...base, EVENT: 'workflow_dispatch', DEPLOY_MAX_PER_DAY: '' }, undefined, fakes(''));
    expect([live.code, hostile.code, pagesPush.code, dispatched.code]).toEqual([0, 0, 0, 0]);
    expect(live.out).toContain('Live run: 2026-09-01T00:07:00Z');
    expect((await readFile(npmCalls, 'utf8')).trim().split('\n')).toEqual([
      'run --silent deploy-check -- --state-dir .state --plan netlify-pro --live-run-at 2026-09-01T00:07:00Z --record --max-per-day 3',
      'run --silent deploy-check -- --state-dir .state --plan netlify-pro --live-run-at  --record --max-per-day 3 --stale-after-minutes 90 --requested',
      'run --silent deploy-check -- --state-dir .state --plan github-pages --live-run-at  --record --requested',
      'run --silent deploy-check -- --state-dir .state --plan netlify-pro --live-run-at  --record',
    ]);
  });

  it('commit: give the token to push and pull only, through the environment, never to .git/config', async () => {
    const script = step(refresh, 'commit').run!;
    const { dir, git, seed, work } = await gitFixture('commit-token', []);
    await writeFile(join(work, 'data', 'sources.json'), '{"openrouter":{}}\n');
    await writeFile(join(seed, 'README.md'), 'hello\n');
    git(seed, 'add', '.');
    git(seed, 'commit', '--quiet', '-m', 'meanwhile');
    git(seed, 'push', '--quiet', 'origin', 'HEAD:main');

    // A git that records, per call, its first argument and the extra header it was given.
    const calls = join(dir, 'git-calls');
    const realGit = execFileSync('sh', ['-c', 'command -v git'], { encoding: 'utf8' }).trim();
    const fakeGit = `#!/bin/sh\nprintf '%s|%s|%s\\n' "$1" "\${GIT_CONFIG_KEY_0:-}" "\${GIT_CONFIG_VALUE_0:-}" >> '${calls}'\nexec '${realGit}' "$@"\n`;
    const token = 'ghs_not-a-real-token';
    const pushed = await runScript(script, work, { BRANCH: 'main', PUBLISH_MODE: 'git', GITHUB_TOKEN: token }, undefined, { git: fakeGit });
    expect(pushed, pushed.out).toMatchObject({ code: 0, outputs: { changed: 'true', rebased: 'true' } });
    const header = `AUTHORIZATION: basic ${Buffer.from(`x-access-token:${token}`).toString('base64')}`;
    const lines = (await readFile(calls, 'utf8')).trim().split('\n').map((l) => l.split('|'));
    const withHeader = lines.filter(([, key, value]) => key === 'http.https://github.com/.extraheader' && value === header).map(([cmd]) => cmd);
    expect(withHeader).toEqual(['push', 'pull', 'push']);
    // Every other git call (status, config, add, commit, rebase) runs without it.
    expect(lines.filter(([, key]) => key !== '').map(([cmd]) => cmd)).toEqual(['push', 'pull', 'push']);
    expect(pushed.out).not.toContain(token);
    expect(pushed.out).not.toContain(header.split(' ').at(-1));
    expect(await readFile(join(work, '.git', 'config'), 'utf8')).not.toMatch(/extraheader|x-access-token/i);
  });

  it('choose how to publish: with netlify-cli and no SITE_URL, take the site URL from the Netlify API or stop', async () => {
    const script = step(refresh, 'publish').run!;
    const cwd = await tempDir('publish-step');
    const calls = join(cwd, 'curl-calls');
    const curl = (body: string, exit = 0) => ({ curl: `#!/bin/sh\nprintf '%s\\n' "$*" >> '${calls}'\nprintf '%s' '${body}'\nexit ${exit}\n` });
    const cli = { NETLIFY_AUTH_TOKEN: 'nfp_token', NETLIFY_SITE_ID: 'site-123', NETLIFY_BUILD_HOOK: '', SITE_URL: '' };

    const found = await runScript(script, cwd, cli, undefined, curl('{"url":"http://mine.netlify.app","ssl_url":"https://mine.example.org"}'));
    expect(found, found.out).toMatchObject({ code: 0, outputs: { mode: 'cli' }, githubEnv: 'SITE_URL=https://mine.example.org\n' });
    expect(await readFile(calls, 'utf8')).toBe('-fsS --max-time 30 -H Authorization: Bearer nfp_token https://api.netlify.com/api/v1/sites/site-123\n');
    expect(found.out).not.toContain('nfp_token');
    const plainUrl = await runScript(script, cwd, cli, undefined, curl('{"url":"https://mine.netlify.app"}'));
    expect(plainUrl).toMatchObject({ code: 0, githubEnv: 'SITE_URL=https://mine.netlify.app\n' });

    // The API refuses, answers nonsense, or tries to add a second line to $GITHUB_ENV: stop.
    for (const fake of [curl('', 22), curl('{"name":"x"}'), curl('{"ssl_url":"https://a.example\\nNODE_OPTIONS=--require=/tmp/x"}')]) {
      const failed = await runScript(script, cwd, cli, undefined, fake);
      expect(failed.code, failed.out).toBe(1);
      expect(failed.out).toContain('::error title=Site URL unknown::');
      expect(failed.githubEnv).toBe('');
    }

    // A SITE_URL of our own, or Netlify building the site itself: no lookup.
    await writeFile(calls, '');
    const configured = await runScript(script, cwd, { ...cli, SITE_URL: 'https://configured.example' }, undefined, curl('', 22));
    const hook = await runScript(script, cwd, { ...cli, NETLIFY_AUTH_TOKEN: '', NETLIFY_BUILD_HOOK: 'https://api.netlify.com/build_hooks/x' }, undefined, curl('', 22));
    const gitMode = await runScript(script, cwd, { ...cli, NETLIFY_AUTH_TOKEN: '', NETLIFY_SITE_ID: '' }, undefined, curl('', 22));
    expect([configured, hook, gitMode].map((r) => [r.code, r.outputs.mode, r.githubEnv])).toEqual([
      [0, 'cli', ''],
      [0, 'hook', ''],
      [0, 'git', ''],
    ]);
    expect(await readFile(calls, 'utf8')).toBe('');

    // GitHub Pages: its own plan and plain files; a plan of our own; a plan we do not know stops.
    const pages = await runScript(script, cwd, { ...cli, PUBLISH_TARGET: 'github-pages', DEPLOY_PLAN: '' }, undefined, curl('', 22));
    expect(pages.outputs).toEqual({ mode: 'github-pages', plan: 'github-pages', host: 'github-pages', snapshots: 'true' });
    // Cloudflare: its own plan and host files, and the site's address is needed.
    const cloudflare = await runScript(script, cwd, { ...cli, PUBLISH_TARGET: 'cloudflare', DEPLOY_PLAN: '', SITE_URL: 'https://modelpulse.example.workers.dev' }, undefined, curl('', 22));
    expect(cloudflare.outputs).toEqual({ mode: 'cloudflare', plan: 'cloudflare-workers', host: 'cloudflare', snapshots: 'true' });
    const nowhere = await runScript(script, cwd, { ...cli, PUBLISH_TARGET: 'cloudflare', DEPLOY_PLAN: '' }, undefined, curl('', 22));
    expect(nowhere.code).toBe(1);
    expect(nowhere.out).toContain('::error title=Site URL unknown::');
    expect((await runScript(script, cwd, { ...cli, NETLIFY_AUTH_TOKEN: '', NETLIFY_SITE_ID: '', DEPLOY_PLAN: '' }, undefined, curl('', 22))).outputs).toEqual({ mode: 'git', plan: 'netlify-free', host: 'netlify', snapshots: 'true' });
    // A fork never commits to its main unless asked; Netlify building from main then cannot work, and says so.
    const fork = { ...cli, SITE_URL: 'https://fork.example', IS_FORK: 'true', SNAPSHOT_TO_MAIN: '' };
    expect((await runScript(script, cwd, { ...fork, PUBLISH_TARGET: 'github-pages' }, undefined, curl('', 22))).outputs).toMatchObject({ mode: 'github-pages', snapshots: 'false' });
    expect((await runScript(script, cwd, { ...fork, PUBLISH_TARGET: 'cloudflare' }, undefined, curl('', 22))).outputs).toMatchObject({ mode: 'cloudflare', snapshots: 'false' });
    expect((await runScript(script, cwd, fork, undefined, curl('', 22))).outputs).toMatchObject({ mode: 'cli', snapshots: 'false' });
    const forkGit = await runScript(script, cwd, { ...fork, NETLIFY_AUTH_TOKEN: '', NETLIFY_SITE_ID: '' }, undefined, curl('', 22));
    expect(forkGit.code).toBe(1);
    expect(forkGit.out).toContain('::error title=Deploy mode needs main::');
    expect((await runScript(script, cwd, { ...fork, NETLIFY_AUTH_TOKEN: '', NETLIFY_SITE_ID: '', SNAPSHOT_TO_MAIN: 'true' }, undefined, curl('', 22))).outputs).toMatchObject({ mode: 'git', snapshots: 'true' });
    expect((await runScript(script, cwd, { ...cli, SITE_URL: 'https://configured.example', DEPLOY_PLAN: 'netlify-pro' }, undefined, curl('', 22))).outputs).toMatchObject({ plan: 'netlify-pro' });
    const unknown = await runScript(script, cwd, { ...cli, SITE_URL: 'https://configured.example', DEPLOY_PLAN: 'gold' }, undefined, curl('', 22));
    expect(unknown.code).toBe(1);
    expect(unknown.out).toContain('::error title=Unknown deploy plan::');
  });
});

describe('refresh.yml: the Cloudflare deploy', () => {
  const job = refresh.jobs.cloudflare!;
  const DEPLOY_STEP = 'Deploy with wrangler';
  const D1_STEP = 'Create and migrate the status database';

  it('runs after the refresh decided to deploy there, with the site the refresh job validated, hidden files included', () => {
    // Also after a refresh that sounded the staleness alarm once the site was packaged.
    expect(job).toMatchObject({ needs: 'refresh', if: "${{ !cancelled() && needs.refresh.outputs.deploy-cloudflare == 'true' }}", environment: { name: 'cloudflare' } });
    expect(refresh.jobs.refresh!.outputs?.['deploy-cloudflare']).toBe("${{ steps.cloudflare-artifact.outcome == 'success' }}");
    const upload = step(refresh, 'cloudflare-artifact');
    expect(upload).toMatchObject({ if: "steps.decide.outputs.deploy == 'true' && steps.publish.outputs.mode == 'cloudflare'", with: { name: 'cloudflare-site', path: 'public/', 'include-hidden-files': true } });
    expect(job.steps.map((s) => s.name ?? s.uses?.split('@')[0] ?? s.run?.trim())).toEqual(['actions/checkout', 'actions/setup-node', 'npm ci', 'actions/download-artifact', D1_STEP, DEPLOY_STEP]);
    expect(job.steps[0]!.with).toMatchObject({ 'persist-credentials': false });
    expect(job.steps[3]!.with).toEqual({ name: 'cloudflare-site', path: 'public/' });
    // Neither step has a condition of its own: the database step decides in its script (and always
    // lets the deploy go on), so a deploy never waits on the monitor.
    expect(job.steps.filter((s) => s.if !== undefined)).toEqual([]);
  });

  it('gives the Cloudflare token to the database and deploy steps only, and each deep probe key of data/services.json to the deploy alone', async () => {
    const pkg = JSON.parse(await readFile('package.json', 'utf8')) as { devDependencies: Record<string, string> };
    expect(pkg.devDependencies.wrangler).toMatch(/^\d+\.\d+\.\d+$/);
    const withSecrets = job.steps.filter((s) => /secrets\./.test(JSON.stringify(s)));
    expect(withSecrets.map((s) => s.name)).toEqual([D1_STEP, DEPLOY_STEP]);
    const secretEnv = (s: Step) => Object.entries(s.env ?? {}).filter(([, v]) => /secrets\./.test(String(v)));
    expect(secretEnv(withSecrets[0]!).map(([k]) => k)).toEqual(['CLOUDFLARE_API_TOKEN', 'CLOUDFLARE_ACCOUNT_ID']);
    const services = JSON.parse(await readFile('data/services.json', 'utf8')) as Array<{ id: string }>;
    const keys = services.map((s) => `PROBE_KEY_${s.id.toUpperCase().replace(/-/g, '_')}`);
    expect(secretEnv(withSecrets[1]!), "refresh.yml's deploy step lists one PROBE_KEY_ secret per service of data/services.json").toEqual([
      ['CLOUDFLARE_API_TOKEN', '${{ secrets.CLOUDFLARE_API_TOKEN }}'],
      ['CLOUDFLARE_ACCOUNT_ID', '${{ secrets.CLOUDFLARE_ACCOUNT_ID }}'],
      ...keys.map((k) => [k, `\${{ secrets.${k} }}`]),
    ]);
  });

  /** A fake npx: wrangler's D1 and deploy commands against a list of databases in `dir`. */
  async function fakeWrangler(dir: string) {
    const calls = join(dir, 'npx-calls');
    const npx = `#!/bin/bash
printf '%s|%s\\n' "$*" "$CLOUDFLARE_API_TOKEN" >> '${calls}'
case "$*" in
  *'d1 list --json'*) if [ -f '${dir}/fail-list' ]; then echo 'Authentication error [code: 10000]' >&2; exit 1; fi; cat '${dir}/databases' ;;
  *'d1 create '*) jq --arg n "\${@: -1}" '. + [{ uuid: "0a1b2c3d-0000-4000-8000-00000000d1d1", name: $n }]' '${dir}/databases' > '${dir}/databases.new'; mv '${dir}/databases.new' '${dir}/databases' ;;
  *'d1 migrations apply'*) if [ -f '${dir}/fail-migrate' ]; then exit 1; fi; cp public/wrangler.json '${dir}/migrated-with' ;;
  *' deploy '*)
    while [ $# -gt 0 ]; do if [ "$1" = --secrets-file ]; then cp "$2" '${dir}/secrets-sent'; stat -c %a "$2" > '${dir}/secrets-mode'; fi; shift; done
    cp public/wrangler.json '${dir}/deployed-with' ;;
  *--version*) echo 4.86.0 ;;
esac
`;
    return { calls, fakes: { npx } };
  }

  // As the build writes it (site-files.ts): the database by its name without an id, the migrations copied beside it.
  const monitorConfig = {
    name: 'modelpulse',
    main: '_worker.js',
    triggers: { crons: ['* * * * *'] },
    d1_databases: [{ binding: 'STATUS_DB', database_name: 'modelpulse-status', migrations_dir: 'migrations' }],
  };

  async function site(config: object, databases: object[], migrations = true) {
    const cwd = await tempDir('cloudflare-step');
    await mkdir(join(cwd, migrations ? 'public/migrations' : 'public'), { recursive: true });
    await writeFile(join(cwd, 'public/wrangler.json'), JSON.stringify(config));
    await writeFile(join(cwd, 'databases'), JSON.stringify(databases));
    return cwd;
  }

  const d1Env = (cwd: string, extra: Record<string, string> = {}) => ({ CLOUDFLARE_API_TOKEN: 'cf-secret', CLOUDFLARE_ACCOUNT_ID: 'acc', WORKER_NAME: '', D1_DATABASE_NAME: '', GITHUB_STEP_SUMMARY: join(cwd, 'summary'), ...extra });
  const readJson = async (path: string) => JSON.parse(await readFile(path, 'utf8')) as Record<string, unknown>;

  it('database: creates the D1 database once, writes its id into wrangler.json and applies migrations/ remotely', async () => {
    const script = job.steps.find((s) => s.name === D1_STEP)!.run!;
    const cwd = await site(monitorConfig, [{ uuid: 'ffffffff-0000-4000-8000-000000000000', name: 'someone-else' }]);
    const { calls, fakes } = await fakeWrangler(cwd);
    const first = await runScript(script, cwd, d1Env(cwd), undefined, fakes);
    expect(first, first.out).toMatchObject({ code: 0, outputs: { monitor: 'true' } });
    const patched = { ...monitorConfig, d1_databases: [{ binding: 'STATUS_DB', database_name: 'modelpulse-status', database_id: '0a1b2c3d-0000-4000-8000-00000000d1d1', migrations_dir: join(cwd, 'public/migrations') }] };
    expect(await readJson(join(cwd, 'public/wrangler.json'))).toEqual(patched);
    expect(await readJson(join(cwd, 'migrated-with'))).toEqual(patched);
    // Again (the next deploy): found by its name, not created twice; migrations applied again (wrangler skips those applied).
    await writeFile(join(cwd, 'public/wrangler.json'), JSON.stringify(monitorConfig));
    const again = await runScript(script, cwd, d1Env(cwd), undefined, fakes);
    expect(again.outputs).toEqual({ monitor: 'true' });
    expect(await readJson(join(cwd, 'public/wrangler.json'))).toEqual(patched);
    const commands = (await readFile(calls, 'utf8')).trim().split('\n');
    expect(commands).toEqual([
      '--no-install wrangler d1 list --json|cf-secret',
      '--no-install wrangler d1 create modelpulse-status|cf-secret',
      '--no-install wrangler d1 list --json|cf-secret',
      '--no-install wrangler d1 migrations apply STATUS_DB --remote --config public/wrangler.json|cf-secret',
      '--no-install wrangler d1 list --json|cf-secret',
      '--no-install wrangler d1 migrations apply STATUS_DB --remote --config public/wrangler.json|cf-secret',
    ]);
    expect(first.out + again.out).not.toContain('cf-secret');
    expect(await readFile(join(cwd, 'summary'), 'utf8')).toContain('D1 database modelpulse-status (0a1b2c3d-0000-4000-8000-00000000d1d1) created and migrated');

    // Named after the Worker, or as the variable says; a build that copied no migrations gets the checkout's.
    for (const [extra, name] of [[{ WORKER_NAME: 'my-api' }, 'my-api-status'], [{ WORKER_NAME: 'my-api', D1_DATABASE_NAME: 'status-db' }, 'status-db']] as const) {
      const named = await site(monitorConfig, [], false);
      const wrangler = await fakeWrangler(named);
      expect((await runScript(script, named, d1Env(named, extra), undefined, wrangler.fakes)).outputs).toEqual({ monitor: 'true' });
      expect(((await readJson(join(named, 'public/wrangler.json'))).d1_databases as Array<Record<string, string>>)[0]).toMatchObject({ database_name: name, migrations_dir: join(named, 'migrations') });
    }
  });

  it('database: a build without the monitor asks nothing; a token without D1, or a failed migration, deploys as before, without database and cron', async () => {
    const script = job.steps.find((s) => s.name === D1_STEP)!.run!;
    const plain = { name: 'modelpulse', main: '_worker.js', vars: { BASE_PATH: '' } };
    const none = await site(plain, []);
    const noneRun = await fakeWrangler(none);
    expect(await runScript(script, none, d1Env(none), undefined, noneRun.fakes)).toMatchObject({ code: 0, outputs: { monitor: 'false' } });
    expect(await readJson(join(none, 'public/wrangler.json'))).toEqual(plain);
    await expect(readFile(noneRun.calls, 'utf8')).rejects.toThrow();

    const withOther = { ...monitorConfig, d1_databases: [...monitorConfig.d1_databases, { binding: 'OTHER', database_name: 'other', database_id: 'x' }] };
    for (const [fault, config, left] of [
      ['fail-list', monitorConfig, { name: 'modelpulse', main: '_worker.js' }],
      ['fail-migrate', withOther, { name: 'modelpulse', main: '_worker.js', d1_databases: [{ binding: 'OTHER', database_name: 'other', database_id: 'x' }] }],
    ] as const) {
      const cwd = await site(config, []);
      await writeFile(join(cwd, fault), '');
      const { fakes } = await fakeWrangler(cwd);
      const run = await runScript(script, cwd, d1Env(cwd), undefined, fakes);
      expect(run, run.out).toMatchObject({ code: 0, outputs: { monitor: 'false' } });
      expect(run.out).toContain('::warning title=Live status off::');
      expect(run.out).not.toContain('cf-secret');
      expect(await readJson(join(cwd, 'public/wrangler.json'))).toEqual(left);
      expect(await readFile(join(cwd, 'summary'), 'utf8')).toMatch(/^\*\*Live status:\*\* off\. /);
    }
  });

  it('deploy: with the wrangler package-lock.json pins, the set deep probe keys in a private file that does not outlive the step', async () => {
    const deploy = job.steps.find((s) => s.name === DEPLOY_STEP)!;
    const cwd = await site(monitorConfig, []);
    const { calls, fakes } = await fakeWrangler(cwd);
    const env = { CLOUDFLARE_API_TOKEN: 'cf-secret', CLOUDFLARE_ACCOUNT_ID: 'acc', WORKER_NAME: '', GITHUB_RUN_ID: '42', GITHUB_STEP_SUMMARY: join(cwd, 'summary'), PROBE_KEY_OPENAI: '', PROBE_KEY_ANTHROPIC: '' };
    const plain = await runScript(deploy.run!, cwd, env, undefined, fakes);
    const named = await runScript(deploy.run!, cwd, { ...env, WORKER_NAME: 'my-api' }, undefined, fakes);
    expect([plain.code, named.code], plain.out + named.out).toEqual([0, 0]);
    await expect(readFile(join(cwd, 'secrets-sent'), 'utf8')).rejects.toThrow();
    const keyed = await runScript(deploy.run!, cwd, { ...env, PROBE_KEY_OPENAI: 'sk-probe-secret' }, undefined, fakes);
    expect(keyed.code, keyed.out).toBe(0);
    expect(await readJson(join(cwd, 'secrets-sent'))).toEqual({ PROBE_KEY_OPENAI: 'sk-probe-secret' });
    expect((await readFile(join(cwd, 'secrets-mode'), 'utf8')).trim()).toBe('600');
    expect(plain.out + named.out + keyed.out).not.toMatch(/cf-secret|sk-probe-secret/);
    const summary = await readFile(join(cwd, 'summary'), 'utf8');
    expect(summary).toContain('**Deep probe keys sent:** PROBE_KEY_OPENAI.');
    expect(summary).not.toContain('sk-probe-secret');
    const deploys = (await readFile(calls, 'utf8')).trim().split('\n').filter((l) => l.includes(' deploy '));
    expect(deploys.slice(0, 2)).toEqual([
      '--no-install wrangler deploy --config public/wrangler.json --message scheduled refresh, run 42|cf-secret',
      '--no-install wrangler deploy --config public/wrangler.json --message scheduled refresh, run 42 --name my-api|cf-secret',
    ]);
    const [, file] = /--secrets-file (\S+)\|/.exec(deploys[2]!)!;
    await expect(readFile(file!, 'utf8')).rejects.toThrow();
    // The cron and the database go up as the database step left them.
    expect(await readJson(join(cwd, 'deployed-with'))).toEqual(monitorConfig);
  });
});

describe('refresh.yml: what the hosts get', () => {
  it('hands every host public/ as built, which holds nothing of the build\'s own (its record and staging area live beside it)', () => {
    const uploads = steps(refresh).filter((s) => /^actions\/upload-(pages-)?artifact@/.test(s.uses ?? '')).map((s) => String(s.with?.path));
    const netlify = steps(refresh).find((s) => /netlify-cli@/.test(s.run ?? ''))!;
    expect(/--dir (\S+)/.exec(netlify.run!)?.[1]).toBe('public');
    expect(uploads).toEqual(['public/', 'public/']);
    const internal = relative(resolve('public'), internalDir('public'));
    expect(internal.startsWith('..')).toBe(true);
  });
});
