/**
 * The normalized form of an official status page, whatever platform serves it. Every platform
 * adapter (generator/status/platforms/) translates its upstream vocabulary into these terms;
 * values it does not recognize become `unknown`, never a crash.
 */

/** The status stage's entry in data/sources.json (its last success, its error). */
export const STATUS_SOURCE_ID = 'status';

export const STATUS_PLATFORMS = ['statuspage', 'incidentio', 'instatus', 'betterstack', 'gcp', 'none'] as const;
export type StatusPlatform = (typeof STATUS_PLATFORMS)[number];

/** The page-wide indicator, in Atlassian Statuspage's vocabulary (the most common one). */
export const OFFICIAL_INDICATORS = ['none', 'minor', 'major', 'critical', 'maintenance', 'unknown'] as const;
export type OfficialIndicator = (typeof OFFICIAL_INDICATORS)[number];

export const INCIDENT_IMPACTS = ['none', 'minor', 'major', 'critical', 'maintenance', 'unknown'] as const;
export type IncidentImpact = (typeof INCIDENT_IMPACTS)[number];

/** Statuspage's incident lifecycle; other platforms map onto it, anything else is `unknown`. */
export const INCIDENT_STATUSES = ['investigating', 'identified', 'monitoring', 'resolved', 'postmortem', 'scheduled', 'in_progress', 'verifying', 'completed', 'unknown'] as const;
export type IncidentStatus = (typeof INCIDENT_STATUSES)[number];

export interface OfficialIncident {
  /** The platform's incident id (prefixed by nothing; unique within one page). */
  id: string;
  name: string;
  status: IncidentStatus;
  impact: IncidentImpact;
  /** ISO 8601 UTC to the second, or null when the platform does not say. */
  started_at: string | null;
  updated_at: string | null;
  url: string | null;
}

/** The component statuses that cost uptime, worst first (Statuspage's vocabulary). */
export const DOWNTIME_STATUSES = ['major_outage', 'partial_outage', 'degraded_performance', 'under_maintenance'] as const;
export type DowntimeStatus = (typeof DOWNTIME_STATUSES)[number];

/** An incident from the page's own history (resolved or not). */
export interface HistoryIncident extends OfficialIncident {
  resolved_at: string | null;
  /** The watched components its updates name. */
  components: string[];
  /** The worst status a watched component had during it, when the page says. */
  worst_status: DowntimeStatus | null;
}

export interface OfficialComponent {
  name: string;
  /** Statuspage component vocabulary: operational, degraded_performance, partial_outage, major_outage, under_maintenance, unknown. */
  status: string;
}

/** What one read of an official status page says right now. */
export interface OfficialStatus {
  indicator: OfficialIndicator;
  /** The page's own one-line description ("All Systems Operational"), or a generated one. */
  description: string;
  /** The human-readable status page URL. */
  url: string;
  /** Unresolved incidents (and maintenance in progress) only. */
  active_incidents: OfficialIncident[];
  components: OfficialComponent[];
}

/** Options a registry entry may give its status page (see data/services.json). */
export interface StatusPageTarget {
  /** Our service id, used as the `source` of errors (e.g. "status:openai"). */
  service_id: string;
  type: StatusPlatform;
  /** The page's base URL; adapters append their API paths. */
  url: string;
  /** Only these components (by name, case-insensitive) count, when given. */
  components?: string[];
  /** GCP only: product ids or names to keep from incidents.json. */
  products?: string[];
}
