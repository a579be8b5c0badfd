/**
 * One model's status by any name a person or a log has for it (the client's `modelStatus(name)`,
 * the CLI's `modelpulse status <model>`, the MCP tool `model_status`): our id
 * (`anthropic/claude-sonnet-4.5`), else an API name at any provider or at the one given
 * (query/name-anywhere.ts, query/api-name-index.ts: listed names, their forms, OpenRouter ids,
 * `models/…`, the families' patterns), then the model detail's `status` and its OpenRouter
 * endpoints' figures side by side, the detail read live first where status is live (`liveModel`). Precision first: a name two models claim is an error naming
 * both, never a guess. No Node.js imports.
 */
import { ModelPulseError, type createClient as createSharedClient, type LiveFallback } from '../../../generator/client/client.js';
import { lookupApiName, readApiNamesIndex, ResolveError, type NameMatch, type NameQuery } from '../../../generator/query/api-name-index.js';
import { lookupAnywhere } from '../../../generator/query/name-anywhere.js';
import { dayOf } from '../../../generator/query/resolve.js';
import type { ModelResponse } from './generated/api.js';
import { checked } from './shape.js';

type SharedClient = ReturnType<typeof createSharedClient>;
type Detail = ModelResponse['data'];

/** One OpenRouter endpoint of the model with its real-traffic figures (`stats` null: none read). */
export type ModelEndpointStatus = Pick<Detail['endpoints'][number], 'provider' | 'provider_name' | 'tag' | 'stats'>;

/** One model's status, as `modelStatus(name)` answers it, with the model detail's meta. */
export interface ModelStatusResponse {
  data: {
    id: string;
    name: string;
    author: string;
    /** How the name asked was read: as our id, or as an API name (`providers`: where it was found). */
    asked: { name: string; match: 'id' | NameMatch['kind']; providers: string[] };
    /** The detail's `status`: state, reason, since, providers by verdict, incidents naming it, speed. */
    status: Detail['status'];
    /** Its OpenRouter endpoints, in the detail's order (cheapest first), with their figures. */
    endpoints: ModelEndpointStatus[];
  };
  meta: ModelResponse['meta'];
  /** Why the detail is the static file although a live one was read first (null: it is not). */
  fallback: LiveFallback | null;
}

const OUR_ID = /^[a-z0-9][a-z0-9._-]*\/[a-z0-9][a-z0-9._-]*$/;

/** The status part of a detail, checked as a detail and found with `asked`. */
function statusOf({ fallback, ...body }: { fallback: LiveFallback | null }, baseUrl: string, id: string, asked: ModelStatusResponse['data']['asked']): ModelStatusResponse {
  const { data, meta } = checked<ModelResponse>('model', body, baseUrl, id);
  if (data.status === undefined || data.status === null) throw new ModelPulseError(200, 'bad_response', `${baseUrl} answered a model detail without status: a ModelPulse site from before model status (issue 39)?`, baseUrl);
  const endpoints = data.endpoints.filter((e) => e.tag !== null).map(({ provider, provider_name, tag, stats }) => ({ provider, provider_name, tag, stats: stats ?? null }));
  return { data: { id: data.id, name: data.name, author: data.author, asked, status: data.status, endpoints }, meta, fallback };
}

/** `name` as our id, else an API name (at `query.provider` when given), to the model's status. */
export async function modelStatusByName(shared: SharedClient, baseUrl: string, asked: string | NameQuery): Promise<ModelStatusResponse> {
  const name = (typeof asked === 'string' ? asked : asked.model)?.trim?.() ?? '';
  if (name === '') throw new ResolveError('bad_request', 'model: must be a model id or an API name such as "gpt-4o-2024-08-06"');
  if (typeof asked === 'string' && OUR_ID.test(name)) {
    // Our id first: an id and an API name of another model spelled alike is the id.
    const detail = await shared.liveModel(name).catch((error: unknown) => {
      if (error instanceof ModelPulseError && error.status === 404) return null;
      throw error;
    });
    if (detail !== null) return statusOf(detail, baseUrl, name, { name, match: 'id', providers: [] });
  }
  const { data: raw, meta } = await shared.apiNames();
  let index;
  try {
    index = readApiNamesIndex(raw);
  } catch (error) {
    if (error instanceof ResolveError) throw new ModelPulseError(200, 'bad_response', `${baseUrl} answered JSON that is not a ModelPulse api-names.json: ${error.message}`, baseUrl);
    throw error;
  }
  const asOf = typeof meta.as_of === 'string' ? meta.as_of : null;
  const found = typeof asked === 'string'
    ? lookupAnywhere(index, name, dayOf({}, asOf))
    : (({ model, provider, match }) => ({ model, providers: [provider], match }))(lookupApiName(index, asked, dayOf(asked, asOf)));
  return statusOf(await shared.liveModel(found.model), baseUrl, found.model, { name, match: found.match.kind, providers: found.providers });
}
