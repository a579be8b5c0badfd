/**
 * The official incidents the monitor reads every minute, attached to the models they name, with
 * the build's one matcher (status/incident-models.ts) over the catalog's name table
 * (names-asset.ts). Matched in the cron run, never in an answer: each open incident of a page the
 * monitor reads is matched once, when it first appears or its name changes, and the result kept
 * in the monitor's state (`incident_models`, state.ts); a run that meets no new incident never
 * reads the name table. The live model answers (live-models.ts) read the result with the state.
 * Precision first, as the build: a name that fits two models attaches to neither and is told to
 * the run's log line.
 */
import { modelsNamed } from '../../../status/incident-models.js';
import { officialCounts } from '../../../status/model-state.js';
import { serviceCatalog, type ServiceDefinition } from '../../../status/registry.js';
import { newestFirst, type NamingIncident } from '../../../render/incident-models.js';
import type { NamesAsset } from './names-asset.js';
import type { IncidentModels, MonitorState } from './state.js';

const keyOf = (serviceId: string, incidentId: string) => `${serviceId} ${incidentId}`;

/**
 * The matches of the open incidents in `state`: the previous run's where the incident and its
 * name are unchanged, else matched now (`load` gives the name table; null: the site has none, and
 * the incident names nothing; a table that cannot be read leaves the incident unmatched, to be
 * tried again next run). `notice` hears each ambiguous name once, when matched.
 */
export async function matchOpenIncidents(
  services: readonly ServiceDefinition[],
  state: MonitorState,
  previous: IncidentModels | undefined,
  load: () => Promise<NamesAsset | null>,
  notice: (line: string) => void = () => undefined,
): Promise<{ matches: IncidentModels; matched: number }> {
  const matches: IncidentModels = {};
  let matched = 0;
  let asset: NamesAsset | null | 'failed' | undefined;
  for (const service of services) {
    const snapshot = state.services[service.id]?.official?.snapshot;
    if (snapshot == null) continue;
    for (const incident of snapshot.active_incidents) {
      const key = keyOf(service.id, incident.id);
      const before = previous?.[key];
      if (before !== undefined && before.name === incident.name) {
        matches[key] = before;
        continue;
      }
      if (asset === undefined) asset = await load().catch((error: unknown) => (notice(`the name table cannot be read (${error instanceof Error ? error.message : 'unknown'}): incidents not matched this run`), 'failed' as const));
      if (asset === 'failed') continue;
      matched += 1;
      if (asset === null) {
        matches[key] = { name: incident.name, models: [] };
        continue;
      }
      const { authors, providers } = serviceCatalog(service);
      const models = asset.models;
      const inScope = (id: string) => {
        const model = models.get(id);
        return model !== undefined && (authors.includes(model.author) || providers.some((p) => model.providers.has(p)));
      };
      const named = modelsNamed(incident.name, asset.table, { inScope, at: incident.started_at });
      for (const a of named.ambiguous) notice(`${service.id} incident ${incident.id} ${JSON.stringify(incident.name)}: the name ${JSON.stringify(a.name)} fits ${a.candidates.join(' and ')}; attached to neither`);
      matches[key] = { name: incident.name, models: named.models.map((id) => [id, models.get(id)!.name, models.get(id)!.author]) };
    }
  }
  return { matches, matched };
}

export interface LiveIncidents {
  /** The services whose incidents are the monitor's (it holds a good read of their page): the static file's give way for them. */
  services: Set<string>;
  /** Model id → the open incidents naming it, newest first, each with whether its page's read still counts at `now`. */
  byModel: Map<string, NamingIncident[]>;
  /** Model id → [name, author], for a model named by an incident and listed nowhere else. */
  names: Map<string, [string, string]>;
}

/** Pure: the monitor's open incidents by model, judged at `now` (ISO). */
export function liveIncidents(state: MonitorState, now: string): LiveIncidents {
  const out: LiveIncidents = { services: new Set(), byModel: new Map(), names: new Map() };
  const matches = state.incident_models ?? {};
  for (const [serviceId, service] of Object.entries(state.services)) {
    const official = service.official;
    if (official?.snapshot == null) continue;
    out.services.add(serviceId);
    const counts = officialCounts(official.fetched_at, now);
    for (const incident of official.snapshot.active_incidents) {
      const match = matches[keyOf(serviceId, incident.id)];
      if (match === undefined || match.name !== incident.name) continue;
      for (const [id, name, author] of match.models) {
        out.names.set(id, [name, author]);
        let list = out.byModel.get(id);
        if (list === undefined) out.byModel.set(id, (list = []));
        list.push({ service_id: serviceId, id: incident.id, name: incident.name, status: incident.status, impact: incident.impact, started_at: incident.started_at, updated_at: incident.updated_at, resolved_at: null, url: incident.url, open: true, counts });
      }
    }
  }
  for (const list of out.byModel.values()) list.sort(newestFirst);
  return out;
}
