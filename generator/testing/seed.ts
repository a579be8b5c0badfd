import { mergeCatalog } from '../models/merge.js';
import { orModelsPage } from '../sources/openrouter/fixtures.js';
import { parseCatalog, parseModelsPage } from '../sources/openrouter/parse.js';
import { translateCatalog } from '../sources/openrouter/translate.js';
import { saveModels, saveSources } from '../store/data-store.js';
import type { ModelRecord } from '../models/types.js';

/**
 * Writes a data/ catalog the way `update` makes one (fixtures in OpenRouter's format → parse →
 * translate → merge → store), observed at `now`, with OpenRouter recorded as a good source.
 * Merged into `previous` (the catalog a former call returned), so price history builds up.
 */
export async function seedCatalog(dataDir: string, models: object[], now: string, previous: ReadonlyMap<string, ModelRecord> = new Map()): Promise<ReadonlyMap<string, ModelRecord>> {
  const observation = translateCatalog(parseCatalog([parseModelsPage(orModelsPage(models), 'fixture')], 'fixture'));
  const merged = mergeCatalog(previous, observation, { now, maxDelistShare: 0.2, force: false });
  await saveModels(dataDir, merged.models.values());
  const listed = [...merged.models.values()].filter((m) => m.delisted_at === null).length;
  await saveSources(dataDir, { openrouter: { last_attempt_at: now, last_success_at: now, ok: true, error: null, items: listed } });
  return merged.models;
}
