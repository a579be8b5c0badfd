import { describe, expect, it } from 'vitest';
import { cutUsages } from './cut-genai-usages.js';

// Entries in usages.json's shape: a body, and per API flavour the providers that extract it and price it.
const entry = (file: string, model: string | undefined, groups: Array<{ usage: Record<string, number>; priced: Array<[string, string, string]>; unpriced?: string[] }>) => ({
  body: { file, ...(model === undefined ? {} : { model }) },
  ...(model === undefined ? {} : { model }),
  extracted: groups.map((g) => ({ usage: g.usage, extractors: [...g.priced.map(([provider_id, input_price, output_price]) => ({ api_flavor: 'default', provider_id, input_price, output_price })), ...(g.unpriced ?? []).map((provider_id) => ({ api_flavor: 'chat', provider_id }))] })),
});
const providers = [{ id: 'anthropic', model_match: { contains: 'claude' } }, { id: 'aws' }, { id: 'openai', model_match: { starts_with: 'gpt-' } }, { id: 'azure' }, { id: 'google', model_match: { contains: 'gemini' } }];

describe('cutUsages', () => {
  it("keeps each priced response at the provider genai-prices finds for its name, the counts priced, identical rows once", () => {
    const usage = { input_tokens: 14, output_tokens: 65, input_text_tokens: 14, output_reasoning_tokens: 0 };
    const rows = cutUsages([
      entry('models/anthropic/cassettes/test_output/a.yaml', 'claude-sonnet-4-5-20250929', [{ usage, priced: [['anthropic', '0.000042', '0.000975'], ['aws', '0.0000462', '0.0010725']] }]),
      entry('models/anthropic/cassettes/test_output/b.yaml', 'claude-sonnet-4-5-20250929', [{ usage, priced: [['anthropic', '0.000042', '0.000975']] }]),
      // No model_match takes it: the cassette's module names the provider.
      entry('models/cassettes/test_openai_responses/c.yaml', 'computer-use-preview-2025-03-11', [{ usage: { input_tokens: 1, output_tokens: 2 }, priced: [['azure', '0.000003', '0.000024'], ['openai', '0.000003', '0.000024']] }]),
      // Unpriced, or without a model: nothing to judge.
      entry('models/cassettes/test_groq/d.yaml', 'groq/compound', [{ usage: { input_tokens: 1, output_tokens: 1 }, priced: [], unpriced: ['groq'] }]),
      entry('models/cassettes/test_bedrock/e.yaml', undefined, [{ usage: { input_tokens: 1, output_tokens: 1 }, priced: [], unpriced: ['aws'] }]),
    ], providers);
    expect(rows).toEqual([
      ['anthropic', 'claude-sonnet-4-5-20250929', { input_tokens: 14, output_tokens: 65 }, '0.000042', '0.000975', 2],
      ['openai', 'computer-use-preview-2025-03-11', { input_tokens: 1, output_tokens: 2 }, '0.000003', '0.000024', 1],
    ]);
  });
});
