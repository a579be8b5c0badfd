import { describe, expect, it } from 'vitest';
import { ambiguousNames, factNameClaims, liteLlmApiName, nameKey, nameOwners } from './api-names.js';
import type { ModelFacts } from './facts.js';

function fact(source: ModelFacts['source'], key: string, provider: string | null, name: string, extra: Partial<ModelFacts> = {}): ModelFacts {
  return { source, source_key: key, provider, author: null, model_name: name, price: null, price_tiers: [], context_length: null, max_output: null, retirement_date: null, deprecated: false, benchmarks: {}, ...extra };
}

const claims = (f: ModelFacts) => factNameClaims(f).map((c) => `${c.provider} ${c.name} ${c.strength} ${c.place.kind}${c.place.region === null ? '' : ` ${c.place.region}`}`);

describe('API names from the sources', () => {
  it("reads LiteLLM's keys without its routing segments: region paths, data zones, commitments", () => {
    expect(liteLlmApiName('bedrock/us-east-1/anthropic.claude-3-haiku-20240307-v1:0', 'amazon-bedrock')).toBe('anthropic.claude-3-haiku-20240307-v1:0');
    expect(liteLlmApiName('azure/eu/gpt-4o-2024-08-06', 'azure')).toBe('gpt-4o-2024-08-06');
    expect(liteLlmApiName('azure/global-standard/gpt-4o-mini', 'azure')).toBe('gpt-4o-mini');
    expect(liteLlmApiName('bedrock/*/1-month-commitment/cohere.command-text-v14', 'amazon-bedrock')).toBe('cohere.command-text-v14');
    expect(liteLlmApiName('vertex_ai/claude-opus-4@20250514', 'google-vertex')).toBe('claude-opus-4@20250514');
    expect(liteLlmApiName('vertex_ai/meta/llama-4-maverick-17b-128e-instruct-maas', 'google-vertex')).toBe('meta/llama-4-maverick-17b-128e-instruct-maas');
    expect(claims(fact('litellm', 'us.anthropic.claude-sonnet-4-5-20250929-v1:0', 'bedrock_converse', 'x'))).toEqual(['amazon-bedrock us.anthropic.claude-sonnet-4-5-20250929-v1:0 key data_zone us']);
    expect(claims(fact('litellm', 'bedrock/us-gov-west-1/anthropic.claude-3-haiku-20240307-v1:0', 'bedrock', 'x'))).toEqual(['amazon-bedrock anthropic.claude-3-haiku-20240307-v1:0 key regional us-gov-west-1']);
    expect(claims(fact('litellm', 'gemini/gemini-2.5-flash-preview-09-2025', 'gemini', 'x'))).toEqual(['google-ai-studio gemini-2.5-flash-preview-09-2025 key standard']);
    // A fine-tune's name is the buyer's; a benchmark record sells nothing.
    expect(claims(fact('litellm', 'ft:gpt-4o-2024-08-06', 'openai', 'x'))).toEqual([]);
    expect(claims(fact('artificialanalysis', 'openai/gpt-4o', null, 'gpt-4o'))).toEqual([]);
  });

  it("reads genai-prices' id and its match names, models.dev's id and the makers' aliases", () => {
    expect(claims(fact('genai-prices', 'openai/gpt-4o', 'openai', 'gpt-4o', { names: ['gpt-4o-2024-08-06', 'gpt-4o-2024-11-20'] }))).toEqual([
      'openai gpt-4o key standard',
      'openai gpt-4o-2024-08-06 listed standard',
      'openai gpt-4o-2024-11-20 listed standard',
    ]);
    expect(claims(fact('genai-prices', 'aws/global.anthropic.claude-sonnet-4-5-20250929-v1:0', 'aws', 'global.anthropic.claude-sonnet-4-5-20250929-v1:0', { names: ['eu.anthropic.claude-sonnet-4-5-20250929-v1:0'] }))).toEqual([
      'amazon-bedrock global.anthropic.claude-sonnet-4-5-20250929-v1:0 key standard',
      // genai-prices prices every name its match takes at the record's price: the record's place.
      'amazon-bedrock eu.anthropic.claude-sonnet-4-5-20250929-v1:0 listed standard',
    ]);
    expect(claims(fact('modelsdev', 'amazon-bedrock/amazon.nova-pro-v1:0', 'amazon-bedrock', 'amazon.nova-pro-v1:0'))).toEqual(['amazon-bedrock amazon.nova-pro-v1:0 key standard']);
    const lifecycle = { source_url: 'https://docs.mistral.ai', announced_at: null, deprecated_at: null, state: 'GA', note: null, replacement: null, replacement_names: [], aliases: ['codestral-latest'], display_name: null };
    expect(claims(fact('mistral-deprecations', 'codestral-2508', 'mistral', 'codestral-2508', { lifecycle }))).toEqual(['mistral codestral-2508 key standard', 'mistral codestral-latest listed standard']);
    // Prose is not a name.
    expect(claims(fact('modelsdev', 'x/a b', 'x', 'Mistral Large 3'))).toEqual([]);
  });

  it("gives a name to the model its sources' own keys name; a name the keys put with two models is ambiguous and reported", () => {
    const byModel = new Map<string, Partial<Record<ModelFacts['source'], ModelFacts[]>>>([
      // genai-prices' family record lists a snapshot that LiteLLM keys as a model of its own: the key decides.
      ['openai/gpt-4o', { 'genai-prices': [fact('genai-prices', 'openai/gpt-4o', 'openai', 'gpt-4o', { names: ['gpt-4o-2024-05-13'] })] }],
      ['openai/gpt-4o-2024-05-13', { litellm: [fact('litellm', 'gpt-4o-2024-05-13', 'openai', 'gpt-4o-2024-05-13')] }],
      // Two sources key one name to two models: reported, resolvable to neither.
      ['mistralai/mistral-large-2407', { litellm: [fact('litellm', 'mistral/mistral-large', 'mistral', 'mistral-large')] }],
      ['mistralai/mistral-large-2411', { modelsdev: [fact('modelsdev', 'mistral/mistral-large', 'mistral', 'mistral-large')] }],
      // The maker lists `mistral-medium-3` among Mistral Medium 3.5's names; genai-prices keys a record of Medium 3 so: the maker decides.
      ['mistralai/mistral-medium-3', { 'genai-prices': [fact('genai-prices', 'mistral/mistral-medium-3', 'mistral', 'mistral-medium-3')] }],
      ['mistralai/mistral-medium-3-5', { 'mistral-deprecations': [fact('mistral-deprecations', 'mistral-medium-3-5', 'mistral', 'mistral-medium-3-5', { lifecycle: { source_url: 'https://docs.mistral.ai', announced_at: null, deprecated_at: null, state: 'GA', note: null, replacement: null, replacement_names: [], aliases: ['mistral-medium-3', 'mistral-medium-latest'], display_name: null } })] }],
    ]);
    const owners = nameOwners(byModel);
    expect(owners.get(nameKey('openai', 'gpt-4o-2024-05-13'))).toMatchObject({ model: 'openai/gpt-4o-2024-05-13', candidates: ['openai/gpt-4o-2024-05-13'] });
    expect(owners.get(nameKey('openai', 'gpt-4o'))?.model).toBe('openai/gpt-4o');
    expect(owners.get(nameKey('mistral', 'mistral-medium-3'))?.model).toBe('mistralai/mistral-medium-3-5');
    expect(ambiguousNames(owners)).toEqual([
      { provider: 'mistral', name: 'mistral-large', candidates: ['mistralai/mistral-large-2407', 'mistralai/mistral-large-2411'], sources: ['litellm mistral/mistral-large → mistralai/mistral-large-2407', 'modelsdev mistral/mistral-large → mistralai/mistral-large-2411'] },
    ]);
  });
});
