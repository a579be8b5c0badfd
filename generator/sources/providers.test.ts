import { describe, expect, it } from 'vitest';
import { offerPlace, providerId, providerName } from './providers.js';

describe('providers across sources', () => {
  it('gives one id per provider whatever the source calls it', () => {
    expect(['bedrock', 'bedrock_converse', 'amazon-bedrock', 'Amazon Bedrock'].map(providerId)).toEqual(['amazon-bedrock', 'amazon-bedrock', 'amazon-bedrock', 'amazon-bedrock']);
    expect(['azure', 'azure_ai', 'vertex_ai-anthropic_models', 'gemini', 'google', 'fireworks_ai', 'fireworks/fast', 'together_ai', 'togetherai'].map(providerId)).toEqual([
      'azure', 'azure', 'google-vertex', 'google-ai-studio', 'google-ai-studio', 'fireworks', 'fireworks', 'together', 'together',
    ]);
    // genai-prices' names: its `google` is the Gemini API (AI Studio), `aws` is Bedrock.
    expect(['aws', 'google', 'x-ai', 'zhipuai', 'moonshotai', 'huggingface_novita'].map(providerId)).toEqual(['amazon-bedrock', 'google-ai-studio', 'xai', 'z-ai', 'moonshotai', 'huggingface-novita']);
    expect(providerName('huggingface-novita')).toBe('Hugging Face (NovitaAI)');
    expect(providerName('amazon-bedrock')).toBe('Amazon Bedrock');
    expect(providerName('someone-new', 'Someone New')).toBe('Someone New');
  });

  it('reads where a price holds from the key: regional, data-zone, commitment and fine-tune keys are never standard', () => {
    expect(offerPlace('bedrock/us-gov-east-1/anthropic.claude-sonnet-4-5-20250929-v1:0')).toEqual({ kind: 'regional', region: 'us-gov-east-1' });
    expect(offerPlace('bedrock/us-east-1/1-month-commitment/anthropic.claude-v2:1')).toEqual({ kind: 'provisioned', region: 'us-east-1' });
    expect(offerPlace('bedrock/*/6-month-commitment/cohere.command-text-v14')).toEqual({ kind: 'provisioned', region: null });
    expect(offerPlace('us.anthropic.claude-opus-4-6-v1')).toEqual({ kind: 'data_zone', region: 'us' });
    expect(offerPlace('amazon-bedrock/eu.anthropic.claude-opus-4-6-v1')).toEqual({ kind: 'data_zone', region: 'eu' });
    expect(offerPlace('global.anthropic.claude-opus-4-7')).toEqual({ kind: 'standard', region: null });
    // genai-prices' in-region Bedrock prices (10% above the global ones) name no region.
    expect(offerPlace('aws/regional.anthropic.claude-sonnet-5-v1:0')).toEqual({ kind: 'regional', region: null });
    expect(offerPlace('azure/eu/gpt-4o-2024-08-06')).toEqual({ kind: 'data_zone', region: 'eu' });
    expect(offerPlace('azure/ft:gpt-4o')).toEqual({ kind: 'fine_tune', region: null });
    // genai-prices' price of the fine-tunes of a base model: a price, not an API name.
    expect(offerPlace('openai/gpt-4o-mini-2024-07-18.ft-')).toEqual({ kind: 'fine_tune', region: null });
    expect(offerPlace('gpt-4o-batch')).toEqual({ kind: 'batch', region: null });
    expect(offerPlace('anthropic.claude-sonnet-4-20250514-v1:0')).toEqual({ kind: 'standard', region: null });
  });
});
