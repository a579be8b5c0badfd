/**
 * Which models each official incident names (status/incident-models.ts), for every monitored
 * service: the service detail's `recent_incidents[].models`, and each model's own incidents
 * (its detail's `status`). Pure. A name that fits two models attaches to neither and is told to
 * `notice` once per incident, for the run report.
 */
import { OFFICIAL_MAX_AGE_S } from '../status/combine.js';
import type { ServiceHistory, StoredIncident } from '../status/history.js';
import { buildModelNameTable, modelsNamed, type NamedModelSource } from '../status/incident-models.js';
import { serviceCatalog, type ServiceDefinition } from '../status/registry.js';
import type { ModelIncident } from '../types/api-types.js';
import type { SourcedModel } from './model-sources.js';
import { windowIncidents } from './status.js';

/** What matching needs of a model: its names, author and the providers of its offers. */
export interface IncidentModelSource extends NamedModelSource {
  author: string;
  providers: ReadonlySet<string>;
}

/** What incident matching reads of a model: its names, and the providers of its offers. */
export function incidentModelSource(model: Pick<SourcedModel, 'record' | 'offers'>): IncidentModelSource {
  const r = model.record;
  return { id: r.id, name: r.name, author: r.author, delisted_at: r.delisted_at, api_names: model.offers.flatMap((o) => o.api_names), providers: new Set(model.offers.map((o) => o.provider)) };
}

/**
 * What incident matching reads of the catalog. A model part of another (`part_of`) is that model
 * under a second id: its API names and providers join the whole's and it is no candidate of its
 * own, so "Claude Opus 4.8" names the one model rather than fitting two records and attaching to
 * neither. A part whose whole is not in `models` stays a model of its own.
 */
export function incidentModelSources(models: readonly Pick<SourcedModel, 'record' | 'offers'>[]): IncidentModelSource[] {
  const wholeIds = new Set(models.filter((m) => m.record.part_of === undefined).map((m) => m.record.id));
  const partsOf = new Map<string, IncidentModelSource[]>();
  const out: IncidentModelSource[] = [];
  for (const model of models) {
    const whole = model.record.part_of;
    if (whole !== undefined && wholeIds.has(whole)) partsOf.set(whole, [...(partsOf.get(whole) ?? []), incidentModelSource(model)]);
  }
  for (const model of models) {
    const whole = model.record.part_of;
    if (whole !== undefined && wholeIds.has(whole)) continue;
    const own = incidentModelSource(model);
    const parts = partsOf.get(own.id) ?? [];
    out.push(parts.length === 0 ? own : { ...own, api_names: [...(own.api_names ?? []), ...parts.flatMap((p) => p.api_names ?? [])], providers: new Set([...own.providers, ...parts.flatMap((p) => [...p.providers])]) });
  }
  return out;
}

/** An incident naming a model, with whether it is open and whether its official data still counts. */
export interface NamingIncident extends ModelIncident {
  open: boolean;
  counts: boolean;
}

export interface IncidentIndex {
  /** Model id → the incidents naming it (90-day window and open ones), newest first. */
  byModel: Map<string, NamingIncident[]>;
  /** The models an incident names: `<service id> <incident id>` → sorted ids. */
  named(serviceId: string, incidentId: string): string[];
}

/** Pure: every service's window incidents matched against the catalog, judged at `asOf`. */
export function matchIncidents(
  services: readonly ServiceDefinition[],
  histories: ReadonlyMap<string, ServiceHistory | undefined>,
  models: readonly IncidentModelSource[],
  asOf: string | null,
  notice: (line: string) => void = () => undefined,
): IncidentIndex {
  const table = buildModelNameTable(models);
  const byId = new Map(models.map((m) => [m.id, m]));
  const byModel = new Map<string, NamingIncident[]>();
  const byIncident = new Map<string, string[]>();
  for (const service of services) {
    const history = histories.get(service.id);
    if (history === undefined) continue;
    const { authors, providers } = serviceCatalog(service);
    const inScope = (id: string) => {
      const model = byId.get(id);
      return model !== undefined && (authors.includes(model.author) || providers.some((p) => model.providers.has(p)));
    };
    const fetched = history.official.fetched_at;
    const counts = asOf !== null && fetched !== null && (Date.parse(asOf) - Date.parse(fetched)) / 1000 <= OFFICIAL_MAX_AGE_S;
    for (const incident of windowIncidents(history, asOf)) {
      if (incident.source !== 'official') continue;
      const named = modelsNamed(incident.name, table, { inScope, at: incident.started_at });
      for (const a of named.ambiguous) {
        notice(`${service.id} incident ${incident.id} ${JSON.stringify(incident.name)}: the name ${JSON.stringify(a.name)} fits ${a.candidates.join(' and ')}; attached to neither`);
      }
      if (named.models.length === 0) continue;
      byIncident.set(`${service.id} ${incident.id}`, named.models);
      for (const id of named.models) {
        let list = byModel.get(id);
        if (list === undefined) byModel.set(id, (list = []));
        list.push({ ...modelIncident(service.id, incident), open: incident.resolved_at === null, counts });
      }
    }
  }
  for (const list of byModel.values()) list.sort(newestFirst);
  return { byModel, named: (serviceId, incidentId) => byIncident.get(`${serviceId} ${incidentId}`) ?? [] };
}

function modelIncident(serviceId: string, i: StoredIncident): ModelIncident {
  return { service_id: serviceId, id: i.id, name: i.name, status: i.status, impact: i.impact, started_at: i.started_at, updated_at: i.updated_at, resolved_at: i.resolved_at, url: i.url };
}

/** Newest first by start (unknown last), then service and id: deterministic across services. */
export function newestFirst(a: Pick<ModelIncident, 'started_at' | 'service_id' | 'id'>, b: Pick<ModelIncident, 'started_at' | 'service_id' | 'id'>): number {
  const sa = a.started_at ?? '';
  const sb = b.started_at ?? '';
  if (sa !== sb) return sa < sb ? 1 : -1;
  const ka = `${a.service_id} ${a.id}`;
  const kb = `${b.service_id} ${b.id}`;
  return ka < kb ? -1 : ka > kb ? 1 : 0;
}
