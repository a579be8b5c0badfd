/**
 * The scripted world the edge monitor is measured against (`npm run bench`, `npm run simulate`):
 * every service of the registry, its official page in its platform's real format (the fixtures'
 * builders, with a page's usual dozen components) and its probe target, each in a state the
 * script sets: a page that is fine, says "major", is broken (HTML, truncated JSON, a 500) or
 * hangs; a probe that answers as usual (401: up), fails (503) or hangs.
 * One description, two ways to serve it: routes for a real server on 127.0.0.1 (upstream-server.ts),
 * and a `fetch` that answers from memory, so a CPU measurement counts the monitor, not an HTTP stack.
 */
import type { ServiceDefinition } from '../status/registry.js';
import { bsIndex, bsReport, bsResource, instatusIncident, instatusSummary, ioIncident, ioSummary, spComponent, spIncident, spSummary } from '../status/platforms/fixtures.js';
import type { Reply, Routes } from '../testing/upstream-server.js';

export type PageState = 'ok' | 'major' | 'html' | 'truncated' | 'error' | 'hang';
export type ProbeState = 'up' | 'down' | 'hang';

export interface ServiceState {
  page: PageState;
  probe: ProbeState;
}

/** The service's copy `copy` (0: itself) with its page and probe on `base`. */
function localService(service: ServiceDefinition, base: string, copy: number): ServiceDefinition {
  const id = copy === 0 ? service.id : `${service.id}-${copy + 1}`;
  const page = service.status_page;
  return {
    ...service,
    id,
    name: copy === 0 ? service.name : `${service.name} ${copy + 1}`,
    status_page: page.type === 'none' ? page : { ...page, url: `${base}/${id}/page` },
    probe: service.probe === null ? null : { ...service.probe, url: `${base}/${id}/probe` },
  };
}

/** The registry `factor` times over (copies under new ids), every page and probe on `base`. */
export function worldRegistry(services: readonly ServiceDefinition[], base: string, factor = 1): ServiceDefinition[] {
  return Array.from({ length: factor }, (_, copy) => services.map((service) => localService(service, base, copy))).flat();
}

const COMPONENTS = ['API', 'Chat Completions', 'Embeddings', 'Fine-tuning', 'Batch', 'Files', 'Images', 'Audio', 'Console', 'Playground', 'Login', 'Billing'];

/** The official page's document, as its platform writes it, for a page that works. */
function pageBody(service: ServiceDefinition, major: boolean): unknown {
  const names = [...(service.status_page.components ?? []), ...COMPONENTS];
  switch (service.status_page.type) {
    case 'statuspage':
      return spSummary({
        indicator: major ? 'major' : 'none',
        description: major ? 'Major System Outage' : 'All Systems Operational',
        components: names.map((name, i) => spComponent(name, major && i < 3 ? 'major_outage' : 'operational', { position: i + 1 })),
        incidents: major ? [spIncident({ impact: 'major' })] : [],
      });
    case 'incidentio':
      return ioSummary({ indicator: major ? 'major' : 'none', description: major ? 'Major System Outage' : 'All Systems Operational', ...(major ? { incidents: [ioIncident()] } : {}) });
    case 'instatus':
      return instatusSummary({ status: major ? 'HASISSUES' : 'UP', activeIncidents: major ? [instatusIncident({ impact: 'MAJOROUTAGE' })] : [] });
    case 'betterstack':
      return bsIndex({
        aggregate_state: major ? 'downtime' : 'operational',
        included: [...names.map((name, i) => bsResource(String(501 + i), name, major && i === 0 ? 'downtime' : 'operational')), ...(major ? [bsReport('9001')] : [])],
      });
    default:
      return null;
  }
}

/** Where each platform's light endpoint is, below the page's base. */
const PAGE_PATHS: Record<string, string> = { statuspage: '/api/v2/summary.json', incidentio: '/api/v2/summary.json', instatus: '/summary.json', betterstack: '/index.json' };

function pageReply(service: ServiceDefinition, state: PageState): Reply {
  switch (state) {
    case 'ok':
    case 'major':
      return { kind: 'json', body: pageBody(service, state === 'major') };
    case 'html':
      return { kind: 'text', body: '<!doctype html><title>Just a moment...</title><p>Checking your browser', status: 403 };
    case 'truncated':
      return { kind: 'text', body: JSON.stringify(pageBody(service, false)).slice(0, 40), headers: { 'content-type': 'application/json' } };
    case 'error':
      return { kind: 'json', status: 500, body: { error: 'internal' } };
    case 'hang':
      return { kind: 'hang' };
  }
}

