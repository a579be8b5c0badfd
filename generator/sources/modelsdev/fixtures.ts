/**
 * Test fixtures in the format of models.dev's `api.json` (as published in 2026), written by hand
 * and kept small. Models carry the fields real ones carry (cost per 1M tokens, limit, modalities,
 * dates, capability flags); tests override or add what they need.
 */

export interface FixtureModelOptions {
  id: string;
  name?: string;
  /** The whole `cost` object, or null to leave it out (models.dev omits it for unpriced models). */
  cost?: Record<string, unknown> | null;
  context?: number;
  output?: number;
  status?: string;
  output_modalities?: string[];
  release_date?: string;
  /** Extra or replacing fields, including broken ones. */
  fields?: Record<string, unknown>;
}

export function mdModel(options: FixtureModelOptions): Record<string, unknown> {
  const model: Record<string, unknown> = {
    attachment: false,
    family: options.id.split(/[-.]/)[0],
    id: options.id,
    knowledge: '2025-01',
    last_updated: options.release_date ?? '2026-01-15',
    limit: { context: options.context ?? 128000, output: options.output ?? 16384 },
    modalities: { input: ['text'], output: options.output_modalities ?? ['text'] },
    name: options.name ?? options.id,
    open_weights: false,
    reasoning: false,
    release_date: options.release_date ?? '2026-01-15',
    temperature: true,
    tool_call: true,
  };
  if (options.cost !== null) model.cost = options.cost ?? { input: 1, output: 2 };
  if (options.status !== undefined) model.status = options.status;
  return { ...model, ...options.fields };
}

export function mdProvider(id: string, models: Record<string, unknown>[], name = id): Record<string, unknown> {
  return {
    doc: `https://${id}.example/docs/models`,
    env: [`${id.toUpperCase().replace(/-/g, '_')}_API_KEY`],
    id,
    models: Object.fromEntries(models.map((m) => [String(m.id), m])),
    name,
    npm: '@ai-sdk/openai-compatible',
  };
}

export function mdApi(providers: Record<string, unknown>[]): Record<string, unknown> {
  return Object.fromEntries(providers.map((p) => [String(p.id), p]));
}

/** A small realistic catalog: first-party labs, a host, tiers in both forms, statuses, a TTS model. */
export function mdCatalog(): Record<string, unknown> {
  return mdApi([
    mdProvider('anthropic', [
      mdModel({
        id: 'claude-sonnet-4-5',
        name: 'Claude Sonnet 4.5',
        cost: { cache_read: 0.3, cache_write: 3.75, context_over_200k: { cache_read: 0.6, cache_write: 7.5, input: 6, output: 22.5 }, input: 3, output: 15 },
        context: 200000,
        output: 64000,
      }),
      mdModel({ id: 'claude-3-5-haiku-20241022', cost: { cache_read: 0.08, cache_write: 1, input: 0.8, output: 4 }, context: 200000, output: 8192, status: 'deprecated' }),
    ], 'Anthropic'),
    mdProvider('openai', [
      mdModel({
        id: 'gpt-5.4',
        cost: {
          cache_read: 0.25,
          context_over_200k: { cache_read: 0.5, input: 5, output: 22.5 },
          input: 2.5,
          output: 15,
          tiers: [{ cache_read: 0.5, input: 5, output: 22.5, tier: { size: 272000, type: 'context' } }],
        },
        context: 1050000,
        output: 128000,
        fields: { limit: { context: 1050000, input: 922000, output: 128000 } },
      }),
      mdModel({ id: 'gpt-image-1', cost: null, context: 0, output: 0, output_modalities: ['image'] }),
    ], 'OpenAI'),
    mdProvider('groq', [
      mdModel({ id: 'llama-3.3-70b-versatile', cost: { input: 0.59, output: 0.79 }, context: 131072, output: 32768 }),
      mdModel({ id: 'moonshotai/kimi-k2-instruct', cost: { cache_read: 0.5, input: 1, output: 3 }, context: 262144, output: 16384, status: 'beta' }),
    ], 'Groq'),
    mdProvider('google', [mdModel({ id: 'gemini-2.5-flash-preview-tts', cost: { input: 0.5, output: 10 }, output_modalities: ['audio'] })], 'Google'),
  ]);
}
