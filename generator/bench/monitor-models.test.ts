/**
 * The simulation's OpenRouter speaks the real format: the monitor's own checks and bounds read
 * its endpoint statistics, and the model's state judged from them falls and recovers as the
 * script says, as OpenRouter's rolling windows would. Cheap: no runtime, no timed assertion.
 */
import { describe, expect, it } from 'vitest';
import { boundEndpointFigures, endpointsOfAnswer } from '../status/endpoint-stats.js';
import { judgeModelState } from '../status/model-state.js';
import { loadModelRecords } from '../store/data-store.js';
import { tempDir } from '../testing/tree.js';
import { endpointsBody, failuresOf, HOT_MODELS, modelScript, seedWorldCatalog, uptimePercent, worldModels, type WorldModel } from './monitor-models.js';
import { modelSummary, type ModelChangeSeen } from './monitor-sim.js';

const models = worldModels(120);
const T0 = Date.parse('2026-11-28T00:00:00Z');
const script = modelScript(models, 600);

function stateAt(model: WorldModel, at: number) {
  const answer = endpointsOfAnswer(endpointsBody(model, failuresOf(script, T0, at), at), model.id);
  if ('refused' in answer) throw new Error(answer.refused);
  const bounded = boundEndpointFigures(answer.endpoints, model.id);
  expect(bounded.issues).toEqual([]);
  const now = new Date(at).toISOString().replace(/\.\d{3}Z$/, 'Z');
  return judgeModelState({ incidents: [], figures: { observed_at: now, endpoints: bounded.endpoints }, now });
}

describe("the simulation's OpenRouter", () => {
  it('lists the most used models with three providers and the long tail with one', () => {
    expect(models.slice(0, HOT_MODELS).every((m) => m.providers.length === 3)).toBe(true);
    expect(models.at(-1)!.providers).toHaveLength(1);
    expect(new Set(models.map((m) => m.id)).size).toBe(120);
  });

  it("gives uptime as the share of each window not failing", () => {
    expect(uptimePercent([], T0, 300_000)).toBe(100);
    expect(uptimePercent([{ from: T0 - 60_000, to: null }], T0, 300_000)).toBe(80);
    expect(uptimePercent([{ from: T0 - 600_000, to: T0 - 60_000 }], T0, 300_000)).toBe(20);
  });

  it('scripts four failures of each class, each recovering, and the judged state follows the windows', () => {
    const fails = script.filter((c) => c.kind === 'fails');
    expect(fails.map((c) => c.class)).toEqual(['most used', 'long tail', 'most used', 'long tail', 'most used', 'long tail', 'most used', 'long tail']);
    expect(script.filter((c) => c.kind === 'recovers')).toHaveLength(8);
    const hot = fails[0]!;
    const tail = fails[1]!;
    const model = (id: string) => models.find((m) => m.id === id)!;
    const at = (change: { at: number }, s: number) => T0 + (change.at + s) * 1000;
    expect(stateAt(model(hot.model), at(hot, -1)).state).toBe('operational');
    // Two of three providers fail: within a minute their 5-minute uptime is under 95%: most are failing.
    expect(stateAt(model(hot.model), at(hot, 60))).toMatchObject({ state: 'degraded', reason: 'most_providers_failing' });
    expect(stateAt(model(tail.model), at(tail, 600))).toMatchObject({ state: 'outage', reason: 'all_providers_down' });
    // After the recovery the 5-minute window climbs back: up again once 95% of it is clean.
    const back = script.find((c) => c.kind === 'recovers' && c.model === tail.model)!;
    expect(stateAt(model(tail.model), at(back, 60)).state).not.toBe('operational');
    expect(stateAt(model(tail.model), at(back, 290)).state).toBe('operational');
  });

  it('summarizes each kind and class on the later of the two answers, never-seen as no max', () => {
    const seen = (kind: 'fails' | 'recovers', cls: 'most used' | 'long tail', detailS: number | null, listS: number | null): ModelChangeSeen => ({ at: 0, model: 'x/y', class: cls, kind, providers: [], what: '', detailS, listS });
    const rows = modelSummary([seen('fails', 'most used', 30, 40), seen('fails', 'most used', 90, 60), seen('fails', 'long tail', 200, 200), seen('recovers', 'long tail', null, 300)]);
    expect(rows.find((r) => r.kind === 'fails' && r.class === 'most used')).toMatchObject({ p50S: 40, maxS: 90 });
    expect(rows.find((r) => r.kind === 'fails' && r.class === 'all')).toMatchObject({ p50S: 90, maxS: 200 });
    expect(rows.find((r) => r.kind === 'recovers' && r.class === 'long tail')).toMatchObject({ p50S: null, maxS: null });
  });

  it('seeds the catalog with each model\'s providers, the rotation\'s usage signal', async () => {
    const dir = await tempDir('monitor-models');
    await seedWorldCatalog(dir, models.slice(0, 40), '2026-11-28T00:00:00Z');
    const records = (await loadModelRecords(dir)).models;
    expect(records.get(models[0]!.id)!.endpoints.items).toHaveLength(3);
    expect(records.get(models[39]!.id)!.endpoints.items).toHaveLength(1);
  });
});
