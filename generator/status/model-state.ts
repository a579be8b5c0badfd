/**
 * The state of a model, and of each provider endpoint serving it, from the official incidents
 * that name it and the real-traffic figures of its endpoints (endpoint-stats.ts); and a
 * service's third signal, the share of requests failing on its own endpoints. Pure, no Node.js
 * imports: the build and the edge Worker judge with this one module, at a time they pass in.
 *
 * The rules (docs/api.md, "Model status"):
 * - an endpoint is `up` when at least UP_UPTIME (95%) of its requests succeeded over the last 5
 *   minutes (the 30-minute figure where OpenRouter gives no 5-minute one: no request in 5
 *   minutes is no failure), `down` below DOWN_UPTIME (50%), `degraded` between, `unknown`
 *   without either figure or when the figures are older than FIGURES_MAX_AGE_S; when the read
 *   before was less than 5 minutes earlier, the least share of requests that can have succeeded
 *   between the two reads counts too, if it is higher (`successSincePrevious`: a recovery shows
 *   without waiting for the whole window to forget the failure);
 * - the traffic says `outage` when every endpoint with a verdict is down, `degraded` when none is
 *   up or more than half are not up, `operational` otherwise: a model one provider has lost while
 *   others serve it is not down;
 * - each open official incident naming the model says `outage` for a critical impact, `degraded`
 *   for any other (none: no opinion), while the official data counts (combine.ts, two hours);
 * - the state is the worst opinion (operational < degraded < outage); with none at all it is
 *   `unknown`, with the reason (`no_figures`, `figures_stale`, `no_traffic`).
 */
import { OFFICIAL_MAX_AGE_S } from './combine.js';
import { UPTIME_WINDOW_S, type EndpointFigures, type ModelFigures } from './endpoint-stats.js';
import type { IncidentImpact } from './types.js';

export const MODEL_STATES = ['operational', 'degraded', 'outage', 'unknown'] as const;
export type ModelState = (typeof MODEL_STATES)[number];

export const ENDPOINT_HEALTH = ['up', 'degraded', 'down', 'unknown'] as const;
export type EndpointHealth = (typeof ENDPOINT_HEALTH)[number];

/** At least this share of requests succeeding over 5 minutes is up. */
export const UP_UPTIME = 0.95;
/** Below this share an endpoint is down. */
export const DOWN_UPTIME = 0.5;
/**
 * Figures older than this say nothing about now: an hour. The edge monitor reads every on-sale
 * model at least every 15 minutes; the 15-minute refresh's own sweep reaches each within 45
 * minutes at today's catalog (docs/operation.md, "The endpoint statistics sweep").
 */
export const FIGURES_MAX_AGE_S = 3600;

/** The thresholds as the status files publish them (`meta.thresholds` of /api/v1/status/models). */
export const STATE_THRESHOLDS = { up_uptime: UP_UPTIME, down_uptime: DOWN_UPTIME, figures_max_age_seconds: FIGURES_MAX_AGE_S } as const;

export const STATE_REASONS = [
  /** An open official incident names the model (its impact set the state). */
  'incident',
  /** Every endpoint with a verdict is down. */
  'all_providers_down',
  /** No endpoint is up: the best is degraded. */
  'no_provider_up',
  /** More than half of the endpoints with a verdict are not up. */
  'most_providers_failing',
  /** Some endpoint is not up, but at least half are: still served. */
  'some_providers_failing',
  /** Every endpoint with a verdict is up. */
  'providers_up',
  /** OpenRouter publishes no figures for the model (not listed there, or never read yet). */
  'no_figures',
  /** The newest figures are older than FIGURES_MAX_AGE_S. */
  'figures_stale',
  /** The figures hold no uptime at all (no request in 30 minutes). */
  'no_traffic',
] as const;
export type StateReason = (typeof STATE_REASONS)[number];

const RANK: Record<Exclude<ModelState, 'unknown'>, number> = { operational: 0, degraded: 1, outage: 2 };

