/**
 * The text bounds (bounds/text.ts) applied to what status pages say: page descriptions, incident
 * names, component names and lists. Applied to each read before it is merged and stored
 * (update), and to stored histories when they are rendered (values an older version stored).
 */
import type { ServiceHistory, ServiceObservation } from '../status/history.js';
import type { OfficialStatus } from '../status/types.js';
import { BOUNDS, boundList, boundText, type BoundReport } from './text.js';

function boundIncident<T extends { name: string; components?: string[] }>(incident: T, report: BoundReport): T {
  const name = boundText(incident.name, 'incident_name', 'incident name', report);
  const before = incident.components;
  const components = before === undefined ? undefined : boundList(before, 'incident_components', 'incident components', report).map((c) => boundText(c, 'component_name', 'component name', report));
  const sameComponents = components === undefined || (components.length === before!.length && components.every((c, i) => c === before![i]));
  return name === incident.name && sameComponents ? incident : { ...incident, name, ...(components === undefined ? {} : { components }) };
}

/** One read of a page within bounds: its description, open incidents and components. */
export function boundOfficialStatus(status: OfficialStatus, report: BoundReport): OfficialStatus {
  return {
    ...status,
    description: boundText(status.description, 'status_description', 'page description', report),
    active_incidents: boundList(status.active_incidents, 'active_incidents', 'open incidents', report).map((i) => boundIncident(i, report)),
    components: boundList(status.components, 'page_components', 'page components', report).map((c) => ({ ...c, name: boundText(c.name, 'component_name', 'component name', report) })),
  };
}

/** One run's observation of a service within bounds (the page read and its incident history). */
export function boundObservation(observation: ServiceObservation, report: BoundReport): ServiceObservation {
  const official = observation.official?.ok ? { ok: true as const, status: boundOfficialStatus(observation.official.status, report) } : observation.official;
  const history = observation.history?.ok ? { ...observation.history, incidents: observation.history.incidents.map((i) => boundIncident(i, report)) } : observation.history;
  return { ...observation, official, ...(history === undefined ? {} : { history }) };
}

/** How far back a service's file lists incidents (render/status.ts publishes 90 days). */
const PUBLISHED_DAYS = 90;

/**
 * A stored history within bounds, for the build, as of `asOf`: text as above, and at most
 * BOUNDS.service_incidents incidents, the newest (stored newest first). Older ones are kept in
 * data/ for a year but not published, so cutting those is not news; cutting into the published
 * 90 days (a flood of incidents) is reported.
 */
export function boundServiceHistory(history: ServiceHistory, asOf: string, report: BoundReport): ServiceHistory {
  const snapshot = history.official.snapshot === null ? null : boundOfficialStatus(history.official.snapshot, report);
  const cap = BOUNDS.service_incidents;
  const dropped = history.incidents.slice(cap);
  const windowStart = new Date(Date.parse(asOf) - PUBLISHED_DAYS * 86_400_000).toISOString();
  if (dropped.some((i) => i.resolved_at === null || i.resolved_at >= windowStart || (i.started_at ?? '') >= windowStart)) {
    report(`incidents: published the newest ${cap} of ${history.incidents.length}`);
  }
  return { ...history, official: { ...history.official, snapshot }, incidents: history.incidents.slice(0, cap).map((i) => boundIncident(i, report)) };
}
