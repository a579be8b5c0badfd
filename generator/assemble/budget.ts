/**
 * The site's budgets, checked on the whole rendered site before anything is written (a build over
 * one fails and the previous output stays): the size of each file (bounds/text.ts, and the larger
 * one for catalog-wide lists in bounds/site.ts) and the number of files (bounds/site.ts). The
 * count's error says what the files are and what grew since the last build, so the one who reads
 * it knows whether the catalog, the `cheapest` grid or the website outgrew the hosts.
 */
import { isCatalogList } from '../bounds/site.js';

export interface SizeBudget {
  /** Any file (a model's own is left out and reported when it renders larger, render/site.ts). */
  maxFileBytes: number;
  /** Files that list the whole catalog (bounds/site.ts). */
  maxListFileBytes: number;
}

/** A file over the size budget that no single record is to blame for (a list, a feed): nothing was written. */
export class FileBudgetError extends Error {
  override readonly name = 'FileBudgetError';
  constructor(readonly oversized: Array<{ path: string; bytes: number; maxBytes: number }>) {
    super(`${oversized.length} file(s) over the size budget, nothing written: ${oversized.slice(0, 10).map((f) => `${f.path} (${f.bytes} bytes, budget ${f.maxBytes})`).join(', ')}`);
  }
}

/** Every file within its budget (a model's own file was checked when it was rendered). */
export function checkFileBudget(files: ReadonlyMap<string, string | Buffer>, budget: SizeBudget): void {
  const oversized: Array<{ path: string; bytes: number; maxBytes: number }> = [];
  for (const [path, content] of files) {
    const maxBytes = isCatalogList(path) ? budget.maxListFileBytes : budget.maxFileBytes;
    // A string has at most 3 bytes per UTF-16 unit: most files need no counting at all.
    if (typeof content === 'string' && content.length * 3 <= maxBytes) continue;
    const bytes = typeof content === 'string' ? Buffer.byteLength(content) : content.length;
    if (bytes > maxBytes) oversized.push({ path, bytes, maxBytes });
  }
  if (oversized.length > 0) throw new FileBudgetError(oversized);
}

const KINDS: ReadonlyArray<[kind: string, pattern: RegExp]> = [
  ['cheapest variants', /^api\/v1\/cheapest(?:\.json$|\/)/],
  ['models', /^api\/v1\/models\/[^/]+\/[^/]+$/],
  ['authors', /^api\/v1\/models\/[^/]+$/],
  ['services', /^api\/v1\/(?:status|badges)\//],
  ['other API files', /^api\//],
];

/** What a published file is (relative path), in the words of the count's error. */
export function fileKind(path: string): string {
  return KINDS.find(([, pattern]) => pattern.test(path))?.[0] ?? 'website and host files';
}

export type FileKinds = Record<string, number>;

export function countByKind(paths: Iterable<string>): FileKinds {
  const kinds: FileKinds = {};
  for (const path of paths) {
    const kind = fileKind(path);
    kinds[kind] = (kinds[kind] ?? 0) + 1;
  }
  return kinds;
}

const n = (count: number) => count.toLocaleString('en-US');

/** More files than the hosts take: nothing was written. */
export class FileCountError extends Error {
  override readonly name = 'FileCountError';
  constructor(readonly count: number, readonly maxFiles: number, readonly kinds: FileKinds, readonly previous: FileKinds | null) {
    const names = [...new Set([...Object.keys(kinds), ...Object.keys(previous ?? {})])].sort((a, b) => (kinds[b] ?? 0) - (kinds[a] ?? 0));
    const growth = (kind: string) => (kinds[kind] ?? 0) - (previous?.[kind] ?? 0);
    const grew = previous === null ? [] : names.filter((kind) => growth(kind) > 0).sort((a, b) => growth(b) - growth(a));
    const what = previous === null
      ? 'no earlier build to compare with'
      : grew.length === 0 ? 'nothing grew since the last build' : `grew since the last build: ${grew.map((kind) => `${kind} +${n(growth(kind))} (${n(previous[kind] ?? 0)} → ${n(kinds[kind] ?? 0)})`).join(', ')}`;
    super(
      `the site would publish ${n(count)} files, over the budget of ${n(maxFiles)} (Cloudflare's limit per version, bounds/site.ts); nothing written, the previous output stays. ` +
        `${what}. All files: ${names.map((kind) => `${kind} ${n(kinds[kind] ?? 0)}`).join(', ')}. See docs/hosting.md, "Budget and sources".`,
    );
  }
}

/** The files by kind, when there are at most `maxFiles` of them; `previous`: the last build's count by kind, for the error. */
export function checkFileCount(paths: readonly string[], maxFiles: number, previous: FileKinds | null): FileKinds {
  const kinds = countByKind(paths);
  if (paths.length > maxFiles) throw new FileCountError(paths.length, maxFiles, kinds, previous);
  return kinds;
}
