import { existsSync } from 'node:fs';
import { mkdir, readFile, symlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { removeTree } from './remove-tree.js';
import { tempDir } from './tree.js';

describe('removeTree', () => {
  it('removes every file and directory, in batches over several processes, and never follows a link out', async () => {
    const root = await tempDir('remove-tree');
    const outside = await tempDir('remove-tree-outside');
    await writeFile(join(outside, 'kept.txt'), 'not ours to remove');
    const dir = join(root, 'scratch');
    // More entries two levels down than one rm command takes, a file at the top, deep trees and links out.
    for (let a = 0; a < 3; a += 1) {
      await mkdir(join(dir, `site-${a}`), { recursive: true });
      for (let b = 0; b < 300; b += 1) await writeFile(join(dir, `site-${a}`, `f${b}.json`), '{}');
    }
    await mkdir(join(dir, 'deep/a/b/c/d'), { recursive: true });
    await writeFile(join(dir, 'deep/a/b/c/d/e.json'), '{}');
    await writeFile(join(dir, 'top.txt'), 'x');
    await symlink(outside, join(dir, 'deep/link-out'));
    await symlink(join(outside, 'kept.txt'), join(dir, 'link-file'));
    await removeTree(dir, 3);
    expect(existsSync(dir)).toBe(false);
    expect(await readFile(join(outside, 'kept.txt'), 'utf8')).toBe('not ours to remove');
  });

  it('does nothing for a directory that is not there', async () => {
    const missing = join(await tempDir('remove-tree-missing'), 'never-made');
    await expect(removeTree(missing)).resolves.toBeUndefined();
    expect(existsSync(missing)).toBe(false);
  });
});
