/**
 * modelpulse: a typed client for the ModelPulse API (AI model prices, capabilities, retirements
 * and AI service status). Runs in Node.js 20+ and in browsers; no dependencies.
 *
 *   import { createClient } from 'modelpulse';
 *   const client = createClient();
 *   const { data } = await client.cheapest({ min_intel: 40, vision: true, limit: 5 });
 *   const cost = estimateCost((await client.model('openai/gpt-4o')).data, { input_tokens: 12000, output_tokens: 800 });
 */
export { createClient, DEFAULT_BASE_URL, ModelPulseError, normalizeBaseUrl, type CheapestQuery, type ClientOptions, type ModelPulseClient } from './client.js';
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

import type { CheapestResponse, DeprecationsResponse, ErrorResponse, ModelResponse, ModelsResponse, PriceChangesResponse, ServiceResponse, StatusResponse } from './generated/api.js';

/** One model as `cheapest()` answers it. */
export type ModelEntry = CheapestResponse['data'][number];
/** One model as listed by `models()`: the entry and its compact status (state and speed). */
export type ModelListEntry = ModelsResponse['data'][number];
/** One model in full, as `model()` answers it. */
export type ModelDetail = ModelResponse['data'];
/** One offer of a model (a provider's endpoint or a direct price list). */
export type ModelOffer = ModelDetail['endpoints'][number];
/** One monitored service as listed by `status()`. */
export type ServiceEntry = StatusResponse['data'][number];
/** One service in full, as `service()` answers it. */
export type ServiceDetail = ServiceResponse['data'];
export type PriceChange = PriceChangesResponse['data'][number];
export type Deprecation = DeprecationsResponse['data'][number];
/** The body of every API error: `{ error: { status, code, message } }`. */
export type ApiError = ErrorResponse['error'];
