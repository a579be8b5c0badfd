import { describe, expect, it } from 'vitest';
import type { ModelFacts } from './facts.js';
import { matchFacts, readKey } from './identity-match.js';
import { IDENTITY_CONTEXT, IDENTITY_LABEL_IDS, IDENTITY_LABELS, scoreIdentity, type LabelledKey } from './identity-labels.js';

function fact({ source, key, provider, author }: Omit<LabelledKey, 'label' | 'model_id'>, retirement: string | null = null): ModelFacts {
  return {
    source,
    source_key: key,
    provider,
    author,
    model_name: source === 'modelsdev' ? key.slice(key.indexOf('/') + 1) : key,
    price: null,
    price_tiers: [],
    context_length: null,
    max_output: null,
    retirement_date: retirement,
    deprecated: retirement !== null,
    benchmarks: {},
  };
}

/** Every labelled record once (a key can carry several labels), plus the records around them. */
function labelledFacts(): ModelFacts[] {
  const seen = new Map<string, ModelFacts>();
  for (const record of [...IDENTITY_LABELS, ...IDENTITY_CONTEXT]) seen.set(`${record.source} ${record.key}`, fact(record));
  return [...seen.values()];
}

describe('identity rules', () => {
  it('reads provider prefixes, Bedrock regions, version tails and Vertex snapshots', () => {
    expect(readKey(fact({ source: 'litellm', key: 'apac.anthropic.claude-sonnet-4-20250514-v1:0', provider: 'bedrock_converse', author: null }))).toEqual({
      author: 'anthropic',
      name: 'claude-sonnet-4-20250514',
      snapshot: null,
    });
    expect(readKey(fact({ source: 'modelsdev', key: 'google-vertex/claude-opus-4-1@20250805', provider: 'google-vertex', author: null }))).toEqual({
      author: null,
      name: 'claude-opus-4-1',
      snapshot: '20250805',
    });
    expect(readKey(fact({ source: 'litellm', key: 'deepinfra/google/gemini-2.5-pro', provider: 'deepinfra', author: null }))?.author).toBe('google');
    expect(readKey(fact({ source: 'artificialanalysis', key: 'anthropic/claude-4-1-opus', provider: null, author: 'anthropic' }))?.name).toBe('claude-opus-4-1');
  });

  it('scores precision 1 and full recall on the labelled set', () => {
    const score = scoreIdentity(matchFacts(labelledFacts(), IDENTITY_LABEL_IDS).matches, IDENTITY_LABELS);
    expect(score.errors).toEqual([]);
    expect(score.precision).toBe(1);
    expect(score.recall).toBe(1);
    expect(score.positives).toBeGreaterThan(20);
  });

  it('lets a first-party date set the model only through an exact key, a reasoning pair or the one dated snapshot', () => {
    const { matches } = matchFacts(labelledFacts(), IDENTITY_LABEL_IDS);
    const sets = (key: string) => matches.find((m) => m.source_key === key)?.sets_model_retirement;
    expect(sets('claude-sonnet-4-20250514')).toBe(true);
    expect(sets('xai/grok-4-fast-reasoning')).toBe(true);
    expect(sets('anthropic.claude-sonnet-4-20250514-v1:0')).toBe(false); // Bedrock's copy
    expect(sets('xai/grok-3-latest')).toBe(false); // an alias floats
  });

  it('lists ambiguous records instead of guessing', () => {
    const { ambiguous } = matchFacts(labelledFacts(), IDENTITY_LABEL_IDS);
    // Three dated gpt-4o snapshots at Azure: none stands for gpt-4o (the one OpenRouter lists by date matches it exactly).
    expect(ambiguous).toEqual(expect.arrayContaining([{ source: 'litellm', source_key: 'azure/gpt-4o-2024-05-13', candidates: ['openai/gpt-4o'] }]));
    // Two of our ids that read the same way: neither is chosen.
    const twins = matchFacts([fact({ source: 'litellm', key: 'reka-edge', provider: 'together_ai', author: null })], ['reka/reka-edge', 'rekaai/reka-edge']);
    expect(twins).toEqual({ matches: [], ambiguous: [{ source: 'litellm', source_key: 'reka-edge', candidates: ['reka/reka-edge', 'rekaai/reka-edge'] }] });
  });
});
