import { spawn } from 'node:child_process';
import { existsSync, lstatSync, mkdirSync, readdirSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { hashTree, tempDir } from '../testing/tree.js';
import { internalDir } from './internal-dir.js';
import { writeSiteIncrementally } from './incremental-write.js';
import { abortEarlyTree, beginEarlyTree } from './tree-stager.js';
import { OutputBusyError, recoverInterruptedWrite, transactionDir } from './write-transaction.js';

/** A small site: the API, the website beside it and a host file. */
function site(overrides: Record<string, string | null> = {}): Map<string, string> {
  const files = new Map<string, string>([
    ['api/v1/index.json', '{"data":1}'],
    ['api/v1/models.json', '{"data":[1,2]}'],
    ['api/v1/models/a/one.json', '{"data":"one"}'],
    ['api/v1/models/a/two.json', '{"data":"two"}'],
    ['api/v1/models/b/three.json', '{"data":"three"}'],
    ['app.js', 'console.log(1)'],
    ['index.html', '<!doctype html>'],
    ['_redirects', '/a /b 200'],
  ]);
  for (const [path, content] of Object.entries(overrides)) {
    if (content === null) files.delete(path);
    else files.set(path, content);
  }
  return files;
}

/** Inode and modification time of every file: what a rewrite would change. */
function identities(dir: string): Map<string, string> {
  const out = new Map<string, string>();
  const walk = (rel: string) => {
    for (const entry of readdirSync(join(dir, rel), { withFileTypes: true })) {
      const path = rel === '' ? entry.name : `${rel}/${entry.name}`;
      if (entry.isDirectory()) walk(path);
      else {
        const info = statSync(join(dir, path));
        out.set(path, `${info.ino}:${info.mtimeMs}`);
      }
    }
  };
  walk('');
  return out;
}

describe('the incremental write', () => {
  it('writes every file once, then nothing when nothing changed, then only what changed', async () => {
    const out = await tempDir('incremental');
    expect(await writeSiteIncrementally(out, site(), { alsoOwned: ['_headers'] })).toMatchObject({ written: 8, removed: 0, unchanged: 0 });
    const first = identities(out);
    expect(await writeSiteIncrementally(out, site(), { alsoOwned: ['_headers'] })).toMatchObject({ written: 0, removed: 0, unchanged: 8 });
    expect(identities(out)).toEqual(first);

    const result = await writeSiteIncrementally(out, site({ 'api/v1/models/a/one.json': '{"data":"ONE"}', 'api/v1/models/c/four.json': '{"data":"four"}' }));
    expect(result).toMatchObject({ written: 2, removed: 0, unchanged: 7 });
    const after = identities(out);
    const rewritten = [...after.keys()].filter((path) => after.get(path) !== first.get(path)).sort();
    expect(rewritten).toEqual(['api/v1/models/a/one.json', 'api/v1/models/c/four.json']);
    expect(await readFile(join(out, 'api/v1/models/a/one.json'), 'utf8')).toBe('{"data":"ONE"}');
    expect(existsSync(transactionDir(out))).toBe(false);
  });

  it('trusts what the last write recorded only while it still holds', async () => {
    const out = await tempDir('incremental');
    const first = await writeSiteIncrementally(out, site());
    const again = await writeSiteIncrementally(out, site(), { previous: first.state });
    expect(again).toMatchObject({ written: 0, removed: 0, unchanged: 8 });
    expect(again.state).toEqual(first.state);
    // Same size, other bytes, behind the build's back: the identity moved, so the file is read.
    await writeFile(join(out, 'api/v1/index.json'), '{"data":9}');
    await writeFile(join(out, 'api/v1/models/a/stray.json'), '{}');
    const repaired = await writeSiteIncrementally(out, site(), { previous: again.state });
    expect(repaired).toMatchObject({ written: 1, removed: 1, unchanged: 7 });
    expect(await readFile(join(out, 'api/v1/index.json'), 'utf8')).toBe('{"data":1}');
    expect(existsSync(join(out, 'api/v1/models/a/stray.json'))).toBe(false);
  });

  it('removes the files it no longer produces and their empty directories, and leaves alone what it does not own', async () => {
    const out = await tempDir('incremental');
    await writeFile(join(out, '.gitkeep'), '');
    await writeFile(join(out, 'CNAME'), 'example.org');
    await writeSiteIncrementally(out, site(), { alsoOwned: ['_headers'] });
    await writeFile(join(out, 'api/v1/stray.json'), '{}');
    const result = await writeSiteIncrementally(out, site({ 'api/v1/models/b/three.json': null, _redirects: null, _headers: '/*\n' }), { alsoOwned: ['_redirects', '_headers'] });
    expect(result).toMatchObject({ written: 1, removed: 3, unchanged: 6 });
    expect(existsSync(join(out, 'api/v1/models/b'))).toBe(false);
    expect(existsSync(join(out, 'api/v1/stray.json'))).toBe(false);
    expect(existsSync(join(out, '_redirects'))).toBe(false);
    expect(readdirSync(out).sort()).toEqual(['.gitkeep', 'CNAME', '_headers', 'api', 'app.js', 'index.html']);
  });

  it('replaces a symbolic link in the output instead of writing through it', async () => {
    const out = await tempDir('incremental');
    const elsewhere = await tempDir('incremental-elsewhere');
    await writeSiteIncrementally(out, site());
    const before = await hashTree(elsewhere);
    await rm(join(out, 'api/v1/models'), { recursive: true });
    symlinkSync(elsewhere, join(out, 'api/v1/models'));
    await writeSiteIncrementally(out, site());
    expect(lstatSync(join(out, 'api/v1/models')).isDirectory()).toBe(true);
    expect(await readFile(join(out, 'api/v1/models/a/one.json'), 'utf8')).toBe('{"data":"one"}');
    expect(await hashTree(elsewhere)).toEqual(before);
  });

  it('leaves the previous output exactly as it was when writing fails half-way', async () => {
    const out = await tempDir('incremental');
    await writeSiteIncrementally(out, site());
    const before = identities(out);
    const bytes = await hashTree(out);
    // The file system refuses a name over 255 bytes: the commit fails after other files were replaced.
    const failing = site({ 'api/v1/index.json': '{"data":2}', 'api/v1/models/a/two.json': null, 'api/v1/new/dir/file.json': '{}', [`api/v1/${'x'.repeat(300)}.json`]: '{}', _redirects: '/c /d 200' });
    await expect(writeSiteIncrementally(out, failing)).rejects.toThrow(/ENAMETOOLONG/);
    expect(identities(out)).toEqual(before);
    expect(await hashTree(out)).toEqual(bytes);
    expect(existsSync(join(out, 'api/v1/new'))).toBe(false);
    expect(existsSync(transactionDir(out))).toBe(false);
  });

  it('restores the previous output when a build was killed while writing, and refuses while one is running', async () => {
    const out = await tempDir('incremental');
    const many = (tag: string) => new Map(Array.from({ length: 3000 }, (_, i) => [`api/v1/f/${i % 30}/${i}.json`, `{"v":"${tag}${i}"}`] as [string, string]));
    await writeSiteIncrementally(out, many('old'));
    const old = await hashTree(out);
    // A real build process, killed as soon as its journal exists (mid-commit, most likely).
    const script = `import { writeSiteIncrementally } from ${JSON.stringify(new URL('./incremental-write.ts', import.meta.url).pathname)};
      await writeSiteIncrementally(${JSON.stringify(out)}, new Map(Array.from({ length: 3000 }, (_, i) => [\`api/v1/f/\${i % 30}/\${i}.json\`, \`{"v":"new\${i}"}\`])));`;
    const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], { stdio: 'ignore' });
    const journal = join(transactionDir(out), 'journal.json');
    const exited = new Promise<void>((resolve) => child.on('exit', () => resolve()));
    let running = true;
    void exited.then(() => (running = false));
    while (running && !existsSync(journal)) await new Promise((resolve) => setTimeout(resolve, 1));
    child.kill('SIGKILL');
    await exited;
    const outcome = recoverInterruptedWrite(out);
    const expectedNew = await tempDir('incremental-new');
    await writeSiteIncrementally(expectedNew, many('new'));
    const after = await hashTree(out);
    // Either the build had committed, or the previous output is back byte for byte: never a mix.
    if (outcome === 'rolled-back') expect(after).toEqual(old);
    else expect([old, await hashTree(expectedNew)]).toContainEqual(after);
    expect(existsSync(transactionDir(out))).toBe(false);

    // A transaction owned by a process that is alive is another build at work.
    mkdirSync(transactionDir(out), { recursive: true });
    const sleeper = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 60000)'], { stdio: 'ignore' });
    try {
      writeFileSync(join(transactionDir(out), 'owner'), String(sleeper.pid));
      await expect(writeSiteIncrementally(out, many('new'))).rejects.toThrow(OutputBusyError);
    } finally {
      sleeper.kill('SIGKILL');
    }
  });

  it('keeps nothing of its own in the output: its staging area is beside it', async () => {
    const out = join(await tempDir('incremental'), 'public');
    expect(transactionDir(out).startsWith(`${internalDir(out)}/`)).toBe(true);
    expect(internalDir(out).startsWith(`${out}/`)).toBe(false);
    await writeSiteIncrementally(out, site());
    await writeSiteIncrementally(out, site({ 'api/v1/index.json': '{"data":2}' }));
    expect([...(await hashTree(out)).keys()].sort()).toEqual([...site().keys()].sort());
  });

  it('finishes or undoes what a build of an earlier version left inside the output, and removes its record there', async () => {
    const out = await tempDir('incremental');
    await writeSiteIncrementally(out, site());
    const before = await hashTree(out);
    // That version's transaction, killed mid-commit: one file replaced, its backup kept.
    const legacy = join(out, '.build-transaction');
    mkdirSync(join(legacy, 'old'), { recursive: true });
    mkdirSync(join(legacy, 'new'));
    writeFileSync(join(legacy, 'owner'), '999999999');
    writeFileSync(join(legacy, 'old', '0'), '{"data":1}');
    writeFileSync(join(out, 'api/v1/index.json'), '{"data":"half-built"}');
    writeFileSync(join(legacy, 'journal.json'), JSON.stringify({ pid: 999999999, newDirs: [], trees: [], blocking: [], writes: [{ path: 'api/v1/index.json', existed: true }], removals: [] }));
    writeFileSync(join(out, '.modelpulse-build.json'), '{"version":3}');
    expect(recoverInterruptedWrite(out)).toBe('rolled-back');
    expect(existsSync(legacy)).toBe(false);
    expect(await readFile(join(out, 'api/v1/index.json'), 'utf8')).toBe('{"data":1}');
    // The next write leaves the output exactly the site: the old record is gone.
    await writeSiteIncrementally(out, site());
    expect(await hashTree(out)).toEqual(before);
  });

  it('stages a new api/ ahead while the build goes on, and writes exactly the site; an aborted build leaves nothing', async () => {
    const out = join(await tempDir('incremental'), 'public');
    const early = beginEarlyTree(out, 'api')!;
    expect(existsSync(transactionDir(out))).toBe(true);
    const final = site({ 'api/v1/models/a/two.json': '{"data":"TWO"}' });
    // Staged ahead: most files as they end up, one that changed afterwards, one outside api/, one unsafe.
    for (const [path, text] of site()) early.add(path, text);
    early.add('api/../escape.json', '{}');
    expect(await writeSiteIncrementally(out, final, { early })).toMatchObject({ written: 8, removed: 0 });
    expect(await hashTree(out)).toEqual(await hashTree(await (async () => {
      const plain = await tempDir('incremental-plain');
      await writeSiteIncrementally(plain, final);
      return plain;
    })()));
    expect(existsSync(transactionDir(out))).toBe(false);
    expect(existsSync(join(out, '..', 'escape.json'))).toBe(false);
    // Only into an output without api/: a rebuild stages as it always did.
    expect(beginEarlyTree(out, 'api')).toBeNull();

    const other = join(await tempDir('incremental'), 'public');
    const aborted = beginEarlyTree(other, 'api')!;
    for (const [path, text] of site()) aborted.add(path, text);
    await abortEarlyTree(aborted);
    expect(readdirSync(other)).toEqual([]);
    expect(existsSync(transactionDir(other))).toBe(false);

    // A build killed while staging ahead (no journal yet): the next one clears it, the output as it was.
    const killed = beginEarlyTree(other, 'api')!;
    for (const [path, text] of site()) killed.add(path, text);
    await killed.stager.finish();
    writeFileSync(join(transactionDir(other), 'owner'), '999999999');
    expect(recoverInterruptedWrite(other)).toBe('cleaned');
    expect(readdirSync(other)).toEqual([]);
  });
});
