/**
 * Status per model in the API's shapes (docs/api.md, "Model status"): each model's state (the
 * rules of status/model-state.ts, judged at the status run's time), the incidents naming it, its
 * speed, each OpenRouter endpoint's figures, the list of models not operational, and each
 * service's traffic signal. Pure.
 *
 * Stable bytes (docs/api.md, "Stable bytes of the model status"): the catalog files (model
 * detail, the models lists, `fastest`) show each model's figures as first read on the newest day
 * it was read (`day_first`), so they change at most once a day and when the state changes; the
 * newest figures decide the state and fill the status files (`/api/v1/status/models`), which
 * change with every run.
 */
import type { ModelFigures, EndpointFigures } from '../status/endpoint-stats.js';
import { checkStoredFigures } from '../status/endpoint-stats.js';
import { endpointHealth, judgeModelState, serviceTraffic, type ModelStateVerdict } from '../status/model-state.js';
import { serviceCatalog, type ServiceDefinition } from '../status/registry.js';
import type { MedianSpeed } from '../sources/facts.js';
import type { IncidentImpact } from '../status/types.js';
import type { ModelStatesFile, TrafficState } from '../store/traffic-store.js';
import type { ApiOffer, EndpointStats, EndpointStatus, EntryStatus, ModelIncident, ModelSpeed, ModelStatus, ModelStatusEntry, ServiceTraffic } from '../types/api-types.js';
import type { IncidentIndex, NamingIncident } from './incident-models.js';

export interface ModelStatusContext {
  /** The judgement's time: the last status run (`meta.checked_at` of the status files); null before any. */
  judgeAt: string | null;
  traffic: TrafficState;
  states: ModelStatesFile;
  incidents: IncidentIndex;
  /** Artificial Analysis' medians of a model, where its facts have them. */
  aaSpeed: (id: string) => MedianSpeed | null;
  aaUrl: string;
  /** Told about stored figures refused again (bounds at build: docs/bad-input.md). */
  report: (message: string) => void;
}

export interface ModelStatusRender {
  /** The model detail's `status`. */
  status(id: string): ModelStatus;
  /** A models list entry's compact `status`. */
  entryStatus(id: string): EntryStatus;
  /** The figures an offer of the model shows (its OpenRouter endpoint's, by tag), or null. */
  offerStats(id: string, offer: Pick<ApiOffer, 'source' | 'tag'>): EndpointStats | null;
  /** Every model of `ids` whose state is degraded or outage, worst first; and how many read unknown, by reason. */
  notOperational(models: ReadonlyArray<{ id: string; name: string; author: string }>, max: number): { entries: ModelStatusEntry[]; omitted: number; unknown: Record<string, number> };
  /** A service's traffic signal. */
  serviceTraffic(service: ServiceDefinition): ServiceTraffic;
  /** Each model's state and since, as judged: what `update` keeps (state/model-states.json). */
  judged(): ModelStatesFile;
}

/** The published figures of one endpoint. */
export function endpointStats(endpoint: EndpointFigures, observedAt: string): EndpointStats {
  return {
    observed_at: observedAt,
    uptime_5m: endpoint.uptime_5m,
    uptime_30m: endpoint.uptime_30m,
    uptime_1d: endpoint.uptime_1d,
    latency_30m: { p50_ms: endpoint.latency_ms.p50, p90_ms: endpoint.latency_ms.p90 },
    throughput_30m: { p50_tps: endpoint.throughput_tps.p50, p90_tps: endpoint.throughput_tps.p90 },
  };
}

const publicIncident = ({ open: _open, counts: _counts, ...incident }: NamingIncident): ModelIncident => incident;

/** The best p50s of a read: the highest throughput and the lowest latency of its endpoints. */
export function bestOf(figures: ModelFigures | null): ModelSpeed['openrouter'] {
  if (figures === null) return null;
  const throughputs = figures.endpoints.map((e) => e.throughput_tps.p50).filter((n): n is number => n !== null);
  const latencies = figures.endpoints.map((e) => e.latency_ms.p50).filter((n): n is number => n !== null);
  if (throughputs.length === 0 && latencies.length === 0) return null;
  return { throughput_tps: throughputs.length === 0 ? null : Math.max(...throughputs), latency_ms: latencies.length === 0 ? null : Math.min(...latencies), observed_at: figures.observed_at };
}

