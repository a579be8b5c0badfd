/**
 * A light check that an answer is the API response it claims to be, so JSON of another shape
 * (another API at the base URL, a proxy's error object) is reported instead of used as data. It
 * checks the envelope and the fields that identify the data, not every field: a newer API may
 * add fields, and an older package must keep working with it.
 */
import { ModelPulseError } from '../../../generator/client/client.js';

export type Endpoint = 'index' | 'models' | 'model' | 'cheapest' | 'fastest' | 'price-changes' | 'deprecations' | 'status' | 'service' | 'status-models';

/** The field that names each row of a list endpoint. */
const ROW_KEY: Partial<Record<Endpoint, string>> = { models: 'id', cheapest: 'id', fastest: 'id', status: 'id', 'status-models': 'id', 'price-changes': 'model_id', deprecations: 'model_id' };

const isObject = (value: unknown): value is Record<string, unknown> => value !== null && typeof value === 'object' && !Array.isArray(value);

function problem(endpoint: Endpoint, body: unknown, expectedId: string | undefined): string | null {
  if (!isObject(body)) return 'it is not a JSON object';
  const { data, meta } = body;
  if (!isObject(meta) || meta.api_version !== 'v1') return 'meta.api_version is not "v1"';
  const attribution = meta.attribution;
  if (!isObject(attribution) || typeof attribution.text !== 'string' || typeof attribution.url !== 'string') return 'meta.attribution is missing';
  const key = ROW_KEY[endpoint];
  if (key !== undefined) {
    if (!Array.isArray(data)) return 'data is not a list';
    const bad = data.findIndex((row) => !isObject(row) || typeof row[key] !== 'string');
    return bad === -1 ? null : `data[${bad}] has no ${key}`;
  }
  if (!isObject(data)) return 'data is not an object';
  if (endpoint === 'index') return Array.isArray(data.endpoints) ? null : 'data.endpoints is missing';
  if (expectedId !== undefined && data.id !== expectedId) return `data.id is ${JSON.stringify(data.id)}, not ${JSON.stringify(expectedId)}`;
  return null;
}

/** Returns `body` when it has the shape of `endpoint`'s response; throws `bad_response` if not. */
export function checked<T>(endpoint: Endpoint, body: unknown, origin: string, expectedId?: string): T {
  const reason = problem(endpoint, body, expectedId);
  if (reason !== null) throw new ModelPulseError(200, 'bad_response', `${origin} answered JSON that is not a ModelPulse ${endpoint} response: ${reason}`, origin);
  return body as T;
}