function probeReply(state: ProbeState): Reply {
  if (state === 'hang') return { kind: 'hang' };
  // Unauthenticated, a live API refuses the key it was not given: that is "up".
  return state === 'up' ? { kind: 'json', status: 401, body: { error: { message: 'Incorrect API key provided', type: 'invalid_request_error' } } } : { kind: 'json', status: 503, body: { error: 'Service Unavailable' } };
}

/** The routes of the world in `states` (a service without a state is fine and up). */
export function worldRoutes(registry: readonly ServiceDefinition[], states: ReadonlyMap<string, ServiceState> = new Map()): Routes {
  const routes: Routes = {};
  for (const service of registry) {
    const state = states.get(service.id) ?? { page: 'ok', probe: 'up' };
    const path = PAGE_PATHS[service.status_page.type];
    if (path !== undefined && service.status_page.url !== undefined) routes[`${new URL(service.status_page.url).pathname}${path}`] = pageReply(service, state.page);
    if (service.probe !== null) routes[new URL(service.probe.url).pathname] = probeReply(state.probe);
  }
  return routes;
}

/**
 * A `fetch` answering the routes from memory: the bytes a server would send, and a hang as a
 * promise that ends only when the request is aborted (by the monitor's timeouts).
 *
 * `lean`: the answers are plain objects with just what a Worker's code reads of a response
 * (status, headers, one body chunk), not Node's own Request and Response. On Cloudflare those are
 * workerd's native objects; in Node they are undici's JavaScript (its streams included), which a
 * profile of the sweep's runs found to be over half their measured CPU: the bench's CPU pass
 * measures the Worker's own code with lean answers and reports Node's objects as an upper bound
 * (monitor-budget.ts, docs/operation.md).
 */
export function memoryFetch(routes: () => Routes, options: { lean?: boolean } = {}): typeof fetch {
  // Each reply's bytes made once: serializing them is the upstream's work, not the monitor's.
  const bytes = new WeakMap<Reply, Uint8Array<ArrayBuffer>>();
  const bytesOf = (reply: Reply, text: () => string) => {
    let made = bytes.get(reply);
    if (made === undefined) bytes.set(reply, (made = new TextEncoder().encode(text())));
    return made;
  };
  const respond = (body: Uint8Array<ArrayBuffer>, status: number, headers: Record<string, string>): Response => (options.lean === true ? leanResponse(body, status, headers) : new Response(body, { status, headers }));
  const notFound: Reply = { kind: 'json', status: 404, body: { error: { code: 404, message: 'Not Found' } } };
  return async (input, init) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const signal = options.lean === true ? (init?.signal ?? null) : new Request(input, init).signal;
    const reply = routes()[new URL(url).pathname];
    const list = reply === undefined ? [] : Array.isArray(reply) ? reply : [reply];
    const answer = list[0] ?? notFound;
    switch (answer.kind) {
      case 'json':
        return respond(bytesOf(answer, () => JSON.stringify(answer.body)), answer.status ?? 200, { 'content-type': 'application/json', ...answer.headers });
      case 'text':
        return respond(bytesOf(answer, () => answer.body), answer.status ?? 200, { 'content-type': 'text/html; charset=utf-8', ...answer.headers });
      case 'hang':
        return new Promise<Response>((_, reject) => {
          if (signal === null) return;
          if (signal.aborted) reject(signal.reason);
          signal.addEventListener('abort', () => reject(signal.reason), { once: true });
        });
      default:
        throw new Error(`the memory world does not serve ${answer.kind} replies`);
    }
  };
}

/** A response as plain data: what FetchTransport and the asset reads use (status, headers' get and forEach, the body's reader, text). */
export function leanResponse(body: Uint8Array<ArrayBuffer>, status: number, headers: Record<string, string> = {}): Response {
  const named = new Map(Object.entries(headers).map(([name, value]) => [name.toLowerCase(), value]));
  let read = false;
  const stream = {
    getReader: () => ({
      read: async () => (read ? { done: true, value: undefined } : ((read = true), { done: false, value: body })),
      cancel: async () => undefined,
      releaseLock: () => undefined,
    }),
    cancel: async () => undefined,
  };
  const lean = {
    status,
    ok: status >= 200 && status < 300,
    headers: { get: (name: string) => named.get(name.toLowerCase()) ?? null, has: (name: string) => named.has(name.toLowerCase()), forEach: (each: (value: string, name: string) => void) => named.forEach(each) },
    body: stream,
    text: async () => new TextDecoder().decode(body),
    json: async () => JSON.parse(new TextDecoder().decode(body)) as unknown,
  };
  return lean as unknown as Response;
}
