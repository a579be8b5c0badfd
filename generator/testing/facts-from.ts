/**
 * One facts stage of `update` (update/facts.ts) against real HTTP on 127.0.0.1: the routes are
 * served in their sources' own formats for the run, then closed. `env` names each source's
 * address below the server's URL (`{ MODELPULSE_LITELLM_URL: '/litellm.json' }`).
 */
import { HttpClient } from '../http/client.js';
import type { FactSource } from '../sources/facts.js';
import { updateFacts, type FactsRunReport } from '../update/facts.js';
import { startUpstreamServer, type Routes } from './upstream-server.js';

export async function factsFrom(dataDir: string, now: string, routes: Routes, env: Record<string, string>, only: readonly FactSource[]): Promise<FactsRunReport> {
  const upstream = await startUpstreamServer(routes);
  const http = new HttpClient({ userAgent: 'ModelPulse-test', retry: { retries: 0 } });
  try {
    const addresses = Object.fromEntries(Object.entries(env).map(([name, path]) => [name, `${upstream.url}${path}`]));
    return await updateFacts({ store: dataDir, now, http, only, env: addresses });
  } finally {
    await http.close();
    await upstream.close();
  }
}
