/**
 * One pass of the edge monitor (the Worker's `scheduled` handler, every minute): the services of
 * this minute's group (plan.ts) each get their light official page read and their probe (a deep
 * probe where the secret PROBE_KEY_<ID> holds a key), with the code and rules `update` uses
 * (status/), within per-request timeouts and a run deadline; the results are bounded and
 * time-checked as `update` does, merged into the state (state.ts) and written to D1 (store.ts).
 * A run never writes a time at or before the last one, and a run that cannot finish marks the
 * state failed, so the live answers fall back to the static files until the next good run.
 * Exported for the bench and the simulation: give it bindings and a time.
 */
import { isoSecond } from '../../../models/dates.js';
import { boundObservation } from '../../../bounds/status.js';
import { FetchTransport } from '../../../http/fetch-transport.js';
import { isUpstreamError } from '../../../http/errors.js';
import type { HttpTransport } from '../../../http/transport.js';
import { probeKeyName } from '../../../status/deep-probe.js';
import type { ServiceObservation } from '../../../status/history.js';
import { LIGHT_ADAPTERS, isLightPlatform } from '../../../status/platforms/light.js';
import { NETWORK_SUSPECT_MIN, probeService } from '../../../status/probe.js';
import { statusPageTarget, type ServiceDefinition } from '../../../status/registry.js';
import { guardObservationTimes } from '../../../status/times.js';
import { loadMonitorAsset, type AssetsBinding } from './asset.js';
import { planRun } from './plan.js';
import { applyRun, encodeRun, rollUp, type ObservedService } from './state.js';
import { matchOpenIncidents } from './incident-models.js';
import { loadNamesAsset } from './names-asset.js';
import { markRunFailed, readLatest, readRollup, writeRun, type D1Like } from './store.js';

export interface MonitorEnv {
  STATUS_DB: D1Like;
  ASSETS: AssetsBinding;
  BASE_PATH: string;
  DOCUMENTATION: string;
  /** OpenRouter's API base URL for the sweep (sweep-pass.ts; the build's MODELPULSE_OPENROUTER_URL; default OpenRouter's own). */
  OPENROUTER_URL?: string;
  /** PROBE_KEY_<ID> secrets, and whatever else the Worker is given. */
  [name: string]: unknown;
}

export interface MonitorPassOptions {
  /** Default: fetch with per-request timeouts (fetch-transport.ts). */
  transport?: HttpTransport;
  /** The run's deadline from its start (ms); default 25 s (a cron run may take minutes of wall time, never CPU). */
  budgetMs?: number;
  clock?: () => number;
  log?: (line: string) => void;
}

export interface MonitorServiceLine {
  id: string;
  status: string;
  official: 'ok' | 'failed' | 'none';
  probe: 'ok' | 'failed' | 'inconclusive' | 'none';
  deep: boolean;
}

export interface MonitorPassReport {
  minute: number;
  observedAt: string;
  /** The run completed and its observation is the newest; false when it failed or was skipped. */
  ok: boolean;
  /** Why nothing was written (a time not after the last run's), else null. */
  skipped: string | null;
  error: string | null;
  groups: number;
  services: MonitorServiceLine[];
  /** Outbound requests (the asset read included) and D1 queries this pass made. */
  subrequests: number;
  queries: number;
}

const DEFAULT_BUDGET_MS = 25_000;

/** Whether a run already started in this isolate (module state lives as long as the isolate): plan.ts halves the first. */
let ranInIsolate = false;

function countingTransport(inner: HttpTransport, count: () => void): HttpTransport {
  return {
    request: (url, options) => (count(), inner.request(url, options)),
    requestJson: (url, options) => (count(), inner.requestJson(url, options)),
  };
}

async function readPage(http: HttpTransport, service: ServiceDefinition): Promise<ServiceObservation['official']> {
  const target = statusPageTarget(service);
  if (target === null || !isLightPlatform(target.type)) return null;
  try {
    return { ok: true, status: await LIGHT_ADAPTERS[target.type].read(http, target) };
  } catch (error) {
    if (!isUpstreamError(error)) throw error;
    return { ok: false, error: error.summary() };
  }
}

function keyOf(env: MonitorEnv, service: ServiceDefinition): string | undefined {
  const value = env[probeKeyName(service.id)];
  return typeof value === 'string' && value !== '' && service.probe?.deep !== undefined ? value : undefined;
}

