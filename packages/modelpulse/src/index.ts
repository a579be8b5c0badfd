/**
 * modelpulse: a typed client for the ModelPulse API (AI model prices, capabilities, retirements,
 * AI service status and each model's status and speed). Runs in Node.js 20+ and in browsers; no dependencies.
 *
 *   import { createClient } from 'modelpulse';
 *   const client = createClient();
 *   const { data } = await client.cheapest({ min_intel: 40, vision: true, limit: 5 });
 *   const cost = estimateCost((await client.model('openai/gpt-4o')).data, { input_tokens: 12000, output_tokens: 800 });
 */
export { createClient, DEFAULT_BASE_URL, ModelPulseError, normalizeBaseUrl, type CheapestQuery, type ClientOptions, type FastestQuery, type ModelPulseClient, type WithFallback } from './client.js';
export type { ModelEndpointStatus, ModelStatusResponse } from './model-status.js';
export { DEFAULT_TIMEOUT_MS, memoryCache, MIN_CACHE_SECONDS, type CachedAnswer, type FetchLike, type FetchLikeResponse, type ResponseCache } from './http.js';
export type * from './generated/api.js';
// The cost of a token mix: the very module the site, the CLI and the MCP server use.
export {
  COST_PARTS,
  CostError,
  CostInputError,
  estimateCost,
  estimateEveryOffer,
  ProviderNotOfferedError,
  rankByCost,
  type CostEstimate,
  type CostLine,
  type CostModel,
  type CostOffer,
  type CostOptions,
  type CostPart,
  type CostRates,
  type CostTier,
  type RankedCost,
  type TokenUsage,
} from '../../../generator/query/cost.js';
export { readCostIndex, type CostCandidate } from '../../../generator/query/cost-index.js';
// A model named without its provider (modelStatus(name), the CLI's status, the MCP tool model_status).
export { lookupAnywhere, type AnywhereLookup } from '../../../generator/query/name-anywhere.js';
// API names as logs have them: the pure resolution the client, the CLI and the MCP tools use.
export {
  canonicalProvider,
  closestNames,
  lookupApiName,
  readApiNamesIndex,
  resolveInDetail,
  resolveModel,
  ResolveError,
  type ApiNamesIndex,
  type NameQuery,
  type ResolvedModel,
  type ResolveErrorCode,
} from '../../../generator/query/resolve.js';
export type { CostRankingResponse, CostResponse, ResolveResponse } from './client.js';

import type { CheapestResponse, DeprecationsResponse, ErrorResponse, FastestResponse, ModelResponse, ModelsResponse, ModelStatusListResponse, PriceChangesResponse, ServiceResponse, StatusResponse } from './generated/api.js';

/** One model as `cheapest()` answers it. */
export type ModelEntry = CheapestResponse['data'][number];
/** One model as listed by `models()`: the entry and its compact status (state and speed). */
export type ModelListEntry = ModelsResponse['data'][number];
/** One model in full, as `model()` answers it. */
export type ModelDetail = ModelResponse['data'];
/** One offer of a model (a provider's endpoint or a direct price list). */
export type ModelOffer = ModelDetail['endpoints'][number];
/** A model's status in its detail: state, reason, since, providers by verdict, incidents naming it, speed. */
export type ModelStatus = ModelDetail['status'];
/** An offer's real-traffic figures (OpenRouter's endpoint statistics), or null. */
export type EndpointStats = ModelOffer['stats'];
/** An official incident that names a model (in `ModelStatus` and the model status list). */
export type ModelIncident = ModelStatus['open_incidents'][number];
/** A models list entry's compact status: the state and the speed `fastest` ranks by. */
export type ModelListStatus = ModelListEntry['status'];
/** One model that is not operational, as `modelStatus()` lists it. */
export type ModelInTrouble = ModelStatusListResponse['data'][number];
/** One model as `fastest()` answers it (a models list entry). */
export type FastestEntry = FastestResponse['data'][number];
/** One monitored service as listed by `status()`. */
export type ServiceEntry = StatusResponse['data'][number];
/** One service in full, as `service()` answers it. */
export type ServiceDetail = ServiceResponse['data'];
export type PriceChange = PriceChangesResponse['data'][number];
export type Deprecation = DeprecationsResponse['data'][number];
/** The body of every API error: `{ error: { status, code, message } }`. */
export type ApiError = ErrorResponse['error'];
