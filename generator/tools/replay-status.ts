/**
 * Bootstraps data/status/ from recorded official status payloads (shared/upstream/, see its
 * SOURCES.md): each recording is served from a local server on 127.0.0.1 and read by the real
 * status update at the recording's own time, in time order, so a fresh clone's board shows real
 * official states and incidents. Services without a recording are not touched (they stay
 * unknown); probes are not run (no network is reached).
 *
 *   tsx generator/tools/replay-status.ts --data-dir data --recordings ../shared/upstream
 *
 * Statuspage's incidents.json is the page's history as recorded; the summary the update also
 * reads is derived from that same recording (its unresolved incidents; the indicator is their
 * worst impact), since no summary.json was recorded with it. incident.io's recorded status.json
 * is served as its Statuspage-compatible summary, which carries the same fields.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { HttpClient } from '../http/client.js';
import { loadStatusHistories, saveStatusHistories } from '../store/status-store.js';
import { readJsonFile, writeFileAtomic } from '../store/files.js';
import type { ServiceDefinition } from '../status/registry.js';
import { SERVICES_FILE } from '../store/services-store.js';
import { startUpstreamServer, type Routes, type UpstreamServer } from '../testing/upstream-server.js';
import { updateStatus } from '../update/status.js';
import { parseCli, runMain } from '../cli/args.js';

export interface Recording {
  service: string;
  /** The time the payload was recorded: the observation time of its run. */
  at: string;
  incidents?: string;
  summary?: string;
}

/** The recordings in shared/upstream/ (SOURCES.md gives each one's provenance). */
export const RECORDINGS: Recording[] = [
  { service: 'anthropic', at: '2026-07-08T21:00:26Z', incidents: 'statuspage/anthropic-incidents-2026-07-08T21-00-26Z.json' },
  { service: 'anthropic', at: '2026-08-04T21:05:11Z', incidents: 'statuspage/anthropic-incidents-2026-08-04T21-05-11Z.json' },
  { service: 'anthropic', at: '2026-08-22T16:16:08Z', incidents: 'statuspage/anthropic-incidents-2026-08-22T16-16-08Z.json' },
  { service: 'openai', at: '2026-09-15T00:00:00Z', summary: 'incidentio/openai-status-compat-2026-09-15.json' },
];

const WORST = ['critical', 'major', 'minor', 'none'] as const;

/** A summary.json derived from an incidents.json recording: its open incidents and their worst impact. */
export function summaryFromIncidents(recorded: { page?: object; incidents: Array<{ status?: string; impact?: string }> }): object {
  const open = recorded.incidents.filter((i) => i.status !== 'resolved' && i.status !== 'postmortem');
  const indicator = WORST.find((w) => open.some((i) => i.impact === w)) ?? (open.length > 0 ? 'minor' : 'none');
  const descriptions = { critical: 'Major System Outage', major: 'Partial System Outage', minor: 'Minor Service Outage', none: 'All Systems Operational' } as const;
  return { page: recorded.page ?? {}, status: { indicator, description: descriptions[indicator] }, components: [], incidents: open, scheduled_maintenances: [] };
}

/**
 * Reads one recording through the real status update from `server` (its routes are replaced), as
 * of the recording's time, for that service alone and without a probe; then puts the real page
 * addresses back where the local server's went, so data/ never names 127.0.0.1.
 */
export async function replayStatusRecording(dataDir: string, recordingsDir: string, recording: Recording, server: UpstreamServer, http: HttpClient): Promise<string | null> {
  const registryPath = join(dataDir, SERVICES_FILE);
  const registry = (await readJsonFile(registryPath, [])) as ServiceDefinition[];
  const real = registry.find((s) => s.id === recording.service);
  if (real === undefined) return null;
  const original = readFileSync(registryPath, 'utf8');
  const read = (file: string) => JSON.parse(readFileSync(join(recordingsDir, file), 'utf8')) as { page?: object; incidents: Array<{ status?: string; impact?: string }> };
  const routes: Routes = {};
  if (recording.incidents !== undefined) {
    const incidents = read(recording.incidents);
    routes[`/${real.id}/api/v2/incidents.json`] = { kind: 'json', body: incidents };
    routes[`/${real.id}/api/v2/summary.json`] = { kind: 'json', body: summaryFromIncidents(incidents) };
  }
  if (recording.summary !== undefined) routes[`/${real.id}/api/v2/summary.json`] = { kind: 'json', body: read(recording.summary) };
  server.setRoutes(routes);
  let line: string;
  try {
    // Only this service, read from the local server, without a probe.
    const replayed: ServiceDefinition = { ...real, status_page: { ...real.status_page, url: `${server.url}/${real.id}` }, probe: null };
    await writeFileAtomic(registryPath, JSON.stringify([replayed]));
    const report = await updateStatus({ store: dataDir, now: recording.at, pageHttp: http, probeHttp: http, budgetMs: 10_000 });
    line = `${recording.at} ${real.id}: ${report.services.map((s) => `${s.status} (${s.official})`).join(', ')}${report.warnings.length > 0 ? `; ${report.warnings.join('; ')}` : ''}`;
  } finally {
    await writeFileAtomic(registryPath, original);
  }
  await restoreRealUrls(dataDir, registry, server.url);
  return line;
}

/** The local server's address must not stay in data/: links name the real page. */
async function restoreRealUrls(dataDir: string, registry: ServiceDefinition[], serverUrl: string): Promise<void> {
  const histories = await loadStatusHistories(dataDir);
  for (const history of histories.values()) {
    const real = registry.find((s) => s.id === history.id)?.status_page.url;
    if (real === undefined) continue;
    const local = `${serverUrl}/${history.id}`;
    const fix = (url: string | null) => (url === null ? null : url.startsWith(local) ? `${real}${url.slice(local.length)}` : url);
    if (history.official.snapshot !== null) history.official.snapshot = { ...history.official.snapshot, url: fix(history.official.snapshot.url)!, active_incidents: history.official.snapshot.active_incidents.map((i) => ({ ...i, url: fix(i.url) })) };
    history.incidents = history.incidents.map((i) => ({ ...i, url: fix(i.url) }));
    if (history.history?.error) history.history = { ...history.history, error: history.history.error.split(local).join(real) };
    if (history.official.error) history.official = { ...history.official, error: history.official.error.split(local).join(real) };
  }
  await saveStatusHistories(dataDir, histories.values());
}

async function main(): Promise<number> {
  const args = parseCli(process.argv.slice(2), {
    'data-dir': { type: 'string', default: 'data' },
    recordings: { type: 'string', default: join('..', 'shared', 'upstream') },
  });
  const server = await startUpstreamServer();
  const http = new HttpClient({ userAgent: 'ModelPulse-replay', retry: { retries: 0 }, maxBytes: 8 * 1024 * 1024 });
  try {
    for (const recording of RECORDINGS) {
      const line = await replayStatusRecording(args['data-dir'], args.recordings, recording, server, http);
      if (line !== null) console.log(line);
    }
  } finally {
    await http.close();
    await server.close();
  }
  return 0;
}

if (process.argv[1]?.endsWith('replay-status.ts')) runMain(main);
