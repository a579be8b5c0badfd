/**
 * OpenRouter's side of the edge monitor's simulated world (`npm run simulate -- --monitor`): a
 * catalog of models whose providers OpenRouter lists (the most used with three, then two, the
 * long tail with one: the rotation's usage signal is how many providers a model has), seeded as
 * `update` would and given those providers' endpoints, and each model's endpoint statistics
 * (`GET /models/<id>/endpoints`, OpenRouter's format: sources/openrouter/fixtures.ts) as at the
 * moment of the request. A provider failing a model fails every request: its uptime over the
 * last 5 minutes, 30 minutes and day is the share of that window not failing, so it falls and
 * climbs back as OpenRouter's rolling windows would.
 */
import type { EndpointRecord, ModelRecord } from '../models/types.js';
import { orEndpoints, orModel } from '../sources/openrouter/fixtures.js';
import { saveModels } from '../store/data-store.js';
import { seedCatalog } from '../testing/seed.js';
import type { Reply, Routes } from '../testing/upstream-server.js';

export interface WorldModel {
  id: string;
  name: string;
  /** Provider names, as OpenRouter's `provider_name`. */
  providers: string[];
}

/** A provider failing one model from `from` until `to` (ms of simulated time; null: not yet recovered). */
export interface EndpointFailure {
  model: string;
  provider: string;
  from: number;
  to: number | null;
}

const MAKERS = ['anthropic', 'openai', 'google', 'meta-llama', 'mistralai', 'qwen', 'deepseek', 'x-ai', 'cohere', 'nousresearch'];
const PROVIDERS = ['Together', 'Fireworks', 'DeepInfra', 'Novita', 'Parasail', 'Lambda', 'Nebius', 'Groq'];
/** How many models have three providers, and how many two; the rest one. */
export const HOT_MODELS = 12;
const WARM_MODELS = 24;

/** `count` models: the first HOT_MODELS with three providers, the next WARM_MODELS with two, the long tail with one. */
export function worldModels(count: number): WorldModel[] {
  return Array.from({ length: count }, (_, i) => {
    const maker = MAKERS[i % MAKERS.length]!;
    const n = i < HOT_MODELS ? 3 : i < HOT_MODELS + WARM_MODELS ? 2 : 1;
    return { id: `${maker}/sim-${String(i + 1).padStart(4, '0')}`, name: `Sim ${maker} ${i + 1}`, providers: Array.from({ length: n }, (_, k) => PROVIDERS[(i + k) % PROVIDERS.length]!) };
  });
}

const tagOf = (provider: string) => provider.toLowerCase();

/** Writes the catalog into `dataDir` as `update` would, each model with its providers' endpoints. */
export async function seedWorldCatalog(dataDir: string, models: readonly WorldModel[], at: string): Promise<void> {
  const seeded = await seedCatalog(dataDir, models.map((m) => orModel({ id: m.id, name: m.name, prompt: '0.000001', completion: '0.000002' })), at);
  const byId = new Map(models.map((m) => [m.id, m]));
  const endpoint = (record: ModelRecord, provider: string): EndpointRecord => ({ provider: tagOf(provider), tag: tagOf(provider), price: { input: 1, output: 2, cache_read: null, cache_write: null }, context_length: 131072, max_output: 8192, quantization: null, capabilities: record.capabilities, free: false, uptime_1d: 0.999 });
  await saveModels(dataDir, [...seeded.values()].map((record) => ({ ...record, endpoints: { updated_at: at, items: (byId.get(record.id)?.providers ?? []).map((p) => endpoint(record, p)) } })));
}

const WINDOWS = { uptime_last_5m: 5 * 60_000, uptime_last_30m: 30 * 60_000, uptime_last_1d: 86_400_000 } as const;

/** The share (percent, 2 decimals) of the window ending at `at` in which none of `failures` was failing. */
export function uptimePercent(failures: readonly Pick<EndpointFailure, 'from' | 'to'>[], at: number, windowMs: number): number {
  const start = at - windowMs;
  let failing = 0;
  for (const f of failures) failing += Math.max(0, Math.min(at, f.to ?? at) - Math.max(start, f.from));
  return Math.round(Math.max(0, 1 - failing / windowMs) * 10_000) / 100;
}

