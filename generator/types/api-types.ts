/** The shapes the API publishes (see the JSON Schemas in render/schemas.ts and the README). */
import type { ProviderRetirement } from '../models/facts-merge.js';
import type { LifecycleStatus, ModelLifecycle } from '../models/lifecycle.js';
import type { Provenance } from '../models/overrides.js';
import type { PriceTier } from '../sources/facts.js';
import type { Benchmarks, Capabilities } from '../models/types.js';
import type { Modalities, ModelType, PriceKind, PriceSource, PriceUnit } from '../sources/facts.js';
import type { OfferKind } from '../sources/providers.js';

export interface ApiPrice {
  input: number | null;
  output: number | null;
  blended: number | null;
  cache_read: number | null;
  cache_write: number | null;
}

export interface ModelEntry {
  id: string;
  name: string;
  author: string;
  price: ApiPrice;
  context_length: number | null;
  max_output: number | null;
  capabilities: Capabilities;
  benchmarks: Benchmarks;
  retirement_date: string | null;
  has_free_variant: boolean;
  /** Prices per song, image, request… where a source gives them; the token prices are then null unless known. */
  unit_prices: ApiUnitPrice[];
  /** The cheapest paid headline offer of `endpoints` (model detail): who sells it for the least, at what price. */
  cheapest_offer: CheapestOffer | null;
  /** The maker's lifecycle status as of the data's as-of (the detail adds its dates and source). */
  lifecycle: EntryLifecycle;
  // Issue 35 (catalog): the model's type and modalities.
  /** What the model is for: chat and completion are text generation (the only types `cheapest` and the cost index rank). */
  type: ModelType;
  /** What the model reads and writes. */
  modalities: Modalities;
  /**
   * A source that lists what is on sale now offers it, as of the data's as-of: OpenRouter's current
   * catalog, or the maker's own page listing it as active. A model only a price list carries (kept
   * so old bills can be priced) is false: it has its detail and prices but takes no part in ranking.
   */
  on_sale: boolean;
}

/** The lifecycle as a model entry carries it: the status and the maker's tentative earliest retirement date. */
export interface EntryLifecycle {
  status: LifecycleStatus | null;
  not_before: string | null;
}

/** The lifecycle as the model detail carries it: models/lifecycle.ts, and where it was stated. */
export interface DetailLifecycle extends EntryLifecycle, Omit<ModelLifecycle, keyof EntryLifecycle> {
  /** The maker's page that states it, else where the retirement date comes from, else null. */
  source_url: string | null;
}

export interface ApiUnitPrice {
  unit: PriceUnit;
  /** What is priced: audio or image tokens in or out, input text by the character, an output (song, image), a request. */
  kind: PriceKind;
  /** USD per unit. */
  usd: number;
  source: 'openrouter' | PriceSource;
  /** The image size the price is for (`1024x1792`), where it is one size's. */
  size?: string;
  /** The image quality the price is for (`standard`, `hd`), where it is one quality's. */
  quality?: string;
}

export interface CheapestOffer {
  provider: string;
  provider_name: string;
  source: OfferSource;
  price: ApiPrice;
}

/** Who lists an offer: OpenRouter, a price source, or the maker's own page (`maker`: its price where no record of the others says it). */
export type OfferSource = 'openrouter' | PriceSource | 'maker';

/** Prices in force from a prompt size on: a tier applies to a request whose total input tokens are strictly above `min_prompt_tokens`. */
export type ApiPriceTier = ApiPrice & { min_prompt_tokens: number };

/** One price an offer showed: when it took effect (first seen, or the day its source dates it) and that day. */
export interface ApiOfferPoint {
  at: string;
  input: number | null;
  output: number | null;
  cache_read: number | null;
  cache_write: number | null;
  source_date: string | null;
}

/** One offer of the model: an OpenRouter provider endpoint or a direct offer from genai-prices, LiteLLM or models.dev. */
export interface ApiOffer {
  /** Canonical provider id, one per provider across sources (`amazon-bedrock`, `fireworks`). */
  provider: string;
  /** The provider for people (`Amazon Bedrock`; OpenRouter's own name for its endpoints). */
  provider_name: string;
  source: OfferSource;
  /** OpenRouter's endpoint tag, or the source's own key. */
  source_key: string;
  /** OpenRouter's endpoint tag (`fireworks/fast`; null for direct offers). */
  tag: string | null;
  /** `standard` for a provider's headline price; the others are never headline. */
  kind: OfferKind;
  /** Where the price holds (`us-gov-east-1`, the data zone `eu`), or null. */
  region: string | null;
  /** Sold by the model's own author. */
  first_party: boolean;
  price: ApiPrice;
  context_length: number | null;
  max_output: number | null;
  quantization: string | null;
  capabilities: Capabilities | null;
  free: boolean;
  uptime_1d: number | null;
  /** When this provider retires its copy (not the model's own date, unless first party). */
  retirement_date: string | null;
  /** Long-context tiers of this offer, ascending; [] where the source states none, null where it cannot say (OpenRouter's endpoints). */
  price_tiers: ApiPriceTier[] | null;
  /** The day its source's curators last checked the price (genai-prices), or null. */
  prices_checked: string | null;
  /** Every distinct price this offer showed, oldest first. */
  price_history: ApiOfferPoint[];
  /** The daily window (UTC) a `time_window` offer's price holds in; null for the others. */
  time_window: { start: string; end: string } | null;
  /** Read before a change the maker dates, now in force: older news, listed last, never `cheapest_offer`. */
  stale: boolean;
  /** The names this provider's API accepts for the model at this offer's place, sorted; [] when none is known (docs/api.md, "API names"). */
  api_names: string[];
}


