/**
 * The deterministic tarball, read back by the system's own tar (GNU tar) and gzip.
 */
import { execFileSync } from 'node:child_process';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { tempDir } from '../testing/tree.js';
import { packTarball, type TarEntry } from './tarball.js';

const LONG = `dist/${'deep/'.repeat(25)}file.js`;
const entries: TarEntry[] = [
  { path: 'package.json', bytes: Buffer.from('{"name":"x","version":"1.0.0"}\n'), executable: false },
  { path: 'dist/cli.js', bytes: Buffer.from('#!/usr/bin/env node\nconsole.log("hi");\n'), executable: true },
  { path: 'README.md', bytes: Buffer.from('# x — ünïcode\n'), executable: false },
  { path: 'dist/empty.txt', bytes: Buffer.alloc(0), executable: false },
  { path: 'dist/block.bin', bytes: Buffer.alloc(512, 7), executable: false },
  { path: LONG, bytes: Buffer.from('long'), executable: false },
];

async function unpacked(tarball: Buffer): Promise<{ dir: string; listing: string }> {
  const dir = await tempDir('tarball');
  await writeFile(join(dir, 'x.tgz'), tarball);
  await mkdir(join(dir, 'out'));
  execFileSync('tar', ['-xzf', 'x.tgz', '-C', 'out'], { cwd: dir });
  const listing = execFileSync('tar', ['--utc', '-tvzf', 'x.tgz'], { cwd: dir, encoding: 'utf8' });
  return { dir: join(dir, 'out'), listing };
}

describe('packTarball', () => {
  it('gives the same bytes for the same files, whatever their order', () => {
    const once = packTarball(entries);
    expect(packTarball([...entries].reverse())).toEqual(once);
    expect(packTarball(entries.map((e) => ({ ...e, bytes: Buffer.from(e.bytes) })))).toEqual(once);
    // A fixed gzip header: no file name, no time, maximum compression, OS unknown.
    expect([...once.subarray(0, 10)]).toEqual([0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 2, 255]);
    expect(packTarball([{ ...entries[0]!, bytes: Buffer.from('{"name":"x","version":"1.0.1"}\n') }, ...entries.slice(1)])).not.toEqual(once);
  });

  it('is an npm package tarball tar and gzip read back: every file under package/, sorted, with its bytes, mode and npm\'s fixed time', async () => {
    const tarball = packTarball(entries);
    const { dir, listing } = await unpacked(tarball);
    const lines = listing.trim().split('\n');
    expect(lines.map((l) => l.split(/\s+/).at(-1))).toEqual(entries.map((e) => `package/${e.path}`).sort());
    for (const line of lines) {
      const [mode, owner, , date, time] = line.split(/\s+/);
      expect([owner, date, time], line).toEqual(['0/0', '1985-10-26', '08:15']);
      expect(mode, line).toBe(line.endsWith('cli.js') ? '-rwxr-xr-x' : '-rw-r--r--');
    }
    for (const entry of entries) expect(await readFile(join(dir, 'package', entry.path)), entry.path).toEqual(entry.bytes);
    execFileSync('gzip', ['-t'], { input: tarball });
  });

  it('refuses a path that could leave the package, or the same path twice', () => {
    for (const path of ['../x', 'dist/../../x', '/etc/passwd', 'a//b', './a']) {
      expect(() => packTarball([{ path, bytes: Buffer.from('x'), executable: false }]), path).toThrow(/not a plain relative path/);
    }
    expect(() => packTarball([entries[0]!, entries[0]!])).toThrow(/twice/);
  });
});