/** One model's endpoint statistics as OpenRouter answers them at `at`. */
export function endpointsBody(model: WorldModel, failures: readonly EndpointFailure[], at: number): unknown {
  return orEndpoints(
    model.id,
    model.providers.map((provider) => {
      const own = failures.filter((f) => f.model === model.id && f.provider === provider && f.from <= at);
      const stats = Object.fromEntries(Object.entries(WINDOWS).map(([field, ms]) => [field, uptimePercent(own, at, ms)]));
      return { provider, tag: tagOf(provider), prompt: '0.000001', completion: '0.000002', stats };
    }),
  );
}

/** The routes of every model's statistics below `prefix`, each answered as at `clock()` when asked. */
export function statisticsRoutes(models: readonly WorldModel[], failures: (at: number) => readonly EndpointFailure[], clock: () => number, prefix = '/or'): Routes {
  const routes: Routes = {};
  for (const model of models) {
    const reply: Reply = {
      kind: 'computed',
      reply: () => {
        const at = clock();
        return { kind: 'json', body: endpointsBody(model, failures(at), at) };
      },
    };
    routes[`${prefix}/models/${model.id}/endpoints`] = reply;
  }
  return routes;
}

/** A change of a model's providers `at` seconds after the simulation's start. */
export interface ModelChange {
  at: number;
  model: string;
  class: 'most used' | 'long tail';
  kind: 'fails' | 'recovers';
  /** The providers failing it (from `at` on) or recovering (at `at`). */
  providers: string[];
  what: string;
}

/** How long each scripted failure lasts: longer than the slowest read of the long tail, so every one can be seen. */
export const FAILURE_S = 20 * 60;

/**
 * Eight failures from `startS` on, 87 seconds apart (never on a minute), alternating the most used
 * models (two of their three providers fail them: most of their traffic fails) and the long tail
 * (its only provider fails it), each recovering FAILURE_S later.
 */
export function modelScript(models: readonly WorldModel[], startS: number): ModelChange[] {
  const hot = models.filter((m) => m.providers.length === 3).slice(0, 4);
  const tail = models.filter((m) => m.providers.length === 1);
  const picks = [tail[tail.length - 1], tail[Math.floor(tail.length / 2)], tail[0], tail[Math.floor(tail.length / 4)]].filter((m): m is WorldModel => m !== undefined);
  const changes: ModelChange[] = [];
  for (let i = 0; i < 8; i += 1) {
    const isHot = i % 2 === 0;
    const model = isHot ? hot[i / 2] : picks[(i - 1) / 2];
    if (model === undefined) continue;
    const providers = isHot ? model.providers.slice(0, 2) : model.providers;
    const at = startS + 17 + i * 87;
    const cls = isHot ? 'most used' : 'long tail';
    const who = isHot ? `${providers.join(' and ')} fail it (2 of its 3 providers)` : `${providers[0]}, its only provider, fails it`;
    changes.push({ at, model: model.id, class: cls, kind: 'fails', providers, what: who });
    changes.push({ at: at + FAILURE_S, model: model.id, class: cls, kind: 'recovers', providers, what: 'its providers serve it again' });
  }
  return changes.sort((a, b) => a.at - b.at);
}

/** The failures in force for the changes made by `at` (ms of simulated time since `t0`). */
export function failuresOf(changes: readonly ModelChange[], t0: number, at: number): EndpointFailure[] {
  const out: EndpointFailure[] = [];
  for (const change of changes) {
    if (change.kind !== 'fails' || t0 + change.at * 1000 > at) continue;
    const recovery = changes.find((c) => c.kind === 'recovers' && c.model === change.model && c.at > change.at);
    const to = recovery === undefined || t0 + recovery.at * 1000 > at ? null : t0 + recovery.at * 1000;
    for (const provider of change.providers) out.push({ model: change.model, provider, from: t0 + change.at * 1000, to });
  }
  return out;
}