export interface ModelDetail extends ModelEntry {
  lifecycle: DetailLifecycle;
  description: string;
  created_at: string | null;
  first_seen_at: string;
  delisted_at: string | null;
  /** The model this one is part of (one model found under two ids): then delisted here and listed nowhere; else null. */
  part_of: string | null;
  input_modalities: string[];
  output_modalities: string[];
  source_url: string;
  /** The headline price's history, oldest first, back to the earliest price any source showed. */
  price_history: ApiHistoryPoint[];
  /** Prices the maker dates after the data's as-of day: changes announced ahead, soonest first. */
  upcoming_price_changes: PriceChange[];
  /** Every offer we know, cheapest first, each with its real-traffic figures where OpenRouter publishes them. */
  endpoints: DetailOffer[];
  endpoints_updated_at: string | null;
  /** A price that jumped too far at once, not published until a later observation confirms it. */
  /** Prices from a prompt size on (long-context tiers); `blended` stays the base price's. */
  price_tiers: ApiPriceTier[];
  pending_price: (ApiPrice & { at: string }) | null;
  /** The author's own price list, as LiteLLM and models.dev publish it. */
  direct_prices: Array<{ source: string; provider: string; source_key: string; price: ApiPrice; tiers: PriceTier[]; deprecated: boolean }>;
  /** Retirements of one provider's copy of the model (not the model's own). */
  provider_retirements: ProviderRetirement[];
  /** What the maker's own deprecation page (or a curated override) says of a deprecated or retired model, or one with a retirement date; null for the others. */
  deprecation: ModelDeprecation | null;
  provenance: Provenance;
  /** Its state, the incidents naming it and its speed (issue 39; docs/api.md, "Model status"). */
  status: ModelStatus;
}

/** An offer in the model detail: the offer and, for OpenRouter's endpoints, their figures (null: none). */
export interface DetailOffer extends ApiOffer {
  stats: EndpointStats | null;
}

export interface ModelDeprecation {
  retirement_date: string | null;
  deprecated_at: string | null;
  /** Why there is no date, as the maker's page says (`not sooner than 2027-06-09`, `to be announced`). */
  note: string | null;
  replacement: string | null;
  replacement_id: string | null;
  source_url: string;
}

/** One step of a model's headline price: from `at` on, as `source` showed it. */
export interface ApiHistoryPoint extends ApiPrice {
  at: string;
  source: OfferSource;
  /** The day the source dates this price, where it does. */
  source_date: string | null;
  /** When the price before this one was last seen; null on the first entry and where not known. */
  previous_seen_at: string | null;
}

export interface PriceChange {
  model_id: string;
  name: string;
  /** When the new price took effect: first seen, or the day its source dates it. */
  at: string;
  previous: ApiPrice;
  current: ApiPrice;
  change_pct: number | null;
  /** When the previous price was last seen: the change happened between this and `at` (equal: the source dates it). */
  previous_seen_at: string | null;
  /** The source whose price changed. */
  source: OfferSource;
  /** The day the source dates the change, where it does. */
  source_date: string | null;
  /** Dated after the data's as-of day: announced, not yet in force. */
  upcoming: boolean;
}

/** An active or legacy model whose maker gives a tentative earliest retirement date and no date yet (feeds, calendar). */
export interface EarliestRetirement {
  model_id: string;
  name: string;
  status: LifecycleStatus;
  not_before: string;
  source_url: string | null;
}

export interface Deprecation {
  model_id: string;
  name: string;
  retirement_date: string;
  /** The date is on or before the data's as-of day (clients recompute it for their own day). */
  retired: boolean;
  deprecated_at: string | null;
  /** Our model id where we track the replacement, else the maker's name for it, or null. */
  replacement: string | null;
  replacement_id: string | null;
  source_url: string;
}

/** Where a status response's states come from (`meta.live`, in every status response; docs/api.md, "Live status"). */
export type LiveSource = 'monitor' | 'static';

