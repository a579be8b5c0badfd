/**
 * Runs the refresh workflow's shell steps for real, as GitHub runs them, against real git
 * repositories with a bare remote on disk: for generator/ci/*.test.ts.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { chmod, mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { tempDir } from '../testing/tree.js';

export interface StepResult {
  code: number | null;
  out: string;
  /** What the step wrote to GITHUB_OUTPUT. */
  outputs: Record<string, string>;
  githubEnv: string;
}

/**
 * Runs one `run:` script with bash -e, as GitHub does, in `cwd` with a fake `npm` when given and
 * any other fake commands (name → shell script) put first on the PATH.
 */
export async function runScript(script: string, cwd: string, env: Record<string, string>, npmExit?: number, fakes: Record<string, string> = {}): Promise<StepResult> {
  const dir = await tempDir('workflow-step');
  const output = join(dir, 'output');
  const envFile = join(dir, 'env');
  await writeFile(output, '');
  await writeFile(envFile, '');
  const binDir = join(dir, 'bin');
  await mkdir(binDir);
  const commands = { ...fakes, ...(npmExit === undefined ? {} : { npm: `#!/bin/sh\necho "fake npm $*"\nexit ${npmExit}\n` }) };
  for (const [name, body] of Object.entries(commands)) {
    await writeFile(join(binDir, name), body);
    await chmod(join(binDir, name), 0o755);
  }
  const result = spawnSync('bash', ['-e', '-c', script], {
    cwd,
    encoding: 'utf8',
    env: { ...process.env, PATH: `${binDir}:${process.env.PATH}`, GITHUB_OUTPUT: output, GITHUB_ENV: envFile, GIT_CONFIG_GLOBAL: '/dev/null', ...env },
  });
  const outputs = Object.fromEntries((await readFile(output, 'utf8')).split('\n').filter(Boolean).map((l) => [l.slice(0, l.indexOf('=')), l.slice(l.indexOf('=') + 1)]));
  return { code: result.status, out: result.stdout + result.stderr, outputs, githubEnv: await readFile(envFile, 'utf8') };
}

export type Git = (cwd: string, ...args: string[]) => string;

export const git: Git = (cwd, ...args) =>
  execFileSync('git', ['-c', 'user.name=t', '-c', 'user.email=t@example.com', ...args], { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, GIT_CONFIG_GLOBAL: '/dev/null' } });

/**
 * A bare remote whose main holds what `seedFiles` writes (default: data/sources.json), the clone
 * that pushed it (`seed`) and our checkout (`work`).
 */
export async function gitFixture(prefix: string, cloneArgs: string[], seedFiles?: (seed: string) => Promise<void>) {
  const dir = await tempDir(prefix);
  git(dir, 'init', '--quiet', '--bare', '--initial-branch=main', 'remote.git');
  const seed = join(dir, 'seed');
  git(dir, 'clone', '--quiet', join(dir, 'remote.git'), seed);
  if (seedFiles === undefined) {
    await mkdir(join(seed, 'data'));
    await writeFile(join(seed, 'data', 'sources.json'), '{}\n');
  } else {
    await seedFiles(seed);
  }
  git(seed, 'add', '.');
  git(seed, 'commit', '--quiet', '-m', 'seed');
  git(seed, 'push', '--quiet', 'origin', 'HEAD:main');
  const work = await cloneOf(dir, 'work', cloneArgs);
  return { dir, git, seed, work, remote: join(dir, 'remote.git') };
}

/** Another checkout of the fixture's remote (a second runner). */
export async function cloneOf(dir: string, name: string, cloneArgs: string[] = []): Promise<string> {
  git(dir, 'clone', '--quiet', ...cloneArgs, `file://${join(dir, 'remote.git')}`, join(dir, name));
  return join(dir, name);
}
