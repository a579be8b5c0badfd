/**
 * Test fixtures in OpenRouter's real response format (GET /api/v1/models and
 * /models/<id>/endpoints, as recorded in 2026), written by hand and kept small. Each builder
 * returns a complete record with every field the real API sends; tests override what they need.
 */

export interface FixtureModelOptions {
  id: string;
  name?: string;
  prompt?: string | number;
  completion?: string | number;
  pricing?: Record<string, unknown>;
  context_length?: number | null;
  max_completion_tokens?: number | null;
  input_modalities?: string[];
  supported_parameters?: string[];
  expiration_date?: string | null;
  intelligence_index?: number | null;
  coding_index?: number | null;
  reasoning?: object;
}

export function orModel(options: FixtureModelOptions): Record<string, unknown> {
  const [author = 'x', slug = 'y'] = options.id.split('/');
  const model: Record<string, unknown> = {
    id: options.id,
    canonical_slug: `${author}/${slug}-20260101`,
    hugging_face_id: '',
    name: options.name ?? `${author[0]?.toUpperCase()}${author.slice(1)}: ${slug}`,
    created: 1767225600,
    description: `${slug} is a test model.`,
    context_length: options.context_length === undefined ? 131072 : options.context_length,
    architecture: {
      modality: 'text->text',
      input_modalities: options.input_modalities ?? ['text'],
      output_modalities: ['text'],
      tokenizer: 'Other',
      instruct_type: null,
    },
    pricing: options.pricing ?? { prompt: String(options.prompt ?? '0.000001'), completion: String(options.completion ?? '0.000002') },
    top_provider: {
      context_length: options.context_length === undefined ? 131072 : options.context_length,
      max_completion_tokens: options.max_completion_tokens === undefined ? 8192 : options.max_completion_tokens,
      is_moderated: false,
    },
    per_request_limits: null,
    supported_parameters: options.supported_parameters ?? ['max_tokens', 'temperature', 'tools', 'tool_choice'],
    default_parameters: {},
    supported_voices: null,
    knowledge_cutoff: null,
    expiration_date: options.expiration_date ?? null,
    links: { details: `/api/v1/models/${author}/${slug}-20260101/endpoints` },
  };
  if (options.reasoning) model.reasoning = options.reasoning;
  if (options.intelligence_index !== undefined || options.coding_index !== undefined) {
    model.benchmarks = {
      design_arena: [],
      artificial_analysis: {
        intelligence_index: options.intelligence_index ?? null,
        coding_index: options.coding_index ?? null,
        agentic_index: null,
      },
    };
  }
  return model;
}

export function orModelsPage(models: object[], next: string | null = null): Record<string, unknown> {
  return { data: models, total_count: models.length, links: { next } };
}

export interface FixtureEndpointOptions {
  provider: string;
  tag?: string;
  prompt: string;
  completion: string;
  quantization?: string;
  uptime?: number | null;
  /** Raw fields laid over the endpoint's statistics (`uptime_last_5m`, `latency_last_30m`…): faults included. */
  stats?: Record<string, unknown>;
}

export function orEndpoints(modelId: string, endpoints: FixtureEndpointOptions[]): Record<string, unknown> {
  return {
    data: {
      id: modelId,
      name: `Test: ${modelId}`,
      created: 1767225600,
      description: 'A test model.',
      architecture: { tokenizer: 'Other', instruct_type: null, modality: 'text+image->text', input_modalities: ['text', 'image'], output_modalities: ['text'] },
      endpoints: endpoints.map((e) => ({
        name: `${e.provider} | ${modelId}-20260101`,
        model_id: modelId,
        model_name: `Test: ${modelId}`,
        context_length: 262144,
        pricing: { prompt: e.prompt, completion: e.completion, discount: 0 },
        provider_name: e.provider,
        tag: e.tag ?? e.provider.toLowerCase(),
        quantization: e.quantization ?? 'unknown',
        max_completion_tokens: null,
        max_prompt_tokens: null,
        supported_parameters: ['max_tokens', 'temperature', 'tools', 'reasoning'],
        status: 0,
        uptime_last_30m: 99.5,
        uptime_last_5m: 100,
        uptime_last_1d: e.uptime === undefined ? 99.25 : e.uptime,
        supports_implicit_caching: false,
        latency_last_30m: { p50: 800, p75: 1200, p90: 2000, p99: 9000 },
        throughput_last_30m: { p50: 40, p75: 50, p90: 60, p99: 80 },
        ...e.stats,
      })),
    },
  };
}
