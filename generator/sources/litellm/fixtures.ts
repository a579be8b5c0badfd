/**
 * Test fixtures in the format of LiteLLM's `model_prices_and_context_window.json` (as published in
 * 2026), written by hand and kept small. Records carry the fields real chat records carry (prices
 * per token as JSON numbers, limits, `supports_*` flags); tests override or add what they need.
 */

export interface FixtureRecordOptions {
  provider: string;
  mode?: string;
  input?: unknown;
  output?: unknown;
  max_input_tokens?: number | null;
  max_output_tokens?: number | null;
  /** Extra or replacing fields: cache prices, tiers, `deprecation_date`, broken values. */
  fields?: Record<string, unknown>;
}

export function llmRecord(options: FixtureRecordOptions): Record<string, unknown> {
  const record: Record<string, unknown> = {
    input_cost_per_token: options.input === undefined ? 1e-6 : options.input,
    litellm_provider: options.provider,
    max_input_tokens: options.max_input_tokens === undefined ? 128000 : options.max_input_tokens,
    max_output_tokens: options.max_output_tokens === undefined ? 16384 : options.max_output_tokens,
    max_tokens: options.max_output_tokens === undefined ? 16384 : options.max_output_tokens,
    mode: options.mode ?? 'chat',
    output_cost_per_token: options.output === undefined ? 2e-6 : options.output,
    supports_function_calling: true,
    supports_response_schema: true,
    supports_system_messages: true,
    supports_tool_choice: true,
    supports_vision: false,
  };
  return { ...record, ...options.fields };
}

/** The documentation entry LiteLLM keeps as the file's first key (strings where numbers go). */
export const SAMPLE_SPEC = {
  deprecation_date: 'date when the model becomes deprecated in the format YYYY-MM-DD',
  input_cost_per_token: 0.0,
  litellm_provider: 'one of https://docs.litellm.ai/docs/providers',
  max_input_tokens: 'max input tokens, if the provider specifies it. if not default to max_tokens',
  max_output_tokens: 'max output tokens, if the provider specifies it. if not default to max_tokens',
  max_tokens: 'LEGACY parameter. set to max_output_tokens if provider specifies it. IF not set to max_input_tokens, if provider specifies it.',
  mode: 'one of: chat, embedding, completion, image_generation, audio_transcription, audio_speech, image_generation, moderation, rerank, search',
  output_cost_per_token: 0.0,
  supports_function_calling: true,
  supports_vision: true,
} as const;

/** A whole file: the documentation entry first, then the records in the given order. */
export function llmFile(records: Record<string, unknown>): Record<string, unknown> {
  return { sample_spec: SAMPLE_SPEC, ...records };
}

/** A small realistic file: first-party, hosted, long-context tiers, a dated deprecation, non-chat entries. */
export function llmCatalog(): Record<string, unknown> {
  return llmFile({
    'gpt-4o': llmRecord({
      provider: 'openai',
      input: 2.5e-6,
      output: 1e-5,
      fields: { cache_read_input_token_cost: 1.25e-6, input_cost_per_token_priority: 4.25e-6, supports_vision: true },
    }),
    'azure/gpt-4o': llmRecord({ provider: 'azure', input: 2.5e-6, output: 1e-5, fields: { cache_read_input_token_cost: 1.25e-6 } }),
    'claude-sonnet-4-5': llmRecord({
      provider: 'anthropic',
      input: 3e-6,
      output: 1.5e-5,
      max_input_tokens: 200000,
      max_output_tokens: 64000,
      fields: {
        cache_creation_input_token_cost: 3.75e-6,
        cache_creation_input_token_cost_above_1hr: 6e-6,
        cache_creation_input_token_cost_above_1hr_above_200k_tokens: 1.2e-5,
        cache_read_input_token_cost: 3e-7,
        input_cost_per_token_above_200k_tokens: 6e-6,
        output_cost_per_token_above_200k_tokens: 2.25e-5,
        cache_creation_input_token_cost_above_200k_tokens: 7.5e-6,
        cache_read_input_token_cost_above_200k_tokens: 6e-7,
      },
    }),
    'gemini/gemini-2.5-pro': llmRecord({
      provider: 'gemini',
      input: 1.25e-6,
      output: 1e-5,
      max_input_tokens: 1048576,
      max_output_tokens: 65535,
      fields: {
        cache_read_input_token_cost: 1.25e-7,
        cache_read_input_token_cost_above_200k_tokens: 2.5e-7,
        input_cost_per_token_above_200k_tokens: 2.5e-6,
        output_cost_per_token_above_200k_tokens: 1.5e-5,
        input_cost_per_token_above_200k_tokens_priority: 2.5e-6,
      },
    }),
    'groq/llama-3.3-70b-versatile': llmRecord({ provider: 'groq', input: 5.9e-7, output: 7.9e-7, fields: { deprecation_date: '2026-09-30' } }),
    'xai/grok-4-1-fast': llmRecord({ provider: 'xai', input: 2e-7, output: 5e-7, max_input_tokens: 2000000.0, max_output_tokens: 2000000.0 }),
    'text-embedding-3-small': { input_cost_per_token: 2e-8, litellm_provider: 'openai', max_input_tokens: 8191, mode: 'embedding', output_cost_per_token: 0.0, output_vector_size: 1536 },
    'fireworks-ai-up-to-4b': { input_cost_per_token: 2e-7, litellm_provider: 'fireworks_ai', output_cost_per_token: 2e-7 },
  });
}