/** The seconds between `from` and `to` (ISO times), never negative. */
export function ageSeconds(from: string, to: string): number {
  return Math.max(0, Math.round((Date.parse(to) - Date.parse(from)) / 1000));
}

/** Whether figures observed at `observedAt` still say something at `now`. */
export function figuresFresh(observedAt: string | null, now: string): boolean {
  if (observedAt === null) return false;
  const from = Date.parse(observedAt);
  const to = Date.parse(now);
  return from <= to && Math.round((to - from) / 1000) <= FIGURES_MAX_AGE_S;
}

type UptimeFigures = Pick<EndpointFigures, 'uptime_5m' | 'uptime_30m' | 'uptime_5m_before'>;

/**
 * The least share of an endpoint's requests that can have succeeded between the previous read and
 * this one, from the two 5-minute uptimes (null without a previous read less than a window
 * before). With W the window and Δ the time between the reads, the window at this read lost the
 * oldest Δ of the previous one and gained the newest Δ, so, with requests spread evenly over time,
 * succeeded(new Δ) = (uptime − uptime_before) × W + succeeded(lost Δ) ≥ (uptime − uptime_before) × W:
 * a share of at least (uptime − uptime_before) × W / Δ. Only a rise says anything; a fall gives 0.
 */
export function successSincePrevious(endpoint: Pick<EndpointFigures, 'uptime_5m' | 'uptime_5m_before'>): number | null {
  const before = endpoint.uptime_5m_before;
  if (before === undefined || endpoint.uptime_5m === null || !(before.seconds > 0 && before.seconds <= UPTIME_WINDOW_S)) return null;
  const least = ((endpoint.uptime_5m - before.uptime) * UPTIME_WINDOW_S) / before.seconds;
  return Math.round(Math.min(1, Math.max(0, least)) * 10_000) / 10_000;
}

/** The uptime an endpoint's verdict rests on: the last 5 minutes (else the last 30), or what succeeded since the previous read when that is higher. */
export function recentUptime(endpoint: UptimeFigures): number | null {
  const windowed = endpoint.uptime_5m ?? endpoint.uptime_30m;
  const since = successSincePrevious(endpoint);
  return since === null || windowed === null ? windowed : Math.max(windowed, since);
}

export function healthOf(uptime: number | null): EndpointHealth {
  if (uptime === null) return 'unknown';
  return uptime >= UP_UPTIME ? 'up' : uptime >= DOWN_UPTIME ? 'degraded' : 'down';
}

/** One endpoint's verdict, at `now` (stale figures: unknown). */
export function endpointHealth(endpoint: UptimeFigures, observedAt: string | null, now: string): EndpointHealth {
  return freshHealth(endpoint, figuresFresh(observedAt, now));
}

/** The same, its figures' freshness (figuresFresh) already known: one model's endpoints share it, so it is worked out once. */
export function freshHealth(endpoint: UptimeFigures, fresh: boolean): EndpointHealth {
  return fresh ? healthOf(recentUptime(endpoint)) : 'unknown';
}

/** An open incident as the state reads it. */
export interface NamingIncident {
  impact: IncidentImpact;
  /** Whether the official data it comes from still counts (read within OFFICIAL_MAX_AGE_S). */
  counts: boolean;
}

export interface ProviderCounts {
  up: number;
  degraded: number;
  down: number;
  unknown: number;
}

export interface ModelStateVerdict {
  state: ModelState;
  reason: StateReason;
  /** How many endpoints are up, degraded, down or without a verdict. */
  providers: ProviderCounts;
}

export interface JudgeInput {
  /** The open official incidents that name the model. */
  incidents: readonly NamingIncident[];
  /** The newest figures of its endpoints, or null when none were ever read. */
  figures: Pick<ModelFigures, 'observed_at' | 'endpoints'> | null;
  /** The judgement's time (the status run's, or the Worker's clock). */
  now: string;
  /**
   * Without figures: the endpoints' verdicts as already made (the static file's counts, when the
   * edge has live incidents but no live figures for the model); ignored when `figures` is given.
   */
  providers?: ProviderCounts;
}

