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
  const textOf = (reply: Reply) => (reply.kind === 'json' ? JSON.stringify(reply.body) : reply.kind === 'text' ? reply.body : null);
  // ... and made now for the routes already there, so that no measured run pays for a reply's first
  // answer (at ten times the catalog most models are asked once in a bench's runs).
  for (const route of Object.values(routes())) {
    for (const reply of Array.isArray(route) ? route : [route]) {
      const text = textOf(reply);
      if (text !== null) bytesOf(reply, () => text);
    }
  }
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
        return respond(bytesOf(answer, () => textOf(answer)!), answer.status ?? 200, { 'content-type': 'application/json', ...answer.headers });
      case 'text':
        return respond(bytesOf(answer, () => textOf(answer)!), answer.status ?? 200, { 'content-type': 'text/html; charset=utf-8', ...answer.headers });
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
  return new LeanResponse(body, status, headers) as unknown as Response;
}

// Classes, not objects of closures: a lean answer costs the bench next to nothing per request
// (tsx names every closure it creates, which a profile found to be a tenth of a sweep run's CPU).
class LeanHeaders {
  private readonly named = new Map<string, string>();
  constructor(headers: Record<string, string>) {
    for (const name of Object.keys(headers)) this.named.set(name.toLowerCase(), headers[name]!);
  }
  get(name: string): string | null {
    return this.named.get(name.toLowerCase()) ?? null;
  }
  has(name: string): boolean {
    return this.named.has(name.toLowerCase());
  }
  forEach(each: (value: string, name: string) => void): void {
    this.named.forEach(each);
  }
}

class LeanReader {
  private read_ = false;
  constructor(private readonly bytes: Uint8Array<ArrayBuffer>) {}
  async read(): Promise<{ done: true; value: undefined } | { done: false; value: Uint8Array<ArrayBuffer> }> {
    if (this.read_) return { done: true, value: undefined };
    this.read_ = true;
    return { done: false, value: this.bytes };
  }
  async cancel(): Promise<void> {}
  releaseLock(): void {}
}

class LeanBody {
  constructor(private readonly bytes: Uint8Array<ArrayBuffer>) {}
  getReader(): LeanReader {
    return new LeanReader(this.bytes);
  }
  async cancel(): Promise<void> {}
}

class LeanResponse {
  readonly ok: boolean;
  readonly headers: LeanHeaders;
  readonly body: LeanBody;
  constructor(private readonly bytes: Uint8Array<ArrayBuffer>, readonly status: number, headers: Record<string, string>) {
    this.ok = status >= 200 && status < 300;
    this.headers = new LeanHeaders(headers);
    this.body = new LeanBody(bytes);
  }
  async text(): Promise<string> {
    return new TextDecoder().decode(this.bytes);
  }
  async json(): Promise<unknown> {
    return JSON.parse(await this.text()) as unknown;
  }
}
