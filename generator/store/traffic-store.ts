/**
 * The endpoint statistics' two volatile files (layout.ts: in the state store only, never in
 * main's history; a fresh clone builds without them, every model's figures unknown):
 * - state/endpoint-stats.json, the sweep's (update/traffic.ts): per model when its endpoints were
 *   last asked for and answered, its newest figures and the first figures of the newest day it
 *   was read (what the catalog files show: docs/api.md, "Stable bytes of the model status"), and
 *   the sweep's pace (its back-off after a 429 or errors);
 * - state/model-states.json, the content stage's: each model's state and the first run that
 *   judged it (`since`).
 * A file that cannot be read is started afresh with a warning: it holds observations that the
 * next sweep makes again, never anything a later run could not rebuild.
 */
import type { ModelFigures } from '../status/endpoint-stats.js';
import type { TrafficPace } from '../status/sweep-rotation.js';
import { MODEL_STATES, STATE_REASONS, type ModelState, type StateReason } from '../status/model-state.js';
import { stableStringify } from '../text/stable-json.js';
import { compileValidator, createAjv } from '../validation/ajv.js';
import { isoTime, nullableIsoTime } from '../validation/common-schemas.js';
import { DataFileError, readJsonFile, writeFileAtomic } from './files.js';
import { DATA_FILES } from './layout.js';
import { asStore, type StoreRef } from './store.js';

export interface TrafficModelEntry {
  /** The last time the sweep asked (the rotation's clock: a failing model does not block the others). */
  attempted_at: string;
  /** The last answer, or null. */
  succeeded_at: string | null;
  /** Why the last attempt failed, or null. */
  error: string | null;
  /** The newest good figures (a failed read keeps them: their `observed_at` says how old). */
  latest: ModelFigures | null;
  /** The first figures of the UTC day of `latest` when they differ from it (null: `latest` is that day's first). */
  day_first: ModelFigures | null;
}

export type { TrafficPace } from '../status/sweep-rotation.js';

export interface TrafficState {
  pace: TrafficPace;
  models: Record<string, TrafficModelEntry>;
}

export interface StoredModelState {
  state: ModelState;
  reason: StateReason;
  /** The first run that judged this state (ISO). */
  since: string;
}
export type ModelStatesFile = Record<string, StoredModelState>;

export const EMPTY_TRAFFIC: TrafficState = { pace: { level: 0, resume_at: null }, models: {} };

const nullableNumber = { type: ['number', 'null'] } as const;
const percentiles = { type: 'object', required: ['p50', 'p90'], additionalProperties: false, properties: { p50: nullableNumber, p90: nullableNumber } } as const;
const figures = {
  type: ['object', 'null'],
  required: ['observed_at', 'endpoints'],
  additionalProperties: false,
  properties: {
    observed_at: isoTime,
    endpoints: {
      type: 'array',
      items: {
        type: 'object',
        required: ['tag', 'provider', 'provider_name', 'uptime_5m', 'uptime_30m', 'uptime_1d', 'latency_ms', 'throughput_tps'],
        additionalProperties: false,
        properties: {
          tag: { type: 'string' },
          provider: { type: 'string' },
          provider_name: { type: 'string' },
          uptime_5m: nullableNumber,
          uptime_30m: nullableNumber,
          uptime_1d: nullableNumber,
          latency_ms: percentiles,
          throughput_tps: percentiles,
        },
      },
    },
  },
} as const;

export const trafficStateSchema = {
  type: 'object',
  required: ['pace', 'models'],
  additionalProperties: false,
  properties: {
    pace: { type: 'object', required: ['level', 'resume_at'], additionalProperties: false, properties: { level: { type: 'integer', minimum: 0, maximum: 10 }, resume_at: nullableIsoTime } },
    models: {
      type: 'object',
      additionalProperties: {
        type: 'object',
        required: ['attempted_at', 'succeeded_at', 'error', 'latest', 'day_first'],
        additionalProperties: false,
        properties: { attempted_at: isoTime, succeeded_at: nullableIsoTime, error: { type: ['string', 'null'] }, latest: figures, day_first: figures },
      },
    },
  },
} as const;

export const modelStatesSchema = {
  type: 'object',
  additionalProperties: {
    type: 'object',
    required: ['state', 'reason', 'since'],
    additionalProperties: false,
    properties: { state: { enum: [...MODEL_STATES] }, reason: { enum: [...STATE_REASONS] }, since: isoTime },
  },
} as const;

const ajv = createAjv();
const isTrafficState = compileValidator<TrafficState>(ajv, trafficStateSchema);
const isModelStates = compileValidator<ModelStatesFile>(ajv, modelStatesSchema);

async function loadChecked<T>(ref: StoreRef, file: string, empty: T, check: ((value: unknown) => value is T) & { errors(): string }, warn: (message: string) => void): Promise<T> {
  const path = asStore(ref).path(file);
  try {
    // A missing file reads as a copy: the caller changes what it gets.
    const value = await readJsonFile(path, null);
    if (value === null) return structuredClone(empty);
    if (check(value)) return value;
    warn(`${path} is invalid (${check.errors()}); started it afresh`);
  } catch (error) {
    if (!(error instanceof DataFileError)) throw error;
    warn(`${error.message}; started it afresh`);
  }
  return structuredClone(empty);
}

export function loadTraffic(ref: StoreRef, warn: (message: string) => void = () => undefined): Promise<TrafficState> {
  return loadChecked(ref, DATA_FILES.endpointStats, EMPTY_TRAFFIC, isTrafficState, warn);
}

export async function saveTraffic(ref: StoreRef, state: TrafficState): Promise<void> {
  await writeFileAtomic(asStore(ref).path(DATA_FILES.endpointStats), stableStringify(state));
}

export function loadModelStates(ref: StoreRef, warn: (message: string) => void = () => undefined): Promise<ModelStatesFile> {
  return loadChecked(ref, DATA_FILES.modelStates, {}, isModelStates, warn);
}

/** Written only when it changes: a quiet run leaves the file as it was. */
export async function saveModelStates(ref: StoreRef, states: ModelStatesFile, before: ModelStatesFile): Promise<void> {
  const text = stableStringify(states);
  if (text === stableStringify(before)) return;
  await writeFileAtomic(asStore(ref).path(DATA_FILES.modelStates), text);
}
