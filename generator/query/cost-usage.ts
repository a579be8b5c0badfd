/**
 * A request's token mix, checked: what `estimateCost` and `rankByCost` (query/cost.ts) price.
 * `input_tokens` is the whole prompt, cache reads and writes included (the convention of
 * genai-prices and of the makers' usage reports); the fresh input is what is left of it.
 * `output_tokens` is the whole output; of it, `output_image_tokens` and `output_audio_tokens` are
 * image and audio (priced at the model's image and audio output rates) and the rest is text;
 * of the prompt, `input_audio_tokens` is audio (cache reads included), and of the cache reads,
 * `cache_audio_read_tokens` is audio. genai-prices counts them the same way.
 * No Node.js imports: the browser client bundles this file.
 */

/** A request's tokens, in the API's names. */
export interface TokenUsage {
  /** The whole prompt: fresh input, cache reads and cache writes. */
  input_tokens: number;
  /** Of the prompt, tokens read from the provider's cache (default 0). */
  cache_read_tokens?: number;
  /** Of the prompt, tokens written to the provider's cache (default 0). */
  cache_write_tokens?: number;
  output_tokens: number;
  /** Of the prompt, audio tokens, cached ones included (default 0). */
  input_audio_tokens?: number;
  /** Of the cache reads, audio tokens (default 0). */
  cache_audio_read_tokens?: number;
  /** Of the output, image tokens (default 0): Gemini's 1,290 a 1024×1024 image. */
  output_image_tokens?: number;
  /** Of the output, audio tokens (default 0). */
  output_audio_tokens?: number;
}

export const USAGE_FIELDS = ['input_tokens', 'cache_read_tokens', 'cache_write_tokens', 'output_tokens', 'input_audio_tokens', 'cache_audio_read_tokens', 'output_image_tokens', 'output_audio_tokens'] as const;
/** The parts priced at the model's unit prices (per 1M tokens of their kind), not its text rates. */
export const MEDIA_PARTS = ['input_audio', 'cache_read_audio', 'output_audio', 'output_image'] as const;
/** The usage field each media part counts (`input_audio` is the fresh audio: `input_audio_tokens` less its cache reads). */
export const MEDIA_FIELDS: Readonly<Record<MediaPart, UsageField>> = { input_audio: 'input_audio_tokens', cache_read_audio: 'cache_audio_read_tokens', output_audio: 'output_audio_tokens', output_image: 'output_image_tokens' };
export type MediaPart = (typeof MEDIA_PARTS)[number];
export type UsageField = (typeof USAGE_FIELDS)[number];

/** The mix split into what each rate applies to; every count a safe whole number. */
export interface CheckedUsage {
  /** The prompt's total: it picks the context tier. */
  prompt: number;
  /** Fresh text input. */
  input: number;
  /** Text cache reads. */
  cache_read: number;
  cache_write: number;
  /** Text output. */
  output: number;
  /** Fresh audio input. */
  input_audio: number;
  cache_read_audio: number;
  output_image: number;
  output_audio: number;
  /** The media fields the usage gave (their lines are listed, 0 included). */
  media: MediaPart[];
}

/** Any refusal of the cost module; `code` says which. */
export class CostError extends Error {
  override name = 'CostError';
  constructor(readonly code: 'bad_usage' | 'not_offered' | 'bad_model', message: string) {
    super(message);
  }
}

/** A token count that cannot be: negative, fractional, not a number, or cache above the prompt. */
export class CostInputError extends CostError {
  override name = 'CostInputError';
  constructor(readonly field: UsageField | 'usage' | (string & {}), message: string) {
    super('bad_usage', `${field}: ${message}`);
  }
}

function count(value: unknown, field: UsageField): number {
  if (typeof value !== 'number') throw new CostInputError(field, `must be a number of tokens, not ${value === null ? 'null' : typeof value}`);
  if (!Number.isFinite(value)) throw new CostInputError(field, `must be a finite number of tokens, not ${value}`);
  if (value < 0) throw new CostInputError(field, `must not be negative (got ${value})`);
  if (!Number.isInteger(value)) throw new CostInputError(field, `must be a whole number of tokens (got ${value})`);
  if (!Number.isSafeInteger(value)) throw new CostInputError(field, `is too large (got ${value})`);
  return value;
}

