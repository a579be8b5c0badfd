/**
 * The simulated world's upstream answers, as close to the real site's as data/ allows: the
 * OpenRouter catalog rebuilt from the stored model records (names, descriptions, dates, limits,
 * modalities, capabilities, retirements, indices) at the world's current prices, and the
 * secondary sources rebuilt from the stored facts (world-facts.ts). Models the world adds are
 * the testing world's plain ones. Pure.
 */
import type { ModelRecord } from '../models/types.js';
import { orModel, orModelsPage } from '../sources/openrouter/fixtures.js';
import type { Routes } from '../testing/upstream-server.js';
import { worldRoutes, type World, type WorldModel } from '../testing/world.js';
import type { FactsFile } from '../store/facts-store.js';
import { liteLlmPayload, modelsDevPayload } from './world-facts.js';

export interface RecordedWorld {
  /** The stored records the catalog entries are rebuilt from, by model id. */
  records: ReadonlyMap<string, ModelRecord>;
  /** Each secondary source's payload, built once (they do not change during the replay); null: data/ holds no facts of it, the testing world's own answer. */
  litellm: Record<string, unknown> | null;
  modelsdev: Record<string, unknown> | null;
}

export function recordedWorld(records: ReadonlyMap<string, ModelRecord>, facts: { litellm?: FactsFile; modelsdev?: FactsFile }): RecordedWorld {
  return { records, litellm: facts.litellm ? liteLlmPayload(facts.litellm) : null, modelsdev: facts.modelsdev ? modelsDevPayload(facts.modelsdev) : null };
}

/** One catalog entry in OpenRouter's format: the stored record's facts at the world's price. */
function catalogEntry(model: WorldModel, record: ModelRecord | undefined): Record<string, unknown> {
  const entry = orModel({
    id: model.id,
    name: record?.name,
    prompt: model.prompt,
    completion: model.completion,
    context_length: record?.context_length ?? model.context ?? 131072,
    max_completion_tokens: record?.max_output ?? null,
    input_modalities: record?.input_modalities,
    supported_parameters: ['max_tokens', 'temperature', ...(record?.capabilities.tools ? ['tools', 'tool_choice'] : []), ...(record?.capabilities.reasoning ? ['reasoning'] : [])],
    expiration_date: record?.retirement_date ?? null,
    intelligence_index: model.intelligence ?? null,
  });
  if (record === undefined) return entry;
  const cacheRead = record.price_history.at(-1)?.cache_read;
  return {
    ...entry,
    description: record.description,
    created: record.created_at === null ? entry.created : Date.parse(record.created_at) / 1000,
    architecture: { ...(entry.architecture as object), output_modalities: record.output_modalities },
    ...(cacheRead == null ? {} : { pricing: { ...(entry.pricing as object), input_cache_read: String(cacheRead / 1e6) } }),
  };
}

/** Every route of the world as it is now. */
export function recordedWorldRoutes(world: World, recorded: RecordedWorld): Routes {
  const routes: Routes = { ...worldRoutes(world), '/api/v1/models': { kind: 'json', body: orModelsPage(world.models.map((m) => catalogEntry(m, recorded.records.get(m.id)))) } };
  if (recorded.litellm !== null) routes['/litellm.json'] = { kind: 'json', body: recorded.litellm };
  if (recorded.modelsdev !== null) routes['/modelsdev.json'] = { kind: 'json', body: recorded.modelsdev };
  return routes;
}
