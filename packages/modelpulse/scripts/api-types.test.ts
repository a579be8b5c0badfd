import { copyFile, readFile, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { tempDir } from '../../../generator/testing/tree.js';
import { GENERATED_TYPES_FILE, writeApiTypes } from './api-types.js';

describe('the generated response types', () => {
  it('are left as they are when made from the same inputs, and made again when from other inputs', async () => {
    // What `npm test`'s pretest (or `npm ci`'s prepare) generated from today's schemas.
    const path = join(await tempDir('api-types'), 'api.ts');
    await copyFile(GENERATED_TYPES_FILE, path);
    const made = await readFile(path, 'utf8');
    expect(made).toMatch(/^\/\/ Generated from the published JSON Schemas by .* \(inputs [0-9a-f]{64}\)\. Do not edit\.\n/);
    const { ino } = await stat(path);
    await writeApiTypes(path);
    expect((await stat(path)).ino).toBe(ino);
    // A file from other inputs (an older schema, say) is made again, whatever it holds.
    await writeFile(path, made.replace(/inputs [0-9a-f]{64}/, `inputs ${'0'.repeat(64)}`).replace('export interface ModelResponse', 'export interface Stale'));
    await writeApiTypes(path);
    expect(await readFile(path, 'utf8')).toBe(made);
  });
});
