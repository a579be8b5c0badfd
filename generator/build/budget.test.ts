import fg from 'fast-glob';
import { stat } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildCommittedSite } from '../testing/built-site.js';

/** Cloudflare Pages' free plan: at most 20,000 files, none over 25 MiB. */
const MAX_FILES = 20_000;
const MAX_FILE_BYTES = 25 * 1024 * 1024;

describe('the built site from the committed data/', () => {
  it('stays within the static hosting budget', async () => {
    const { publishDir } = await buildCommittedSite();
    const files = await fg('**/*', { cwd: publishDir, onlyFiles: true, dot: true });
    expect(files.length).toBeGreaterThan(1000);
    expect(files.length).toBeLessThanOrEqual(MAX_FILES);
    for (const file of files) expect((await stat(join(publishDir, file))).size, file).toBeLessThanOrEqual(MAX_FILE_BYTES);
  }, 60_000);
});