export function createModelStatus(ctx: ModelStatusContext): ModelStatusRender {
  const judgeAt = ctx.judgeAt;
  const latestCache = new Map<string, ModelFigures | null>();
  const catalogCache = new Map<string, ModelFigures | null>();
  const verdicts = new Map<string, ModelStateVerdict>();
  const about = (id: string) => (message: string) => ctx.report(`${id} endpoint statistics: ${message}`);

  const latest = (id: string): ModelFigures | null => {
    if (!latestCache.has(id)) latestCache.set(id, judgeAt === null ? null : checkStoredFigures(ctx.traffic.models[id]?.latest, judgeAt, about(id)));
    return latestCache.get(id)!;
  };
  /** The first read of the newest day read: what the catalog files show. */
  const catalog = (id: string): ModelFigures | null => {
    if (!catalogCache.has(id)) {
      const entry = ctx.traffic.models[id];
      catalogCache.set(id, entry?.day_first == null ? latest(id) : judgeAt === null ? null : checkStoredFigures(entry.day_first, judgeAt, about(id)));
    }
    return catalogCache.get(id)!;
  };
  const incidents = (id: string) => ctx.incidents.byModel.get(id) ?? [];
  const verdict = (id: string): ModelStateVerdict => {
    let known = verdicts.get(id);
    if (known === undefined) {
      known =
        judgeAt === null
          ? { state: 'unknown', reason: 'no_figures', providers: { up: 0, degraded: 0, down: 0, unknown: 0 } }
          : judgeModelState({ incidents: incidents(id).filter((i) => i.open).map((i) => ({ impact: i.impact as IncidentImpact, counts: i.counts })), figures: latest(id), now: judgeAt });
      verdicts.set(id, known);
    }
    return known;
  };
  const since = (id: string): string | null => {
    const stored = ctx.states[id];
    const { state } = verdict(id);
    return stored !== undefined && stored.state === state ? stored.since : judgeAt;
  };
  const speed = (id: string): ModelSpeed => {
    const aa = ctx.aaSpeed(id);
    return { openrouter: bestOf(catalog(id)), artificial_analysis: aa === null ? null : { output_tps: aa.output_tps, ttft_ms: aa.ttft_ms, url: ctx.aaUrl } };
  };

  return {
    status(id) {
      const v = verdict(id);
      const all = incidents(id);
      return {
        state: v.state,
        reason: v.reason,
        since: since(id),
        providers: v.providers,
        open_incidents: all.filter((i) => i.open && i.counts).map(publicIncident),
        recent_incidents: all.map(publicIncident),
        speed: speed(id),
      };
    },
    entryStatus(id) {
      const { openrouter, artificial_analysis: aa } = speed(id);
      const own = openrouter !== null && (openrouter.throughput_tps !== null || openrouter.latency_ms !== null);
      const fromAa = !own && aa !== null;
      return {
        state: verdict(id).state,
        throughput_tps: own ? openrouter.throughput_tps : fromAa ? aa.output_tps : null,
        latency_ms: own ? openrouter.latency_ms : fromAa ? aa.ttft_ms : null,
        speed_source: own ? 'openrouter' : fromAa ? 'artificialanalysis' : null,
      };
    },
    offerStats(id, offer) {
      if (offer.source !== 'openrouter' || offer.tag === null) return null;
      const figures = catalog(id);
      const endpoint = figures?.endpoints.find((e) => e.tag === offer.tag);
      return endpoint === undefined ? null : endpointStats(endpoint, figures!.observed_at);
    },
    notOperational(models, max) {
      const entries: ModelStatusEntry[] = [];
      const unknown: Record<string, number> = {};
      for (const model of models) {
        const v = verdict(model.id);
        if (v.state === 'unknown') unknown[v.reason] = (unknown[v.reason] ?? 0) + 1;
        if (v.state !== 'degraded' && v.state !== 'outage') continue;
        const figures = latest(model.id);
        const endpoints: EndpointStatus[] = (figures?.endpoints ?? []).map((e) => ({
          tag: e.tag,
          provider: e.provider,
          provider_name: e.provider_name,
          health: endpointHealth(e, figures!.observed_at, judgeAt!),
          stats: endpointStats(e, figures!.observed_at),
        }));
        entries.push({
          id: model.id,
          name: model.name,
          author: model.author,
          state: v.state,
          reason: v.reason,
          since: since(model.id),
          providers: v.providers,
          endpoints,
          open_incidents: incidents(model.id).filter((i) => i.open && i.counts).map(publicIncident),
        });
      }
      entries.sort((a, b) => (a.state !== b.state ? (a.state === 'outage' ? -1 : 1) : a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
      return { entries: entries.slice(0, max), omitted: Math.max(0, entries.length - max), unknown: Object.fromEntries(Object.entries(unknown).sort(([a], [b]) => (a < b ? -1 : 1))) };
    },
    serviceTraffic(service) {
      if (judgeAt === null) return { health: 'unknown', failing_share: null, counted_endpoints: 0, counted_models: 0, observed_at: null };
      const reads = Object.keys(ctx.traffic.models)
        .sort()
        .map((id): [string, ModelFigures | null] => [id, latest(id)])
        .filter((pair): pair is [string, ModelFigures] => pair[1] !== null);
      const signal = serviceTraffic(reads, new Set(serviceCatalog(service).providers), judgeAt);
      return { health: signal.health, failing_share: signal.failing_share, counted_endpoints: signal.endpoints, counted_models: signal.models, observed_at: signal.observed_at };
    },
    judged() {
      const out: ModelStatesFile = {};
      for (const [id, v] of [...verdicts].sort(([a], [b]) => (a < b ? -1 : 1))) out[id] = { state: v.state, reason: v.reason, since: since(id) ?? judgeAt! };
      return judgeAt === null ? {} : out;
    },
  };
}
