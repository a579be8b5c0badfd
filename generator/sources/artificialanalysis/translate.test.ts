import { describe, expect, it } from 'vitest';
import { UpstreamError } from '../../http/errors.js';
import { aaEnvelope, aaModel } from './fixtures.js';
import { parseArtificialAnalysis } from './parse.js';
import type { FactIssue } from '../facts.js';
import type { AaModel } from './schema.js';
import { translateArtificialAnalysis, translateModel } from './translate.js';

const url = 'http://127.0.0.1/api/v2/data/llms/models';

function observe(models: unknown[]) {
  return translateArtificialAnalysis(parseArtificialAnalysis(aaEnvelope(models), url));
}

function schemaFailure(json: unknown): UpstreamError {
  try {
    parseArtificialAnalysis(json, url);
  } catch (error) {
    if (error instanceof UpstreamError) return error;
    throw error;
  }
  throw new Error('expected parseArtificialAnalysis to throw');
}

describe('translateArtificialAnalysis', () => {
  it('turns a record into facts keyed <creator>/<slug>, benchmark-first, sorted by key', () => {
    const { facts, issues } = observe([
      aaModel({ key: 'openai/gpt-oss-120b', name: 'gpt-oss-120b (high)', intelligence_index: 33.3, coding_index: 28.6, math_index: 93.4, input: 0.15, output: 0.6 }),
      aaModel({ key: 'anthropic/claude-opus-4-7', intelligence_index: 57.3 }),
    ]);
    expect(issues).toEqual([]);
    expect(facts.map((f) => f.source_key)).toEqual(['anthropic/claude-opus-4-7', 'openai/gpt-oss-120b']);
    expect(facts[1]).toEqual({
      source: 'artificialanalysis',
      source_key: 'openai/gpt-oss-120b',
      provider: null,
      author: 'openai',
      model_name: 'gpt-oss-120b (high)',
      price: { input: 0.15, output: 0.6, cache_read: null, cache_write: null },
      price_tiers: [],
      context_length: null,
      max_output: null,
      retirement_date: null,
      deprecated: false,
      benchmarks: { intelligence_index: 33.3, coding_index: 28.6, math_index: 93.4 },
      // Its medians of speed, in tokens a second and milliseconds to the first token.
      speed: { output_tps: 120.5, ttft_ms: 610 },
    });
  });

  it('keeps plausible speed medians only, reporting the rest', () => {
    const issues: FactIssue[] = [];
    const fact = translateModel({ ...(aaModel({ key: 'a/odd' }) as unknown as AaModel), median_output_tokens_per_second: -5, median_time_to_first_token_seconds: 0.25 }, issues);
    expect(fact.speed).toEqual({ output_tps: null, ttft_ms: 250 });
    expect(issues.map((i) => i.reason)).toEqual(['median_output_tokens_per_second is not a plausible speed: -5']);
    const none = translateModel({ ...(aaModel({ key: 'a/none' }) as unknown as AaModel), median_output_tokens_per_second: 0, median_time_to_first_token_seconds: null }, []);
    expect(none.speed).toBeUndefined();
  });

  it('reads AA zeros as "no data": an index or price of 0 becomes null without an issue', () => {
    const { facts, issues } = observe([
      aaModel({ key: 'xai/grok-1', intelligence_index: 11.7, coding_index: 0, math_index: null, input: 0, output: 0, blended: 0 }),
      aaModel({ key: 'a/half-priced', input: 0, output: 2 }),
    ]);
    expect(issues).toEqual([]);
    const byKey = Object.fromEntries(facts.map((f) => [f.source_key, f]));
    expect(byKey['xai/grok-1']?.benchmarks).toEqual({ intelligence_index: 11.7, coding_index: null, math_index: null });
    expect(byKey['xai/grok-1']?.price).toBeNull();
    expect(byKey['a/half-priced']?.price).toEqual({ input: null, output: 2, cache_read: null, cache_write: null });
  });

  it('treats missing evaluations and pricing blocks as unknown', () => {
    const record = aaModel({ key: 'a/bare' });
    delete record.evaluations;
    record.pricing = null;
    const { facts, issues } = observe([record]);
    expect(issues).toEqual([]);
    expect(facts[0]).toMatchObject({ price: null, benchmarks: { intelligence_index: null, coding_index: null, math_index: null } });
  });

  it('accepts indices at the edge of 0..100 and flags those outside, keeping the record', () => {
    const { facts, issues } = observe([
      aaModel({ key: 'a/edge', intelligence_index: 100, coding_index: 0.1 }),
      aaModel({ key: 'a/odd', intelligence_index: 100.5, coding_index: -3, math_index: 88 }),
    ]);
    const byKey = Object.fromEntries(facts.map((f) => [f.source_key, f.benchmarks]));
    expect(byKey['a/edge']).toMatchObject({ intelligence_index: 100, coding_index: 0.1 });
    expect(byKey['a/odd']).toEqual({ intelligence_index: null, coding_index: null, math_index: 88 });
    expect(issues).toEqual([
      { source: 'artificialanalysis', source_key: 'a/odd', reason: 'artificial_analysis_intelligence_index is outside 0..100: 100.5' },
      { source: 'artificialanalysis', source_key: 'a/odd', reason: 'artificial_analysis_coding_index is outside 0..100: -3' },
    ]);
  });

  it('rounds binary noise out of prices and flags negative or implausible ones', () => {
    const { facts, issues } = observe([
      aaModel({ key: 'a/noisy', input: 0.1 + 0.2, output: 10_000 }),
      aaModel({ key: 'a/huge', input: 1.5, output: 10_000.01 }),
      aaModel({ key: 'a/negative', input: -1, output: -1 }),
    ]);
    const byKey = Object.fromEntries(facts.map((f) => [f.source_key, f.price]));
    expect(byKey['a/noisy']).toEqual({ input: 0.3, output: 10_000, cache_read: null, cache_write: null });
    expect(byKey['a/huge']).toEqual({ input: 1.5, output: null, cache_read: null, cache_write: null });
    expect(byKey['a/negative']).toBeNull();
    expect(issues.map((i) => `${i.source_key}: ${i.reason}`)).toEqual([
      'a/huge: price_1m_output_tokens is implausible: 10000.01 USD per 1M tokens',
      'a/negative: price_1m_input_tokens is negative: -1',
      'a/negative: price_1m_output_tokens is negative: -1',
    ]);
  });

  it('falls back to the slug when the name is blank', () => {
    const { facts } = observe([aaModel({ key: 'a/unnamed', name: '   ' })]);
    expect(facts[0]?.model_name).toBe('unnamed');
  });

  it('isolates a bad record with an issue and keeps the rest', () => {
    const good = Array.from({ length: 9 }, (_, i) => aaModel({ key: `a/m${i}` }));
    const typo = { ...aaModel({ key: 'a/typed' }), evaluations: { artificial_analysis_intelligence_index: '41.2' } };
    const { facts, issues } = observe([...good, typo]);
    expect(facts).toHaveLength(9);
    expect(issues).toEqual([
      { source: 'artificialanalysis', source_key: 'a/typed', reason: expect.stringMatching(/^record does not match the schema: .*artificial_analysis_intelligence_index must be number,null/) },
    ]);
  });

  it('names unkeyable bad records by id or position, and rejects slugs with a slash', () => {
    const good = Array.from({ length: 12 }, (_, i) => aaModel({ key: `a/m${i}` }));
    const noCreator = { ...aaModel({ key: 'a/x' }), id: 'uuid-1', model_creator: null };
    const slashed = { ...aaModel({ key: 'a/y' }), slug: 'y/../z' };
    const { facts, issues } = observe([...good, noCreator, slashed, 42]);
    expect(facts).toHaveLength(12);
    expect(issues.map((i) => i.source_key)).toEqual(['uuid-1', 'a/y/../z', '#14']);
    expect(issues[1]?.reason).toMatch(/\/slug must match pattern/);
  });

  it('collapses identical duplicates and leaves out conflicting ones', () => {
    const same = aaModel({ key: 'dup/same' });
    const { facts, issues } = observe([same, same, aaModel({ key: 'dup/conflict', intelligence_index: 40 }), aaModel({ key: 'dup/conflict', intelligence_index: 50 }), aaModel({ key: 'a/ok' })]);
    expect(facts.map((f) => f.source_key)).toEqual(['a/ok', 'dup/same']);
    expect(issues.map((i) => `${i.source_key}: ${i.reason}`)).toEqual(['dup/same: 2 identical records; used one', 'dup/conflict: 2 conflicting records share this key; left all out']);
  });
});

