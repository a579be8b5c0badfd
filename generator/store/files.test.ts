import { spawn, spawnSync } from 'node:child_process';
import { mkdir, readdir, symlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { tempDir } from '../testing/tree.js';
import { DataFileError, listDataFiles, readJsonFile, removeStaleTempFiles, writeFileAtomic } from './files.js';

/** Text that must never reach an error message: it stands for /etc/passwd or a pasted secret. */
const SECRET = 'root:x:0:0:root:/root:/bin/bash SECRET-TOKEN-123';

async function errorOf(promise: Promise<unknown>): Promise<DataFileError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(DataFileError);
  return error as DataFileError;
}

/** Every message of an error and its causes: what the CLI prints. */
function printed(error: unknown): string {
  const lines: string[] = [];
  for (let current = error; current instanceof Error; current = current.cause) lines.push(current.message);
  return lines.join('\n');
}

describe('reading data/', () => {
  it('refuses a symbolic link without following it, naming the link and nothing of its target', async () => {
    const dir = await tempDir('files');
    const target = join(dir, 'outside.txt');
    await writeFile(target, SECRET);
    await symlink(target, join(dir, 'sources.json'));
    const error = await errorOf(readJsonFile(join(dir, 'sources.json'), {}));
    expect(error.message).toBe(`${join(dir, 'sources.json')} is a symbolic link: data/ holds regular files only (the link was not followed)`);
    expect(printed(error)).not.toMatch(/root:x|SECRET|outside/);
  });

  it('refuses a directory, a FIFO, and a linked directory of models', async () => {
    const dir = await tempDir('files');
    await mkdir(join(dir, 'sources.json'));
    expect((await errorOf(readJsonFile(join(dir, 'sources.json'), {}))).message).toMatch(/sources\.json is not a regular file/);
    // A FIFO would block a plain read forever.
    expect(spawnSync('mkfifo', [join(dir, 'fifo.json')]).status).toBe(0);
    expect((await errorOf(readJsonFile(join(dir, 'fifo.json'), {}))).message).toMatch(/fifo\.json is not a regular file/);

    const elsewhere = await tempDir('files-elsewhere');
    await writeFile(join(elsewhere, 'x.json'), JSON.stringify({ note: SECRET }));
    await mkdir(join(dir, 'models/openai'), { recursive: true });
    await writeFile(join(dir, 'models/openai/a.json'), '{}');
    expect(await listDataFiles(dir, 'models', 2, '.json')).toEqual(['models/openai/a.json']);
    await symlink(elsewhere, join(dir, 'models/evil'));
    const error = await errorOf(listDataFiles(dir, 'models', 2, '.json'));
    expect(error.message).toMatch(/models\/evil is a symbolic link/);
    expect(printed(error)).not.toContain(elsewhere);
  });

  it('names the line and column of a syntax error and quotes nothing of the file', async () => {
    const dir = await tempDir('files');
    const path = join(dir, 'broken.json');
    await writeFile(path, `{\n  "a": 1,\n  "b": ${SECRET}\n}\n`);
    const error = await errorOf(readJsonFile(path, null));
    expect(error.message).toBe(`${path}:3:8 is not valid JSON (unexpected character (not a JSON value))`);
    expect(error.position).toEqual({ line: 3, column: 8 });
    expect(printed(error)).not.toMatch(/root|SECRET/);

    await writeFile(path, SECRET);
    expect((await errorOf(readJsonFile(path, null))).message).toBe(`${path}:1:1 is not valid JSON (unexpected character (not a JSON value))`);
    await writeFile(path, '{"a": "unterminated');
    expect((await errorOf(readJsonFile(path, null))).message).toMatch(/broken\.json:1:20 is not valid JSON \(unterminated string\)$/);
    await writeFile(path, '[1, 2,\n]');
    expect((await errorOf(readJsonFile(path, null))).message).toMatch(/broken\.json:2:1 is not valid JSON/);
  });

  it('returns the fallback for a missing file and reads a regular one', async () => {
    const dir = await tempDir('files');
    expect(await readJsonFile(join(dir, 'missing.json'), 'fallback')).toBe('fallback');
    await writeFileAtomic(join(dir, 'ok.json'), '{"a": [1, 2]}');
    expect(await readJsonFile(join(dir, 'ok.json'), null)).toEqual({ a: [1, 2] });
  });
});

describe('temporary files a killed run left behind', () => {
  it('removes those of dead processes, keeps those of live ones and every other file', async () => {
    const dir = await tempDir('files');
    await mkdir(join(dir, 'models/openai'), { recursive: true });
    // A process that has exited: its pid is free (and not reused within this test).
    const child = spawn(process.execPath, ['-e', '0']);
    const deadPid = await new Promise<number>((resolve) => child.on('exit', () => resolve(child.pid!)));
    const stale = [`sources.json.${deadPid}.0badf00d.tmp`, `models/openai/gpt.json.${deadPid}.12345678.tmp`];
    const kept = [`sources.json`, `status.json.${process.pid}.abcdef01.tmp`, 'notes.tmp', 'models/openai/gpt.json'];
    for (const path of [...stale, ...kept]) await writeFile(join(dir, path), '{}');
    expect(await removeStaleTempFiles(dir)).toEqual(stale.sort());
    expect((await readdir(dir, { recursive: true })).filter((p) => p.includes('.')).sort()).toEqual(kept.sort());
  });
});
