/**
 * LiteLLM's `mode` as our model type, and the prices of its non-text modes as unit prices (pure).
 * Chat and completion records of every provider are read as before; records of the other modes
 * (embedding, image_generation, audio_speech, realtime, rerank…) only for the makers' own APIs
 * (authors.ts), so the catalog gains the makers' non-chat models and not every reseller's copy.
 */
import { roundPrice } from '../../models/price.js';
import { readUnitPrice, type UnitPrice } from '../../models/unit-prices.js';
import type { Modalities, ModelType, PriceKind, PriceUnit } from '../facts.js';
import type { LiteLlmRecord } from './schema.js';

const TYPE_BY_MODE: Readonly<Record<string, ModelType>> = {
  chat: 'chat',
  responses: 'chat',
  completion: 'completion',
  embedding: 'embedding',
  image_generation: 'image',
  image_edit: 'image',
  audio_speech: 'audio',
  audio_transcription: 'audio',
  realtime: 'realtime',
  rerank: 'rerank',
  moderation: 'moderation',
  video_generation: 'video',
};

/** A mode we do not know (`ocr`, `search`, a new one) is `other`: documented, never a crash. */
export function typeOfMode(mode: string): ModelType {
  return Object.hasOwn(TYPE_BY_MODE, mode) ? TYPE_BY_MODE[mode]! : 'other';
}

/** Modes with no text output at all: their `input_cost_per_token` is an input-only price. */
const NO_TEXT_OUTPUT = new Set(['embedding', 'rerank', 'moderation']);
/** Modes whose text output is priced only where the record says (`output_cost_per_token`; image tokens are `output_cost_per_image_token`). */
const MEDIA_MODES = new Set(['image_generation', 'image_edit', 'video_generation']);

const PER_TOKEN = 1_000_000;
const UNIT_FIELDS: ReadonlyArray<{ field: string; unit: PriceUnit; kind: PriceKind; scale: number }> = [
  { field: 'input_cost_per_audio_token', unit: '1m_tokens', kind: 'input_audio', scale: PER_TOKEN },
  { field: 'output_cost_per_audio_token', unit: '1m_tokens', kind: 'output_audio', scale: PER_TOKEN },
  { field: 'cache_read_input_audio_token_cost', unit: '1m_tokens', kind: 'cache_read_audio', scale: PER_TOKEN },
  { field: 'input_cost_per_image_token', unit: '1m_tokens', kind: 'input_image', scale: PER_TOKEN },
  { field: 'output_cost_per_image_token', unit: '1m_tokens', kind: 'output_image', scale: PER_TOKEN },
  { field: 'input_cost_per_image', unit: 'image', kind: 'input_image', scale: 1 },
  { field: 'output_cost_per_image', unit: 'image', kind: 'output_image', scale: 1 },
  { field: 'input_cost_per_second', unit: 'second', kind: 'input_audio', scale: 1 },
  { field: 'input_cost_per_audio_per_second', unit: 'second', kind: 'input_audio', scale: 1 },
  { field: 'input_cost_per_video_per_second', unit: 'second', kind: 'input_video', scale: 1 },
  { field: 'output_cost_per_video_per_second', unit: 'second', kind: 'output_video', scale: 1 },
  { field: 'input_cost_per_character', unit: '1m_characters', kind: 'input_text', scale: PER_TOKEN },
  { field: 'output_cost_per_character', unit: '1m_characters', kind: 'output_text', scale: PER_TOKEN },
  { field: 'input_cost_per_query', unit: 'request', kind: 'request', scale: 1 },
];

export interface ModeReading {
  type: ModelType;
  unit_prices: UnitPrice[];
  /** Whether the record prices text output (else its input price is input-only). */
  textOutput: boolean;
  /** The input price per 1M tokens of a mode without text output (an embedding's), else null. */
  input_only_price: number | null;
  modalities: Modalities | null;
}

export function readModeUnits(record: LiteLlmRecord, report: (reason: string) => void): ModeReading {
  const mode = record.mode;
  const unit_prices: UnitPrice[] = [];
  const add = (raw: unknown, unit: PriceUnit, kind: PriceKind, label: string, scale: number) => {
    const reading = readUnitPrice(raw, unit, kind, label, scale);
    if (reading.problem !== null) report(reading.problem);
    else if (reading.price !== null && !unit_prices.some((p) => p.unit === unit && p.kind === kind)) unit_prices.push({ ...reading.price, usd: roundPrice(reading.price.usd) });
  };
  const transcription = mode === 'audio_transcription';
  // A transcription is billed per minute of audio in (Whisper: $0.006 a minute); LiteLLM writes it
  // per second, and its `output_cost_per_second` is that same price again (its cost counts one of the two).
  if (transcription) add(record.input_cost_per_second ?? record.output_cost_per_second, 'minute', 'input_audio', 'input_cost_per_second', 60);
  // `output_cost_per_second` is a video's per second, or a speech model's per second of audio out.
  else if (record.output_cost_per_second !== undefined) add(record.output_cost_per_second, 'second', mode === 'video_generation' ? 'output_video' : 'output_audio', 'output_cost_per_second', 1);
  for (const { field, unit, kind, scale } of UNIT_FIELDS) {
    if (transcription && field === 'input_cost_per_second') continue;
    // An image generation model's `input_cost_per_image` is what one image made costs (LiteLLM's
    // `dall-e-3`: $0.04), unless the record prices images made apart (`output_cost_per_image`).
    const made = field === 'input_cost_per_image' && mode === 'image_generation' && record.output_cost_per_image === undefined;
    add(record[field], unit, made ? 'output_image' : kind, field, scale);
  }
  // An image model's `output_cost_per_token` is its text output (Gemini's image previews: $12 text, $120 image tokens); without one it writes no priced text.
  const noText = NO_TEXT_OUTPUT.has(mode) || (MEDIA_MODES.has(mode) && !(typeof record.output_cost_per_token === 'number' && record.output_cost_per_token > 0));
  const input = noText ? readUnitPrice(record.input_cost_per_token, '1m_tokens', 'input_text', 'input_cost_per_token', PER_TOKEN).price : null;
  return { type: typeOfMode(mode), unit_prices, textOutput: !noText, input_only_price: input === null ? null : roundPrice(input.usd), modalities: modalitiesOf(record) };
}

/** The modalities the record's `supports_*` flags and mode state; null when it states none beyond its mode. */
function modalitiesOf(record: LiteLlmRecord): Modalities {
  const type = typeOfMode(record.mode);
  const input = new Set<Modalities['input'][number]>(type === 'audio' && record.mode === 'audio_transcription' ? ['audio'] : ['text']);
  const output = new Set<Modalities['output'][number]>();
  if (record.supports_vision === true || record.supports_image_input === true) input.add('image');
  if (record.supports_audio_input === true || type === 'realtime') input.add('audio');
  if (record.supports_pdf_input === true) input.add('file');
  if (record.supports_video_input === true) input.add('video');
  if (type === 'chat' || type === 'completion' || type === 'realtime' || record.mode === 'audio_transcription') output.add('text');
  if (type === 'image') output.add('image');
  if (type === 'video') output.add('video');
  if (record.supports_audio_output === true || record.mode === 'audio_speech' || type === 'realtime') output.add('audio');
  return { input: [...input].sort(), output: [...output].sort() };
}