/**
 * Why a status response is not the monitor's live answer: `static_build`, the file the build wrote;
 * the others, a Worker that answered with that file instead (its database unreachable, empty,
 * its newest observation older than 5 minutes, or its last run failed). null: a live answer.
 */
export type LiveReason = 'static_build' | 'monitor_unavailable' | 'monitor_empty' | 'monitor_stale' | 'run_failed';

export interface LiveMeta {
  source: LiveSource;
  /** The newest monitor observation used, or null (a static answer). */
  observed_at: string | null;
  age_seconds: number | null;
  reason: LiveReason | null;
}

/** What every status file the build writes says: constant, so the files keep their bytes. */
export const STATIC_LIVE_META: LiveMeta = { source: 'static', observed_at: null, age_seconds: null, reason: 'static_build' };

// Issue 39: status per model (docs/api.md, "Model status"). The pure rules live in
// status/model-state.ts; render/model-status.ts makes these shapes.

/** OpenRouter's real-traffic figures of one provider endpoint, each named with its window. */
export interface EndpointStats {
  /** When they were read: each window ends then. */
  observed_at: string;
  /** Share of requests that succeeded over the last 5 minutes, 30 minutes and day (0..1). */
  uptime_5m: number | null;
  uptime_30m: number | null;
  uptime_1d: number | null;
  /** Time to the first token over the last 30 minutes, milliseconds. */
  latency_30m: { p50_ms: number | null; p90_ms: number | null };
  /** Output tokens a second over the last 30 minutes. */
  throughput_30m: { p50_tps: number | null; p90_tps: number | null };
}

/** An official incident that names a model, as the model's status lists it. */
export interface ModelIncident {
  /** The service whose official page published it. */
  service_id: string;
  id: string;
  name: string;
  status: string;
  impact: string;
  started_at: string | null;
  updated_at: string | null;
  resolved_at: string | null;
  url: string | null;
}

export type ModelStateName = 'operational' | 'degraded' | 'outage' | 'unknown';
export type EndpointHealthName = 'up' | 'degraded' | 'down' | 'unknown';

/** How fast a model is: OpenRouter's fastest endpoint beside Artificial Analysis' medians, each with its source. */
export interface ModelSpeed {
  /** The best p50 of its OpenRouter endpoints over 30 minutes (highest throughput, lowest latency), or null. */
  openrouter: { throughput_tps: number | null; latency_ms: number | null; observed_at: string } | null;
  /** Artificial Analysis' medians across the providers it measures, or null. */
  artificial_analysis: { output_tps: number | null; ttft_ms: number | null; url: string } | null;
}

/** The model detail's `status`. */
export interface ModelStatus {
  state: ModelStateName;
  /** Why (status/model-state.ts STATE_REASONS). */
  reason: string;
  /** The first status run that judged this state, or null when not recorded. */
  since: string | null;
  /** Its endpoints by verdict, from the newest figures. */
  providers: { up: number; degraded: number; down: number; unknown: number };
  /** Unresolved official incidents that name it (while the official data counts). */
  open_incidents: ModelIncident[];
  /** Every incident naming it in the 90-day window, newest first (open ones too). */
  recent_incidents: ModelIncident[];
  speed: ModelSpeed;
}

/** A models list entry's compact status: the state and the speed `fastest` ranks by. */
export interface EntryStatus {
  state: ModelStateName;
  /** OpenRouter's best p50 throughput, else Artificial Analysis' median output speed (tokens a second). */
  throughput_tps: number | null;
  /** OpenRouter's best p50 time to first token, else Artificial Analysis' median (milliseconds). */
  latency_ms: number | null;
  /** Where the two figures come from; null without either. */
  speed_source: 'openrouter' | 'artificialanalysis' | null;
}

/** An entry of /api/v1/models and /api/v1/models/<author>: the model entry and its compact status. */
export interface ModelListEntry extends ModelEntry {
  status: EntryStatus;
}

/** One endpoint in /api/v1/status/models: who serves it, its verdict and its figures. */
export interface EndpointStatus {
  tag: string;
  provider: string;
  provider_name: string;
  health: EndpointHealthName;
  stats: EndpointStats;
}

/** An entry of /api/v1/status/models: a model that is not operational now. */
export interface ModelStatusEntry {
  id: string;
  name: string;
  author: string;
  state: ModelStateName;
  reason: string;
  since: string | null;
  providers: ModelStatus['providers'];
  endpoints: EndpointStatus[];
  open_incidents: ModelIncident[];
}

/** A service's third signal: the share of requests failing on its own endpoints (status/model-state.ts). */
export interface ServiceTraffic {
  health: EndpointHealthName;
  failing_share: number | null;
  counted_endpoints: number;
  counted_models: number;
  observed_at: string | null;
}