function trafficOpinion(counts: ProviderCounts): { state: ModelState; reason: StateReason } | null {
  const judged = counts.up + counts.degraded + counts.down;
  if (judged === 0) return null;
  if (counts.down === judged) return { state: 'outage', reason: 'all_providers_down' };
  if (counts.up === 0) return { state: 'degraded', reason: 'no_provider_up' };
  if (judged - counts.up > judged / 2) return { state: 'degraded', reason: 'most_providers_failing' };
  return counts.up === judged ? { state: 'operational', reason: 'providers_up' } : { state: 'operational', reason: 'some_providers_failing' };
}

/** Pure: the model's state at `input.now` by the rules above. */
export function judgeModelState(input: JudgeInput): ModelStateVerdict {
  const figures = input.figures;
  const providers: ProviderCounts = figures === null && input.providers !== undefined ? { ...input.providers } : { up: 0, degraded: 0, down: 0, unknown: 0 };
  const fresh = figures !== null && figuresFresh(figures.observed_at, input.now);
  if (figures !== null) for (const endpoint of figures.endpoints ?? []) providers[freshHealth(endpoint, fresh)] += 1;
  let best: { state: ModelState; reason: StateReason } | null = trafficOpinion(providers);
  for (const incident of input.incidents) {
    if (!incident.counts || incident.impact === 'none') continue;
    const state: ModelState = incident.impact === 'critical' ? 'outage' : 'degraded';
    if (best === null || best.state === 'unknown' || RANK[state] > RANK[best.state as Exclude<ModelState, 'unknown'>]) best = { state, reason: 'incident' };
  }
  if (best !== null) return { ...best, providers };
  const reason: StateReason =
    figures === null || figures.endpoints.length === 0 ? 'no_figures' : !fresh ? 'figures_stale' : 'no_traffic';
  return { state: 'unknown', reason, providers };
}

/** Whether an incident read at `fetchedAt` still counts at `now` (the rule of combine.ts). */
export function officialCounts(fetchedAt: string | null, now: string): boolean {
  return fetchedAt !== null && ageSeconds(fetchedAt, now) <= OFFICIAL_MAX_AGE_S;
}

/**
 * A service's third signal beside its official page and our probe: of the requests on its own
 * endpoints (the providers data/services.json names for it), the share failing over the last 5
 * minutes, each endpoint weighted equally (OpenRouter publishes no request counts), from the
 * endpoints whose figures are fresh. Never mixed into the service's combined status.
 */
export interface TrafficSignal {
  /** 0..1 (4 decimals); null: no fresh figure of any of its endpoints. */
  failing_share: number | null;
  /** The same thresholds as an endpoint's: up, degraded, down, unknown. */
  health: EndpointHealth;
  /** Endpoints (model × provider endpoint) with a fresh figure, and the models they serve. */
  endpoints: number;
  models: number;
  /** The oldest figure counted (ISO), null without any. */
  observed_at: string | null;
}

/** Pure: the signal over `figures` (model id → its newest figures), for the providers `providers`. */
export function serviceTraffic(figures: Iterable<[string, Pick<ModelFigures, 'observed_at' | 'endpoints'>]>, providers: ReadonlySet<string>, now: string): TrafficSignal {
  let sum = 0;
  let endpoints = 0;
  let oldest: string | null = null;
  const models = new Set<string>();
  for (const [model, read] of figures) {
    if (!figuresFresh(read.observed_at, now)) continue;
    for (const endpoint of read.endpoints) {
      const uptime = recentUptime(endpoint);
      if (uptime === null || !providers.has(endpoint.provider)) continue;
      sum += uptime;
      endpoints += 1;
      models.add(model);
      if (oldest === null || read.observed_at < oldest) oldest = read.observed_at;
    }
  }
  const failing = endpoints === 0 ? null : Math.round((1 - sum / endpoints) * 10_000) / 10_000;
  return { failing_share: failing, health: healthOf(failing === null ? null : 1 - failing), endpoints, models: models.size, observed_at: oldest };
}
