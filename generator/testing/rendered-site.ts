/**
 * A site's responses as buildSite publishes them (rendered from the store the same way, each
 * serialized and checked against its schema as the build does), without writing the site: even a
 * build of a handful of models writes the whole `cheapest` grid, which a test that reads a few
 * responses does not need. What only the written site shows (files, host rules) needs buildSite.
 */
import { renderStore } from '../assemble/build-site.js';
import { serializeSite } from '../assemble/write-site.js';
import type { Host } from '../host/hosts.js';
import type { StoreRef } from '../store/store.js';

export interface RenderedSite {
  /** The published bytes at `path` (below the output directory, `api/v1/…`), parsed. */
  json<T>(path: string): T;
}

export async function renderSite(store: StoreRef, siteUrl: string, host: Host = 'netlify'): Promise<RenderedSite> {
  const { rendered } = await renderStore(store, { siteUrl, host });
  const byPath = new Map(rendered.map((file) => [file.path, file]));
  return {
    json<T>(path: string): T {
      const file = byPath.get(path);
      if (file === undefined) throw new Error(`the site publishes no ${path}`);
      return JSON.parse(serializeSite([file]).get(path)!) as T;
    },
  };
}
