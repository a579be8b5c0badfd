/**
 * The text bounds (bounds/text.ts) applied to models: to what a catalog read observed, before it
 * is merged and stored (update), and to every stored model again when it is rendered, so values
 * an older version stored, and the secondary sources' facts, are bounded the same way.
 */
import type { EndpointRecord, ModelRecord, ObservedModel } from '../models/types.js';
import { BOUNDS, boundList, boundText, type BoundReport } from './text.js';

type ModelText = Pick<ObservedModel, 'name' | 'description' | 'input_modalities' | 'output_modalities'>;

/** A modality list: names over the cap are refused (a cut name means nothing), then the list is cut. */
function boundModalities(list: readonly string[], field: string, report: BoundReport): string[] {
  const fitting = list.filter((m) => [...m].length <= BOUNDS.modality);
  if (fitting.length < list.length) report(`${field}: refused ${list.length - fitting.length} names over ${BOUNDS.modality} characters`);
  return boundList(fitting, 'modalities', field, report);
}

/** A model's own text within bounds (name, description, modalities); the rest as it is. */
export function boundModelText<T extends ModelText>(model: T, report: BoundReport): T {
  const name = boundText(model.name, 'model_name', 'name', report);
  const description = boundText(model.description, 'model_description', 'description', report);
  const input = boundModalities(model.input_modalities, 'input_modalities', report);
  const output = boundModalities(model.output_modalities, 'output_modalities', report);
  const same = name === model.name && description === model.description && input.length === model.input_modalities.length && output.length === model.output_modalities.length;
  return same ? model : { ...model, name, description, input_modalities: input, output_modalities: output };
}

/** One provider endpoint's text within bounds. */
export function boundEndpoint(endpoint: EndpointRecord, report: BoundReport): EndpointRecord {
  const provider = boundText(endpoint.provider, 'provider_text', 'endpoint provider', report);
  const tag = boundText(endpoint.tag, 'provider_text', 'endpoint tag', report);
  const quantization = endpoint.quantization === null ? null : boundText(endpoint.quantization, 'provider_text', 'endpoint quantization', report);
  return provider === endpoint.provider && tag === endpoint.tag && quantization === endpoint.quantization ? endpoint : { ...endpoint, provider, tag, quantization };
}

/** A model's endpoint list within bounds: each endpoint's text, and how many are kept. */
export function boundEndpoints(endpoints: readonly EndpointRecord[], report: BoundReport): EndpointRecord[] {
  return boundList(endpoints, 'endpoints', 'endpoints', report).map((e) => boundEndpoint(e, report));
}

/** A stored model within bounds (its text and its endpoint list), for the build. */
export function boundModelRecord(record: ModelRecord, report: BoundReport): ModelRecord {
  const bounded = boundModelText(record, report);
  const items = boundEndpoints(record.endpoints.items, report);
  const sameItems = items.length === record.endpoints.items.length && items.every((e, i) => e === record.endpoints.items[i]);
  return sameItems ? bounded : { ...bounded, endpoints: { ...record.endpoints, items } };
}

/**
 * Every string of a rendered value (an offer, a fact) within a bound chosen by its key: names
 * and provider texts at their caps, anything else at BOUNDS.other_text. Generic, because the
 * shapes of offers and facts grow with the sources; used on what the secondary sources give.
 */
export function boundStrings<T>(value: T, field: string, report: BoundReport): T {
  if (typeof value === 'string') {
    const key = field.slice(field.lastIndexOf('.') + 1);
    return boundText(value, KEY_BOUNDS[key] ?? 'other_text', field, report) as T;
  }
  if (Array.isArray(value)) {
    let changed = false;
    const out = value.map((item: unknown) => {
      const next = boundStrings(item, field, report);
      changed ||= next !== item;
      return next;
    });
    return (changed ? out : value) as T;
  }
  if (value !== null && typeof value === 'object') {
    let changed = false;
    const out: Record<string, unknown> = {};
    for (const [key, item] of Object.entries(value)) {
      const next = boundStrings(item, `${field}.${key}`, report);
      changed ||= next !== item;
      out[key] = next;
    }
    return (changed ? out : value) as T;
  }
  return value;
}

const KEY_BOUNDS: Partial<Record<string, keyof typeof BOUNDS>> = {
  name: 'model_name',
  model_name: 'model_name',
  provider: 'provider_text',
  provider_name: 'provider_text',
  tag: 'provider_text',
  source_key: 'provider_text',
  quantization: 'provider_text',
  description: 'model_description',
};
