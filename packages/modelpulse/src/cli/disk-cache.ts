/**
 * The CLI's cache: one file per URL under the user's cache directory, kept while the API says
 * the answer is fresh (at least 60 s), so running a command twice in a minute asks the server
 * once. A file that cannot be read or parsed is a miss, never an error; writes are atomic.
 */
import { createHash } from 'node:crypto';
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { homedir } from 'node:os';
import { join } from 'node:path';
import type { CachedAnswer, ResponseCache } from '../http.js';

/** MODELPULSE_CACHE_DIR, else $XDG_CACHE_HOME/modelpulse, else ~/.cache/modelpulse. */
export function cacheDir(env: NodeJS.ProcessEnv = process.env): string {
  if (env.MODELPULSE_CACHE_DIR) return env.MODELPULSE_CACHE_DIR;
  return join(env.XDG_CACHE_HOME || join(homedir(), '.cache'), 'modelpulse');
}

const fileFor = (dir: string, url: string) => join(dir, `${createHash('sha256').update(url).digest('hex').slice(0, 32)}.json`);

function isAnswer(value: unknown, url: string): value is CachedAnswer {
  const a = value as Partial<CachedAnswer> | null;
  return a !== null && typeof a === 'object' && a.url === url && typeof a.status === 'number' && typeof a.body === 'string' && typeof a.contentType === 'string' && typeof a.expiresAt === 'number';
}

export function diskCache(dir: string): ResponseCache {
  return {
    async get(url) {
      try {
        const parsed: unknown = JSON.parse(await readFile(fileFor(dir, url), 'utf8'));
        return isAnswer(parsed, url) ? parsed : null;
      } catch {
        return null;
      }
    },
    async set(answer) {
      // A cache that cannot be written (read-only home, full disk) costs speed, not the answer.
      try {
        await mkdir(dir, { recursive: true });
        const file = fileFor(dir, answer.url);
        const temp = `${file}.${process.pid}.tmp`;
        await writeFile(temp, JSON.stringify(answer));
        await rename(temp, file);
      } catch {
        // ignored on purpose: see above
      }
    },
  };
}
