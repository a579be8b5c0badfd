/**
 * The simulated repository: a bare remote on disk standing for GitHub, and the refresh job's
 * checkout of it, with the state store in `.state` as the workflow keeps it. Saves go through the
 * workflow's own state-store.sh, snapshot commits through its own commit step: the git side of
 * the simulated year is the real one.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { cp, readFile, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { parse } from 'yaml';

export const STATE_BRANCH = 'modelpulse-state';
const STATE_SCRIPT = resolve('.github/scripts/state-store.sh');

const gitEnv = () => ({ ...process.env, GIT_CONFIG_GLOBAL: '/dev/null', GITHUB_TOKEN: '' });

export function git(cwd: string, ...args: string[]): string {
  return execFileSync('git', ['-c', 'user.name=sim', '-c', 'user.email=sim@example.com', ...args], { cwd, encoding: 'utf8', env: gitEnv(), maxBuffer: 64 * 1024 * 1024 });
}

/** Runs a workflow shell step in the checkout; returns what it wrote to GITHUB_OUTPUT. */
async function step(checkout: string, script: string, env: Record<string, string>): Promise<Record<string, string>> {
  const output = join(checkout, '..', 'step-output');
  await writeFile(output, '');
  const result = spawnSync('bash', ['-e', '-c', script], { cwd: checkout, encoding: 'utf8', env: { ...gitEnv(), GITHUB_OUTPUT: output, STATE_DIR: '.state', ...env } });
  if (result.status !== 0) throw new Error(`workflow step failed (${result.status}):\n${result.stdout}${result.stderr}`);
  const lines = (await readFile(output, 'utf8')).split('\n').filter(Boolean);
  return Object.fromEntries(lines.map((l) => [l.slice(0, l.indexOf('=')), l.slice(l.indexOf('=') + 1)]));
}

export class SimulatedRepo {
  private commitStep = '';
  /** The state branch's commit: the lease of the next save. */
  private stateBase = '';

  constructor(
    readonly dir: string,
    readonly remote = join(dir, 'remote.git'),
    readonly checkout = join(dir, 'checkout'),
  ) {}

  /** The remote's main holding `dataDir` as data/ (and the ignore rules), and the job's checkout of it. */
  async init(dataDir: string): Promise<void> {
    git(this.dir, 'init', '--quiet', '--bare', '--initial-branch=main', this.remote);
    git(this.dir, 'init', '--quiet', '--initial-branch=main', this.checkout);
    git(this.checkout, 'remote', 'add', 'origin', this.remote);
    await cp(dataDir, join(this.checkout, 'data'), { recursive: true });
    await writeFile(join(this.checkout, '.gitignore'), await readFile('.gitignore', 'utf8'));
    git(this.checkout, 'add', '.');
    git(this.checkout, 'commit', '--quiet', '-m', 'main: curated files and the embedded snapshot');
    git(this.checkout, 'push', '--quiet', '--set-upstream', 'origin', 'HEAD:main');
    const workflow = parse(await readFile('.github/workflows/refresh.yml', 'utf8')) as { jobs: { refresh: { steps: Array<{ id?: string; run?: string }> } } };
    this.commitStep = workflow.jobs.refresh.steps.find((s) => s.id === 'commit')!.run!;
  }

  get dataDir(): string {
    return join(this.checkout, 'data');
  }

  get stateDir(): string {
    return join(this.checkout, '.state');
  }

  /** Saves `.state` as the workflow does on the run's day; a run that changed nothing pushes nothing. */
  async saveState(runAt: string): Promise<boolean> {
    const out = await step(this.checkout, `bash '${STATE_SCRIPT}' save`, { STATE_BASE: this.stateBase, STATE_MESSAGE: `run ${runAt}`, STATE_DAY: runAt.slice(0, 10) });
    if (out.raced === 'true') throw new Error('the simulated state push raced: nobody else pushes here');
    if (out.saved === 'true') this.stateBase = out.commit!;
    return out.saved === 'true';
  }

  /** Commits and pushes data/ to main with the workflow's commit step (it commits only a change). */
  async commitSnapshot(): Promise<boolean> {
    const out = await step(this.checkout, this.commitStep, { BRANCH: 'main', PUBLISH_MODE: 'cli', DEPLOY: 'false' });
    return out.changed === 'true';
  }

  /** Commits on a branch of the remote. */
  commits(ref: string): number {
    return Number(git(this.remote, 'rev-list', '--count', ref).trim());
  }

  /**
   * The packed size of what `ref` reaches (what a clone of it downloads), packed afresh: every
   * object compressed and every delta found anew, by path (a bitmap walk after `git gc` knows no
   * paths and finds worse deltas), so equal history measures equal whatever the remote's packs.
   * One thread: with several, the delta search splits the objects by how the threads are
   * scheduled, and the same history packed under load came out a few hundred bytes apart.
   */
  packedBytes(ref: string): number {
    const pack = execFileSync('git', ['pack-objects', '--revs', '--stdout', '-q', '--threads=1', '--no-reuse-object', '--no-use-bitmap-index'], { cwd: this.remote, input: `${ref}\n`, env: gitEnv(), maxBuffer: 1024 * 1024 * 1024 });
    return pack.length;
  }

  /**
   * What the remote holds on disk before and after a `git gc --prune=now`: before, the objects of
   * replaced state commits too (a host keeps them until its own garbage collection); after, only
   * what its branches reach. Pruned here, as a host would.
   */
  collectGarbage(): { before: number; after: number } {
    const size = () => {
      const stats = git(this.remote, 'count-objects', '-v');
      const kib = (name: string) => Number(new RegExp(`^${name}: (\\d+)$`, 'm').exec(stats)?.[1] ?? 0);
      return (kib('size') + kib('size-pack') + kib('size-garbage')) * 1024;
    };
    const before = size();
    git(this.remote, 'gc', '--quiet', '--prune=now');
    return { before, after: size() };
  }
}