export async function runMonitorPass(env: MonitorEnv, nowMs: number, options: MonitorPassOptions = {}): Promise<MonitorPassReport> {
  const clock = options.clock ?? Date.now;
  const minute = Math.floor(nowMs / 60_000);
  const observedAt = isoSecond(new Date(nowMs));
  const report: MonitorPassReport = { minute, observedAt, ok: false, skipped: null, error: null, groups: 0, services: [], subrequests: 0, queries: 0 };
  const db = env.STATUS_DB;
  try {
    const { asset, fresh } = await loadMonitorAsset(env.ASSETS, env.BASE_PATH);
    if (fresh) report.subrequests += 1;
    report.queries += 1;
    const previous = await readLatest(db);
    if (previous !== null && minute <= previous.minute) {
      report.skipped = `the run's time ${observedAt} is not after the last observation ${previous.observed_at}`;
      options.log?.(`monitor ${observedAt}: skipped, ${report.skipped}`);
      return report;
    }
    const plan = planRun(asset.services, minute, { firstOfIsolate: !ranInIsolate });
    ranInIsolate = true;
    report.groups = plan.groups;
    const deadline = clock() + (options.budgetMs ?? DEFAULT_BUDGET_MS);
    const agent = `ModelPulse-monitor (+${new URL(env.DOCUMENTATION).origin}; free public API on AI models and services)`;
    const http = countingTransport(options.transport ?? new FetchTransport({ userAgent: agent, deadlineAt: deadline, maxBytes: 2 * 1024 * 1024 }), () => (report.subrequests += 1));
    let spare = plan.spare;
    const mayRetry = () => (spare > 0 ? ((spare -= 1), true) : false);
    const observations = await Promise.all(
      plan.services.map(async (service): Promise<ServiceObservation> => {
        const [official, probe] = await Promise.all([readPage(http, service), probeService(http, service, { now: observedAt, deadline, clock, key: keyOf(env, service), mayRetry })]);
        return { official, probe };
      }),
    );
    const probed = observations.filter((o) => o.probe !== null);
    const networkSuspect = probed.length >= NETWORK_SUSPECT_MIN && probed.every((o) => o.probe!.ok === false);
    if (networkSuspect) {
      for (const o of probed) o.probe = { ...o.probe!, ok: null, error: `inconclusive: every probe failed at once, most likely the monitor's own network (${o.probe!.error})` };
    }
    const warnings: string[] = [];
    const notices: string[] = [];
    const observed: ObservedService[] = plan.services.map((service, i) => {
      const say = (message: string) => warnings.push(`${service.id}: ${message}`);
      return { service, observation: guardObservationTimes(boundObservation(observations[i]!, say), observedAt, say) };
    });
    const applied = applyRun(previous?.state ?? null, observed, observedAt);
    // The models the open incidents name (incident-models.ts): only a new incident reads the name table.
    const named = await matchOpenIncidents(asset.services, applied.state, previous?.state.incident_models, async () => {
      const loaded = await loadNamesAsset(env.ASSETS, env.BASE_PATH);
      if (loaded.fresh) report.subrequests += 1;
      return loaded.asset;
    }, (line) => notices.push(line));
    applied.state.incident_models = named.matches;
    let rollup = null;
    if (applied.closed !== null) {
      report.queries += 1;
      rollup = rollUp(await readRollup(db), applied.closed, applied.state.day);
    }
    report.error = networkSuspect ? 'every probe failed at once (most likely the monitor\'s own network): probes recorded as inconclusive' : null;
    report.queries += await writeRun(db, { minute, observedAt, ok: !networkSuspect, error: report.error, observations: encodeRun(observed, applied.statuses), state: applied.state, rollup });
    report.ok = !networkSuspect;
    report.services = observed.map(({ service, observation }) => ({
      id: service.id,
      status: applied.statuses.get(service.id) ?? 'unknown',
      official: observation.official === null ? 'none' : observation.official.ok ? 'ok' : 'failed',
      probe: observation.probe === null ? 'none' : observation.probe.ok === null ? 'inconclusive' : observation.probe.ok ? 'ok' : 'failed',
      deep: keyOf(env, service) !== undefined,
    }));
    options.log?.(`monitor ${observedAt}: group ${plan.group + 1} of ${plan.groups}${plan.halved ? ' (half: the isolate\'s first run)' : ''}, ${observed.length} services, ${report.subrequests} subrequests, ${report.queries} queries${report.error ? `; ${report.error}` : ''}${warnings.length > 0 ? `; ${warnings.length} warnings` : ''}${named.matched > 0 ? `; ${named.matched} new incidents matched to models${notices.length > 0 ? ` (${notices.slice(0, 5).join('; ')})` : ''}` : ''}`);
    return report;
  } catch (error) {
    // Another run of the same minute wrote first (a cron event delivered twice): its batch stands, and nothing of ours was written.
    if (error instanceof Error && /UNIQUE constraint failed: runs\.minute/.test(error.message)) {
      report.skipped = `another run wrote the minute ${observedAt} first`;
      options.log?.(`monitor ${observedAt}: skipped, ${report.skipped}`);
      return report;
    }
    // Our words only: a thrown error may carry upstream text, never a key (keys go only into headers).
    report.error = `the run failed: ${error instanceof Error ? error.message.slice(0, 300) : 'unknown error'}`;
    try {
      report.queries += 1;
      await markRunFailed(db, report.error);
    } catch {
      // D1 itself is down: the answers see that too, and fall back.
    }
    options.log?.(`monitor ${observedAt}: ${report.error}`);
    return report;
  }
}
