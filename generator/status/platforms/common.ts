/**
 * What every status-page adapter shares: the error source, URL handling, time normalization,
 * the indicator order, generated descriptions, component filtering and the incident fallbacks.
 *
 * Indicator order (for "worst of"): none < maintenance < minor < major < critical. `unknown` is
 * not on the scale: it only wins when nothing known is there, so one unrecognized value never
 * hides a known outage.
 *
 * Component filter rule (`target.components`): only the named components are kept (name match,
 * case-insensitive, trimmed). When at least one of them is on the page and the page has no
 * active incident or maintenance, the indicator comes from the worst kept component (table
 * COMPONENT_INDICATORS) and the description is generated: the page-wide indicator also covers
 * components we do not watch. With an active incident the page's own indicator stays, because
 * incidents are not reliably tied to components. When none of the named components is found the
 * page-wide indicator stays (a renamed component must not turn a page green).
 */
import type { HttpTransport } from '../../http/transport.js';
import { UpstreamError } from '../../http/errors.js';
import { withoutBidiControls } from '../../text/bidi.js';
import { sha256Hex } from '../../text/sha256.js';
import { isoSecond } from '../../models/dates.js';
import type { Validator } from '../../validation/validator.js';
import type { IncidentImpact, IncidentStatus, OfficialComponent, OfficialIncident, OfficialIndicator, StatusPageTarget } from '../types.js';

/** Statuspage's component vocabulary, the one every platform is translated into. */
export const COMPONENT_STATUSES = ['operational', 'degraded_performance', 'partial_outage', 'major_outage', 'under_maintenance', 'unknown'] as const;
export type ComponentStatus = (typeof COMPONENT_STATUSES)[number];

export const INDICATOR_RANK = { none: 0, maintenance: 1, minor: 2, major: 3, critical: 4 } as const;

/** Statuspage's own wording, so generated descriptions read like the most common pages. */
export const INDICATOR_DESCRIPTIONS = {
  none: 'All Systems Operational',
  minor: 'Minor Service Outage',
  major: 'Partial System Outage',
  critical: 'Major Service Outage',
  maintenance: 'Service Under Maintenance',
  unknown: 'Status Unknown',
} as const satisfies Record<OfficialIndicator, string>;

export const COMPONENT_INDICATORS = {
  operational: 'none',
  degraded_performance: 'minor',
  partial_outage: 'major',
  major_outage: 'critical',
  under_maintenance: 'maintenance',
  unknown: 'unknown',
} as const satisfies Record<ComponentStatus, OfficialIndicator>;

export const UNTITLED_INCIDENT = 'Untitled incident';

/** The `source` of every error about this target, e.g. "status:openai". */
export function statusSource(target: StatusPageTarget): string {
  return `status:${target.service_id}`;
}

/** The page's base URL without trailing slashes, so API paths can be appended. */
export function pageBaseUrl(target: StatusPageTarget): string {
  return target.url.replace(/\/+$/, '');
}

/** The only I/O of an adapter: GET one JSON document (HttpClient errors pass through typed). */
export async function fetchStatusJson(http: HttpTransport, url: string, target: StatusPageTarget): Promise<unknown> {
  const { json } = await http.requestJson(url, { source: statusSource(target) });
  return json;
}

export function validateOrThrow<T>(validate: Validator<T>, json: unknown, url: string, source: string, what: string): T {
  if (!validate(json)) {
    throw new UpstreamError({ kind: 'invalid_schema', source, url, message: `not ${what}: ${validate.errors()}` });
  }
  return json;
}

/** The fetch and parse steps of one platform: where its JSON lives and what shape it must have. */
export interface PlatformEndpoint<T> {
  /** The URL fetched for a target: the page's base URL plus the platform's API path. */
  apiUrl(target: StatusPageTarget): string;
  /** The only I/O: GET the JSON at `apiUrl(target)`. */
  fetch(http: HttpTransport, target: StatusPageTarget): Promise<unknown>;
  /** Validates the JSON; throws UpstreamError kind 'invalid_schema' naming `what` was expected. */
  parse(json: unknown, url: string, source: string): T;
}

/**
 * Every platform reads one JSON document under the page's base URL, so only the path, the
 * validator and the words for the error message differ between them.
 */
export function platformEndpoint<T>(path: string, validate: Validator<T>, what: string): PlatformEndpoint<T> {
  const apiUrl = (target: StatusPageTarget): string => `${pageBaseUrl(target)}${path}`;
  return {
    apiUrl,
    fetch: (http, target) => fetchStatusJson(http, apiUrl(target), target),
    parse: (json, url, source) => validateOrThrow(validate, json, url, source, what),
  };
}

export { nullableString } from './light-schemas.js';