/**
 * The usage checked, or a CostInputError naming the field at fault. Unknown fields are refused
 * too: a misspelt `cache_reads_tokens` would otherwise price the cache as fresh input.
 */
export function checkUsage(usage: unknown): CheckedUsage {
  if (usage === null || typeof usage !== 'object' || Array.isArray(usage)) throw new CostInputError('usage', 'must be an object such as { input_tokens: 1000, output_tokens: 200 }');
  const record = usage as Record<string, unknown>;
  for (const key of Object.keys(record)) {
    if (!(USAGE_FIELDS as readonly string[]).includes(key)) throw new CostInputError(key, `is not a usage field (they are ${USAGE_FIELDS.join(', ')})`);
  }
  for (const field of ['input_tokens', 'output_tokens'] as const) {
    if (record[field] === undefined) throw new CostInputError(field, 'is required');
  }
  const prompt = count(record.input_tokens, 'input_tokens');
  const cacheRead = record.cache_read_tokens === undefined ? 0 : count(record.cache_read_tokens, 'cache_read_tokens');
  const cacheWrite = record.cache_write_tokens === undefined ? 0 : count(record.cache_write_tokens, 'cache_write_tokens');
  const output = count(record.output_tokens, 'output_tokens');
  const part = (field: UsageField) => (record[field] === undefined ? 0 : count(record[field], field));
  const [inputAudio, cacheAudio, outputImage, outputAudio] = [part('input_audio_tokens'), part('cache_audio_read_tokens'), part('output_image_tokens'), part('output_audio_tokens')];
  const whole = 'input_tokens counts the whole prompt, cache reads and writes included';
  if (cacheRead > prompt) throw new CostInputError('cache_read_tokens', `${cacheRead} is more than input_tokens (${prompt}): ${whole}`);
  if (cacheRead + cacheWrite > prompt) throw new CostInputError('cache_write_tokens', `cache reads and writes (${cacheRead} + ${cacheWrite}) are more than input_tokens (${prompt}): ${whole}`);
  const fresh = prompt - cacheRead - cacheWrite;
  if (cacheAudio > cacheRead || cacheAudio > inputAudio) throw new CostInputError('cache_audio_read_tokens', `${cacheAudio} is more than cache_read_tokens (${cacheRead}) or input_audio_tokens (${inputAudio}): it is a part of both`);
  if (inputAudio - cacheAudio > fresh) throw new CostInputError('input_audio_tokens', `${inputAudio - cacheAudio} audio tokens not read from the cache are more than the fresh input (${fresh}): audio input is part of input_tokens`);
  if (outputImage + outputAudio > output) throw new CostInputError(outputImage > output ? 'output_image_tokens' : 'output_audio_tokens', `image and audio output (${outputImage} + ${outputAudio}) are more than output_tokens (${output}): output_tokens counts the whole output`);
  const media = MEDIA_PARTS.filter((p) => record[MEDIA_FIELDS[p]] !== undefined);
  return {
    prompt,
    input: fresh - (inputAudio - cacheAudio),
    cache_read: cacheRead - cacheAudio,
    cache_write: cacheWrite,
    output: output - outputImage - outputAudio,
    input_audio: inputAudio - cacheAudio,
    cache_read_audio: cacheAudio,
    output_image: outputImage,
    output_audio: outputAudio,
    media,
  };
}

const DIGITS = /^\d+$/;

/**
 * A usage from text (command-line flags, a form, a query string): each value whole digits, or a
 * CostInputError naming the field. Values left out are left out (checkUsage says what is required).
 */
export function usageFromText(values: Partial<Record<UsageField, string>>): TokenUsage {
  const usage: Record<string, number> = {};
  for (const field of USAGE_FIELDS) {
    const raw = values[field];
    if (raw === undefined) continue;
    const text = raw.trim();
    if (!DIGITS.test(text)) throw new CostInputError(field, `must be a whole number of tokens, digits only (got ${JSON.stringify(raw)})`);
    usage[field] = Number(text);
  }
  checkUsage(usage);
  return usage as unknown as TokenUsage;
}
