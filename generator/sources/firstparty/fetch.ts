/**
 * The only I/O of the deprecation-page adapters: a page's text, or Mistral's definition files
 * (index.ts, then each file it lists, a few at a time), through the shared HTTP client with its
 * timeouts, size cap and retries.
 */
import pLimit from 'p-limit';
import type { HttpClient } from '../../http/client.js';
import { UpstreamError } from '../../http/errors.js';
import type { LifecycleSource } from '../facts.js';
import { definitionFiles, type MistralFiles } from './mistral.js';

/** Mistral's docs list about 70 definitions; far more is not the repository we know. */
export const MAX_MISTRAL_FILES = 300;

export async function fetchPage(http: HttpClient, url: string, source: LifecycleSource): Promise<string> {
  return (await http.request(url, { source })).body;
}

/** `base` is the folder URL (…/src/schema/models/models); the files are fetched four at a time. */
export async function fetchMistralFiles(http: HttpClient, base: string): Promise<MistralFiles> {
  const folder = base.replace(/\/+$/, '');
  const index = await fetchPage(http, `${folder}/index.ts`, 'mistral-deprecations');
  const names = definitionFiles(index);
  if (names.length > MAX_MISTRAL_FILES) {
    throw new UpstreamError({ kind: 'invalid_schema', source: 'mistral-deprecations', url: `${folder}/index.ts`, message: `index.ts lists ${names.length} definitions, more than the ${MAX_MISTRAL_FILES} expected` });
  }
  const limit = pLimit(4);
  const texts = await Promise.all(names.map((name) => limit(() => fetchPage(http, `${folder}/${name}`, 'mistral-deprecations'))));
  return { index, files: Object.fromEntries(names.map((name, i) => [name, texts[i]!])) };
}
