import { describe, expect, it } from 'vitest';
import type { ModelRecord, PricePoint } from '../models/types.js';
import type { ServiceHistory } from '../status/history.js';
import { emptyHistory } from '../status/history.js';
import { mergeModelRecord, mergePublish, mergeServiceHistory, mergeSources, mergeTraffic } from './state-merge.js';

const at = (hhmm: string) => `2026-09-01T${hhmm}:00Z`;
const price = (time: string, input: number): PricePoint => ({ at: at(time), input, output: input * 2, cache_read: null, cache_write: null });
const record = (history: PricePoint[], extra: Partial<ModelRecord> = {}): ModelRecord =>
  ({ id: 'a/one', name: 'One', price_history: history, delisted_at: null, endpoints: { updated_at: null, items: [] }, ...extra }) as ModelRecord;
const inputs = (r: ModelRecord) => r.price_history.map((p) => `${p.at.slice(11, 16)} ${p.input}`);

describe('merging two runs that saved the state at once', () => {
  const base = [price('00:00', 1)];

  it('keeps every price observation of both runs, in time order', () => {
    // The later run (00:30) saw a cut to 0.5; the earlier one (00:15) a rise to 2 in between.
    const merged = mergeModelRecord(record([...base, price('00:30', 0.5)], { name: 'One (new)' }), record([...base, price('00:15', 2)]), at('00:30'));
    expect(inputs(merged)).toEqual(['00:00 1', '00:15 2', '00:30 0.5']);
    expect(merged.name).toBe('One (new)');
  });

  it("records the later run's price when it saw the price back where it was", () => {
    // 00:15 saw a rise; 00:30 still saw the old price (its record unchanged): the price came back.
    expect(inputs(mergeModelRecord(record(base), record([...base, price('00:15', 2)]), at('00:30')))).toEqual(['00:00 1', '00:15 2', '00:30 1']);
    // The other way round nothing is added: the rise at 00:30 is the newest word.
    expect(inputs(mergeModelRecord(record([...base, price('00:30', 2)]), record(base), at('00:30')))).toEqual(['00:00 1', '00:30 2']);
  });

  it('counts the same change seen by both runs once, at its first sighting', () => {
    expect(inputs(mergeModelRecord(record([...base, price('00:30', 2)]), record([...base, price('00:15', 2)]), at('00:30')))).toEqual(['00:00 1', '00:15 2']);
  });

  it('takes the status of the run that checked later, and keeps the incidents only the other recorded', () => {
    const incident = (id: string, started: string) => ({ id, source: 'official' as const, name: id, status: 'resolved' as const, impact: 'minor' as const, started_at: at(started), updated_at: null, resolved_at: null, url: null });
    const newer: ServiceHistory = { ...emptyHistory('s'), official: { snapshot: null, fetched_at: at('00:30'), last_attempt_at: at('00:30'), error: null }, incidents: [incident('x', '00:20')] };
    const older: ServiceHistory = { ...emptyHistory('s'), official: { snapshot: null, fetched_at: at('00:15'), last_attempt_at: at('00:15'), error: null }, incidents: [incident('y', '00:25'), incident('x', '00:20')] };
    const merged = mergeServiceHistory(older, newer);
    expect(merged.official.last_attempt_at).toBe(at('00:30'));
    expect(merged.incidents.map((i) => i.id)).toEqual(['y', 'x']);
  });

  it('keeps the later attempt per source and every deploy', () => {
    const s = (t: string) => ({ last_attempt_at: at(t), last_success_at: at(t), ok: true, error: null });
    expect(mergeSources({ openrouter: s('00:30'), litellm: s('00:15') }, { openrouter: s('00:15'), litellm: s('00:30'), status: s('00:30') })).toEqual({ openrouter: s('00:30'), litellm: s('00:30'), status: s('00:30') });
    expect(mergePublish({ last_deploy_at: at('00:15'), deploys: [at('00:00'), at('00:15')] }, { last_deploy_at: at('00:30'), deploys: [at('00:00'), at('00:30')] })).toEqual({ last_deploy_at: at('00:30'), deploys: [at('00:00'), at('00:15'), at('00:30')] });
  });
});

describe('merging the endpoint statistics of two runs', () => {
  const entry = (at: string) => ({ attempted_at: at, succeeded_at: at, error: null, latest: { observed_at: at, endpoints: [] }, day_first: null });
  it('keeps the later read of each model and the slower pace', () => {
    const ours = { pace: { level: 0, resume_at: null }, models: { 'a/x': entry('2026-08-25T10:00:00Z'), 'a/y': entry('2026-08-25T10:15:00Z') } };
    const theirs = { pace: { level: 2, resume_at: null }, models: { 'a/x': entry('2026-08-25T10:15:00Z'), 'a/y': entry('2026-08-25T10:00:00Z'), 'a/z': entry('2026-08-25T10:00:00Z') } };
    const merged = mergeTraffic(ours, theirs);
    expect(Object.fromEntries(Object.entries(merged.models).map(([id, e]) => [id, e.attempted_at]))).toEqual({ 'a/x': '2026-08-25T10:15:00Z', 'a/y': '2026-08-25T10:15:00Z', 'a/z': '2026-08-25T10:00:00Z' });
    expect(merged.pace).toEqual({ level: 2, resume_at: null });
  });
});
