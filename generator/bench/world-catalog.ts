/**
 * The simulated world's upstream answers, as close to the real site's as data/ allows: the
 * OpenRouter catalog rebuilt from the stored model records (names, descriptions, dates, limits,
 * modalities, capabilities, retirements, indices) at the world's current prices, and the
 * secondary sources and the makers' deprecation pages rebuilt from the stored facts
 * (world-facts.ts, world-makers.ts). Models the world adds are
 * the testing world's plain ones. Each model's offers (its endpoints list) are the recorded
 * providers, else OFFERS_PER_MODEL of them, at the world's price, with a new 1-day uptime at every
 * run: OpenRouter publishes `uptime_last_1d` at full precision over a rolling day, so a real list
 * rarely reads the same twice, and each fetch rewrites the model's record. Pure.
 */
import type { ModelRecord } from '../models/types.js';
import { orEndpoints, orModel, orModelsPage } from '../sources/openrouter/fixtures.js';
import type { Routes } from '../testing/upstream-server.js';
import { worldRoutes, type World, type WorldModel } from '../testing/world.js';
import type { FactsFile } from '../store/facts-store.js';
import { genaiPricesPayload, liteLlmPayload, modelsDevPayload } from './world-facts.js';
import { recordedMakerRoutes } from './world-makers.js';

export interface RecordedWorld {
  /** The stored records the catalog entries are rebuilt from, by model id. */
  records: ReadonlyMap<string, ModelRecord>;
  /** Each secondary source's payload, built once (they do not change during the replay); null: data/ holds no facts of it, the testing world's own answer. */
  litellm: Record<string, unknown> | null;
  modelsdev: Record<string, unknown> | null;
  /** genai-prices' data.json, rebuilt from the stored facts like the others. */
  genaiPrices: unknown[] | null;
  /** The makers' deprecation pages, as many records as data/ holds (built once, like the payloads). */
  makers: Routes;
}

export function recordedWorld(records: ReadonlyMap<string, ModelRecord>, facts: Partial<Record<string, FactsFile>>): RecordedWorld {
  const { litellm, modelsdev, 'genai-prices': genai } = facts;
  return {
    records,
    litellm: litellm ? liteLlmPayload(litellm) : null,
    modelsdev: modelsdev ? modelsDevPayload(modelsdev) : null,
    genaiPrices: genai ? genaiPricesPayload(genai) : null,
    makers: recordedMakerRoutes(facts),
  };
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

/**
 * Offers of a model whose record holds none: OpenRouter lists from one provider (a lab's own
 * model) to more than a dozen (the recorded Kimi K3 list had 14); three is assumed.
 */
export const OFFERS_PER_MODEL = 3;
const ASSUMED_PROVIDERS = ['Alpha', 'Beta', 'Gamma'];
/** The share of 1-day uptimes that read exactly 100% (a provider without a failure that day), assumed. */
export const FULL_UPTIME_SHARE = 0.3;

/** A number in [0, 1) fixed by the text (FNV-1a): the same world on every replay. */
function unitHash(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i += 1) hash = Math.imul(hash ^ text.charCodeAt(i), 0x01000193) >>> 0;
  return hash / 2 ** 32;
}

/** An offer's `uptime_last_1d` (percent, full precision) at run `run`. */
export function offerUptime(modelId: string, provider: string, run: number): number {
  const key = `${modelId}|${provider}|${run}`;
  return unitHash(`${key}|full`) < FULL_UPTIME_SHARE ? 100 : 97 + 3 * unitHash(key);
}

function offersRoute(model: WorldModel, record: ModelRecord | undefined, run: number): Routes[string] {
  const recorded = record?.endpoints.items.map((e) => e.provider) ?? [];
  const providers = recorded.length > 0 ? [...new Set(recorded)] : ASSUMED_PROVIDERS.slice(0, OFFERS_PER_MODEL);
  return { kind: 'json', body: orEndpoints(model.id, providers.map((provider) => ({ provider, prompt: model.prompt, completion: model.completion, uptime: offerUptime(model.id, provider, run) }))) };
}

/** Every route of the world as it is at run `run` (the offers' uptimes move from run to run). */
export function recordedWorldRoutes(world: World, recorded: RecordedWorld, run = 0): Routes {
  const routes: Routes = { ...worldRoutes(world), ...recorded.makers, '/api/v1/models': { kind: 'json', body: orModelsPage(world.models.map((m) => catalogEntry(m, recorded.records.get(m.id)))) } };
  for (const m of world.models) routes[`/api/v1/models/${m.id}/endpoints`] = offersRoute(m, recorded.records.get(m.id), run);
  if (recorded.litellm !== null) routes['/litellm.json'] = { kind: 'json', body: recorded.litellm };
  if (recorded.modelsdev !== null) routes['/modelsdev.json'] = { kind: 'json', body: recorded.modelsdev };
  if (recorded.genaiPrices !== null) routes['/genai-prices.json'] = { kind: 'json', body: recorded.genaiPrices };
  return routes;
}