/** Looks a raw upstream value up in a mapping table; anything else (or nothing) is `unknown`. */
export function lookup<V extends string>(table: Readonly<Record<string, V>>, value: string | null | undefined, fold: (raw: string) => string = (raw) => raw): V | 'unknown' {
  if (typeof value !== 'string') return 'unknown';
  const key = fold(value.trim());
  return Object.hasOwn(table, key) ? (table[key] as V) : 'unknown';
}

const DATE_PREFIX = /^\d{4}-\d{2}-\d{2}/;

/**
 * Upstream timestamps (`2026-08-04T20:47:13.372Z`, `…-07:00`, `…+00:00`) as ISO 8601 UTC to the
 * second; null when missing or unparseable. Only strings that start with a calendar date are
 * read, because `new Date()` guesses wildly at free text.
 */
export function normalizeTime(value: string | null | undefined): string | null {
  if (typeof value !== 'string' || !DATE_PREFIX.test(value.trim())) return null;
  const date = new Date(value.trim());
  return Number.isNaN(date.getTime()) ? null : isoSecond(date);
}

export function worstIndicator(values: readonly OfficialIndicator[]): OfficialIndicator {
  let worst: Exclude<OfficialIndicator, 'unknown'> | null = null;
  for (const value of values) {
    if (value === 'unknown') continue;
    if (worst === null || INDICATOR_RANK[value] > INDICATOR_RANK[worst]) worst = value;
  }
  if (worst !== null) return worst;
  return values.length > 0 ? 'unknown' : 'none';
}

/**
 * What an open incident says about the page: its impact, except that an incident of unknown
 * impact counts as `minor`: it is open, so the page is at least not all clear.
 */
export function indicatorOfOpenIncident(impact: IncidentImpact): OfficialIndicator {
  return impact === 'unknown' ? 'minor' : impact;
}

export function describeIndicator(indicator: OfficialIndicator): string {
  return INDICATOR_DESCRIPTIONS[indicator];
}

/** Keeps the components the target names (all when it names none). */
export function selectComponents(components: readonly OfficialComponent[], target: StatusPageTarget): OfficialComponent[] {
  const wanted = target.components?.map((name) => name.trim().toLowerCase());
  if (wanted === undefined || wanted.length === 0) return [...components];
  return components.filter((component) => wanted.includes(component.name.trim().toLowerCase()));
}

export interface PageVerdict {
  indicator: OfficialIndicator;
  description: string;
}

/** Applies the component filter rule (see the top of this file) to a page's own verdict. */
export function pageVerdict(
  page: { indicator: OfficialIndicator; description: string | null },
  components: readonly OfficialComponent[],
  target: StatusPageTarget,
  activeIncidents: readonly OfficialIncident[],
): PageVerdict {
  const filtered = (target.components?.length ?? 0) > 0;
  if (filtered && components.length > 0 && activeIncidents.length === 0) {
    const indicator = worstIndicator(components.map((c) => lookup(COMPONENT_INDICATORS, c.status)));
    return { indicator, description: describeIndicator(indicator) };
  }
  const description = page.description === null ? undefined : withoutBidiControls(page.description).trim();
  return { indicator: page.indicator, description: description ? description : describeIndicator(page.indicator) };
}

/** An incident as read from upstream, before the fallbacks. */
export interface IncidentDraft {
  id: string | number | null | undefined;
  name: string | null | undefined;
  status: IncidentStatus;
  impact: IncidentImpact;
  started_at: string | null | undefined;
  updated_at: string | null | undefined;
  /** Link built from the page when the upstream gives none (null when not possible). */
  url: string | null;
}

/**
 * Fills what can be filled: a missing name becomes "Untitled incident", a missing id a stable
 * hash of the name alone (start times get added or corrected between reads; the name is what
 * stays, so the same incident keeps its id), bad times null.
 * Only an incident with neither id nor name is dropped (null): nothing could identify it.
 */
export function completeIncident(draft: IncidentDraft): OfficialIncident | null {
  const rawId = typeof draft.id === 'number' ? String(draft.id) : draft.id?.trim();
  const rawName = draft.name === null || draft.name === undefined ? undefined : withoutBidiControls(draft.name).trim();
  if (!rawId && !rawName) return null;
  const startedAt = normalizeTime(draft.started_at);
  const id = rawId || `untitled-${sha256Hex(rawName ?? '').slice(0, 16)}`;
  return {
    id,
    name: rawName || UNTITLED_INCIDENT,
    status: draft.status,
    impact: draft.impact,
    started_at: startedAt,
    updated_at: normalizeTime(draft.updated_at),
    url: draft.url,
  };
}

/** A non-empty http(s) URL from upstream, else null. */
export function httpUrl(value: string | null | undefined): string | null {
  if (typeof value !== 'string') return null;
  const trimmed = value.trim();
  return /^https?:\/\/\S+$/i.test(trimmed) ? trimmed : null;
}
