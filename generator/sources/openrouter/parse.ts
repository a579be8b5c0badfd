import { UpstreamError } from '../../http/errors.js';
import { compileValidator, createAjv } from '../../validation/ajv.js';
import {
  endpointsResponseSchema,
  modelsPageSchema,
  upstreamModelSchema,
  type EndpointsResponse,
  type ModelsPage,
  type UpstreamModel,
} from './schema.js';

export const SOURCE_ID = 'openrouter';

const ajv = createAjv();
const isModelsPage = compileValidator<ModelsPage>(ajv, modelsPageSchema);
const isUpstreamModel = compileValidator<UpstreamModel>(ajv, upstreamModelSchema);
const isEndpointsResponse = compileValidator<EndpointsResponse>(ajv, endpointsResponseSchema);

/** Above this share of malformed records the whole response is treated as the wrong shape. */
export const MAX_INVALID_RECORD_SHARE = 0.2;

export interface InvalidRecord {
  upstream_id: string | null;
  reason: string;
}

export interface ParsedCatalog {
  models: UpstreamModel[];
  invalid: InvalidRecord[];
}

function schemaError(url: string, message: string): UpstreamError {
  return new UpstreamError({ kind: 'invalid_schema', source: SOURCE_ID, url, message });
}

export function parseModelsPage(json: unknown, url: string): ModelsPage {
  if (!isModelsPage(json)) throw schemaError(url, `not a models list: ${isModelsPage.errors()}`);
  return json;
}

/** Validates each record of the fetched pages; a few bad records are isolated, many fail all. */
export function parseCatalog(pages: ModelsPage[], url: string): ParsedCatalog {
  const models: UpstreamModel[] = [];
  const invalid: InvalidRecord[] = [];
  for (const record of pages.flatMap((page) => page.data)) {
    if (isUpstreamModel(record)) {
      models.push(record);
    } else {
      const id = (record as { id?: unknown }).id;
      invalid.push({ upstream_id: typeof id === 'string' ? id : null, reason: isUpstreamModel.errors(3) });
    }
  }
  const total = models.length + invalid.length;
  if (total === 0) throw schemaError(url, 'the catalog is empty');
  if (invalid.length / total > MAX_INVALID_RECORD_SHARE) {
    throw schemaError(url, `${invalid.length} of ${total} records do not match the model schema (first: ${invalid[0]?.reason})`);
  }
  return { models, invalid };
}

/** One model's endpoints list; an answer about any other model than `requestedId` is refused. */
export function parseEndpoints(json: unknown, url: string, requestedId: string): EndpointsResponse {
  if (!isEndpointsResponse(json)) throw schemaError(url, `not an endpoints list: ${isEndpointsResponse.errors()}`);
  // Its prices and capabilities would otherwise be stored for the model we asked about.
  if (json.data.id !== requestedId) throw schemaError(url, 'the answer describes another model than the one asked for (data.id differs)');
  return json;
}
