import { loadDataset } from '../store/data-store.js';
import { renderApi } from '../render/site.js';
import { serializeSite, writeSiteAtomically } from './write-site.js';

export interface BuildOptions {
  dataDir: string;
  outDir: string;
  siteUrl: string;
}

export interface BuildReport {
  files: number;
  bytes: number;
}

/** data/ → validated files → outDir/api, atomically. No network, no clock. */
export async function buildSite(options: BuildOptions): Promise<BuildReport> {
  const dataset = await loadDataset(options.dataDir);
  const files = serializeSite(renderApi(dataset, { siteUrl: options.siteUrl }), options.siteUrl);
  await writeSiteAtomically(options.outDir, files);
  let bytes = 0;
  for (const content of files.values()) bytes += Buffer.byteLength(content);
  return { files: files.size, bytes };
}
