import pLimit from 'p-limit';
import type { HttpClient } from '../http/client.js';
import { isUpstreamError } from '../http/errors.js';
import { loadSources, saveSources } from '../store/data-store.js';
import { loadStatusHistories, saveStatusHistories } from '../store/status-store.js';
import { combineStatus } from '../status/combine.js';
import { emptyHistory, mergeServiceRun, type ServiceObservation } from '../status/history.js';
import { STATUS_ADAPTERS } from '../status/platforms/index.js';
import { HISTORY_PLATFORMS, readHistory } from '../status/platforms/history.js';
import { NETWORK_SUSPECT_MIN, probeService, type ProbeResult } from '../status/probe.js';
import { guardHistoryTimes, guardObservationTimes } from '../status/times.js';
import { boundObservation } from '../bounds/status.js';
import { DEFAULT_SLOW_MS, statusPageTarget, type ServiceDefinition } from '../status/registry.js';
import { loadServices } from '../store/services-store.js';
import type { StoreRef } from '../store/store.js';
import { STATUS_SOURCE_ID } from '../status/types.js';

export { NETWORK_SUSPECT_MIN } from '../status/probe.js';

export interface StatusUpdateOptions {
  /** Where the data is read and written (see store/layout.ts). */
  store: StoreRef;
  now: string;
  /** For official status pages: bounded timeouts, no retries (the run has a deadline). */
  pageHttp: HttpClient;
  /** For probes: each probe sets its own timeouts from the registry. */
  probeHttp: HttpClient;
  /** Wall-clock budget of the whole run (ms); probes do not start a retry past it. */
  budgetMs: number;
  log?: (line: string) => void;
  clock?: () => number;
}

/** Whether this run read the service's official status page ('none': it has none). */
export type OfficialRead = 'ok' | 'failed' | 'none';
/**
 * What this run's probe saw: 'ok' answered, 'failed' did not answer (an observation of the
 * service, not a failed read), 'inconclusive' no verdict (budget ran out, or every probe failed at
 * once), 'none' the service has no probe.
 */
export type ProbeResultKind = 'ok' | 'failed' | 'inconclusive' | 'none';

/** One service in the run report. The structured fields are for programs; the texts are for people. */
export interface ServiceLine {
  id: string;
  /** The combined status. */
  status: string;
  /** For people: `official <indicator>`, `official FAILED <error> (kept last good, stale)` or `no official page`. */
  official: string;
  /** For people: `HTTP <code> in <n> ms`, `FAILED <error>`, `inconclusive (<why>)` or `no probe`. */
  probe: string;
  officialRead: OfficialRead;
  /** Why the official read failed (upstream text), when `officialRead` is 'failed'. */
  officialError: string | null;
  probeResult: ProbeResultKind;
  /** Why the probe failed or was inconclusive (upstream text), else null. */
  probeError: string | null;
}

export interface StatusRunReport {
  source: string;
  ok: boolean;
  error: string | null;
  services: ServiceLine[];
  warnings: string[];
  networkSuspect: boolean;
  elapsedMs: number;
}

/** The page's incident history, where its platform publishes one; a failure here never spoils the summary. */
async function readOfficialHistory(http: HttpClient, service: ServiceDefinition): Promise<ServiceObservation['history']> {
  const target = statusPageTarget(service);
  if (target === null || !(HISTORY_PLATFORMS as readonly string[]).includes(target.type)) return null;
  try {
    return { ok: true, ...(await readHistory(http, target)) };
  } catch (error) {
    if (!isUpstreamError(error)) throw error;
    return { ok: false, error: error.summary() };
  }
}

async function readOfficial(http: HttpClient, service: ServiceDefinition): Promise<ServiceObservation['official']> {
  const target = statusPageTarget(service);
  if (target === null) return null;
  try {
    return { ok: true, status: await STATUS_ADAPTERS[target.type].read(http, target) };
  } catch (error) {
    if (!isUpstreamError(error)) throw error;
    return { ok: false, error: error.summary() };
  }
}

function probeResultKind(probe: ProbeResult | null): ProbeResultKind {
  if (probe === null) return 'none';
  if (probe.ok === null) return 'inconclusive';
  return probe.ok ? 'ok' : 'failed';
}

function describeProbe(probe: ProbeResult | null): string {
  if (probe === null) return 'no probe';
  if (probe.ok === null) return `inconclusive (${probe.error})`;
  return probe.ok ? `HTTP ${probe.http_status} in ${probe.latency_ms} ms` : `FAILED ${probe.error}`;
}