describe('parseArtificialAnalysis', () => {
  it('rejects a wrong envelope as invalid_schema', () => {
    for (const json of [[aaModel({ key: 'a/b' })], { models: [aaModel({ key: 'a/b' })] }, { data: 'nope' }, null, 'text']) {
      const error = schemaFailure(json);
      expect(error.kind).toBe('invalid_schema');
      expect(error.detail).toMatch(/^not an Artificial Analysis models list/);
    }
  });

  it('rejects an envelope that reports a non-200 status or no records', () => {
    expect(schemaFailure({ status: 403, data: [] }).detail).toBe('the envelope reports status 403');
    expect(schemaFailure(aaEnvelope([])).detail).toBe('the models list is empty');
  });

  it('fails the response when more than 20% of the records are bad', () => {
    const good = Array.from({ length: 8 }, (_, i) => aaModel({ key: `a/m${i}` }));
    const bad = (i: number) => ({ ...aaModel({ key: `a/b${i}` }), name: 7 });
    expect(parseArtificialAnalysis(aaEnvelope([...good, bad(0), bad(1)]), url).invalid).toHaveLength(2);
    const error = schemaFailure(aaEnvelope([...good, bad(0), bad(1), bad(2)]));
    expect(error).toMatchObject({ kind: 'invalid_schema', source: 'artificialanalysis', url });
    expect(error.detail).toMatch(/^3 of 11 records do not match the model schema \(first: \/name must be string\)/);
  });
});
