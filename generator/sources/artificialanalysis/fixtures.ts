/**
 * Test fixtures in Artificial Analysis' real response format (GET /api/v2/data/llms/models, as
 * recorded in 2026), written by hand and kept small. `aaModel` returns a complete record with
 * every field the real API sends; tests override what they need.
 */

export interface FixtureModelOptions {
  /** `<creator>/<slug>`. */
  key: string;
  name?: string;
  intelligence_index?: number | null;
  coding_index?: number | null;
  math_index?: number | null;
  /** USD per 1M tokens; AA sends 0 for all three when no provider serves the model. */
  input?: number | null;
  output?: number | null;
  blended?: number | null;
}

/** A deterministic UUID-shaped id from the key, so identical options give identical records. */
function fakeUuid(key: string): string {
  let hash = 0;
  for (const char of key) hash = (hash * 31 + char.charCodeAt(0)) >>> 0;
  const hex = hash.toString(16).padStart(8, '0');
  return `${hex}-0000-4000-8000-${hex}0000`;
}

export function aaModel(options: FixtureModelOptions): Record<string, unknown> {
  const [creator = 'x', slug = 'y'] = options.key.split('/');
  const input = options.input === undefined ? 1.25 : options.input;
  const output = options.output === undefined ? 10 : options.output;
  const blended = options.blended !== undefined ? options.blended : typeof input === 'number' && typeof output === 'number' ? (3 * input + output) / 4 : null;
  return {
    id: fakeUuid(options.key),
    name: options.name ?? `${slug} (test)`,
    slug,
    release_date: '2026-01-15',
    model_creator: { id: fakeUuid(creator), name: `${creator[0]?.toUpperCase()}${creator.slice(1)}`, slug: creator },
    evaluations: {
      artificial_analysis_intelligence_index: options.intelligence_index === undefined ? 41.2 : options.intelligence_index,
      artificial_analysis_coding_index: options.coding_index === undefined ? 35.7 : options.coding_index,
      artificial_analysis_math_index: options.math_index === undefined ? 80.3 : options.math_index,
      mmlu_pro: 0.81,
      gpqa: 0.76,
      hle: 0.12,
      livecodebench: 0.7,
      scicode: 0.39,
      math_500: null,
      aime: null,
      aime_25: 0.8,
      ifbench: 0.6,
      lcr: 0,
      terminalbench_hard: 0.2,
      tau2: 0.65,
    },
    pricing: { price_1m_blended_3_to_1: blended, price_1m_input_tokens: input, price_1m_output_tokens: output },
    median_output_tokens_per_second: 120.5,
    median_time_to_first_token_seconds: 0.61,
    median_time_to_first_answer_token: 4.2,
  };
}

export function aaEnvelope(models: unknown[]): Record<string, unknown> {
  return { status: 200, prompt_options: { parallel_queries: 1, prompt_length: 1000 }, data: models };
}