/**
 * One status run: every service's official page and probe in parallel, bounded by the budget,
 * merged into data/status/. One failing service never affects the others.
 */
export async function updateStatus(options: StatusUpdateOptions): Promise<StatusRunReport> {
  const clock = options.clock ?? Date.now;
  const started = clock();
  const log = options.log ?? (() => undefined);
  const report: StatusRunReport = { source: STATUS_SOURCE_ID, ok: false, error: null, services: [], warnings: [], networkSuspect: false, elapsedMs: 0 };
  const services = await loadServices(options.store);
  const histories = await loadStatusHistories(options.store);
  const previous = (await loadSources(options.store))[STATUS_SOURCE_ID];
  // Strictly later: a repeated time would count the same day's probes twice.
  if (previous?.last_attempt_at && options.now <= previous.last_attempt_at) {
    report.error = `observation time ${options.now} is not after the last recorded attempt ${previous.last_attempt_at}; nothing changed`;
    return report;
  }

  const deadline = started + options.budgetMs;
  // Everything at once: a hanging service must not delay the others past the budget.
  const limit = pLimit(Math.max(1, services.length));
  const observations = await Promise.all(
    services.map((service) =>
      limit(async (): Promise<ServiceObservation> => {
        const [official, history, probe] = await Promise.all([
          readOfficial(options.pageHttp, service),
          readOfficialHistory(options.pageHttp, service),
          probeService(options.probeHttp, service, { now: options.now, deadline, clock }),
        ]);
        return { official, history, probe };
      }),
    ),
  );

  const probed = observations.filter((o) => o.probe !== null);
  report.networkSuspect = probed.length >= NETWORK_SUSPECT_MIN && probed.every((o) => o.probe!.ok === false);
  if (report.networkSuspect) {
    for (const o of probed) o.probe = { ...o.probe!, ok: null, error: `inconclusive: every probe failed at once, most likely our own network (${o.probe!.error})` };
    report.warnings.push('every probe failed at once: probe results recorded as inconclusive, not as outages');
  }

  const next = services.map((service, i) => {
    const say = (message: string) => report.warnings.push(`${service.id}: ${message}`);
    // What the page said within bounds and with plausible times; the stored history likewise
    // (an older version kept values it would refuse now, which the new read can then correct).
    const observation = guardObservationTimes(boundObservation(observations[i]!, say), options.now, say);
    const stored = guardHistoryTimes(histories.get(service.id) ?? emptyHistory(service.id), options.now, say);
    const history = mergeServiceRun(stored, observation, options.now);
    const official = history.official;
    const age = official.fetched_at === null ? null : (Date.parse(options.now) - Date.parse(official.fetched_at)) / 1000;
    const status = combineStatus({ official: official.snapshot, officialAgeS: age, probe: history.probe, slowMs: service.probe?.slow_ms ?? DEFAULT_SLOW_MS });
    const officialText =
      observation.official === null ? 'no official page' : observation.official.ok ? `official ${observation.official.status.indicator}` : `official FAILED ${observation.official.error} (kept last good, stale)`;
    const probeResult = probeResultKind(observation.probe);
    report.services.push({
      id: service.id,
      status,
      official: officialText,
      probe: describeProbe(observation.probe),
      officialRead: observation.official === null ? 'none' : observation.official.ok ? 'ok' : 'failed',
      officialError: observation.official !== null && !observation.official.ok ? observation.official.error : null,
      probeResult,
      probeError: probeResult === 'failed' || probeResult === 'inconclusive' ? observation.probe!.error : null,
    });
    if (observation.history && !observation.history.ok) report.warnings.push(`${service.id}: the incident history was not read (${observation.history.error}); the recorded history is kept, marked stale`);
    log(`status ${service.id}: ${status} — ${officialText}; probe ${describeProbe(observation.probe)}`);
    return history;
  });

  await saveStatusHistories(options.store, next);
  const sources = await loadSources(options.store);
  sources[STATUS_SOURCE_ID] = {
    last_attempt_at: options.now,
    last_success_at: report.networkSuspect ? (previous?.last_success_at ?? null) : options.now,
    ok: !report.networkSuspect,
    error: report.networkSuspect ? 'every probe failed at once (likely our network); probes recorded as inconclusive' : null,
    items: services.length,
  };
  await saveSources(options.store, sources);
  report.ok = !report.networkSuspect;
  if (report.networkSuspect) report.error = sources[STATUS_SOURCE_ID]!.error;
  report.elapsedMs = clock() - started;
  return report;
}
