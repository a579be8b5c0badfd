import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

/**
 * A real HTTP server on 127.0.0.1 that replays upstream payloads and injects faults, so adapters
 * are tested through the same HTTP stack they use in production (no mocked client).
 */
export type Reply =
  | { kind: 'json'; body: unknown; status?: number; headers?: Record<string, string> }
  | { kind: 'text'; body: string; status?: number; headers?: Record<string, string> }
  /** Accepts the request and never answers. */
  | { kind: 'hang' }
  /** Sends headers, then the chunks one by one with a pause before each. */
  | { kind: 'slow'; chunks: Array<string | Uint8Array>; intervalMs: number; status?: number }
  | { kind: 'redirect'; location: string; status?: number }
  /** A body of `bytes` bytes (valid JSON string), optionally without Content-Length. */
  | { kind: 'huge'; bytes: number; declareLength: boolean }
  /** Destroys the socket without answering. */
  | { kind: 'reset' }
  /** The reply made at the request's arrival (a world whose answers depend on when it is asked). */
  | { kind: 'computed'; reply: () => Reply };

/** A route answers with its replies in turn; the last one repeats. */
export type Routes = Record<string, Reply | Reply[]>;

export interface UpstreamServer {
  url: string;
  /** Requests seen, as "METHOD /path?query", in order. */
  hits: string[];
  headersSeen: IncomingMessage['headers'][];
  setRoutes(routes: Routes): void;
  close(): Promise<void>;
}

export async function startUpstreamServer(initial: Routes = {}): Promise<UpstreamServer> {
  let routes = initial;
  const counters = new Map<string, number>();
  const hits: string[] = [];
  const headersSeen: IncomingMessage['headers'][] = [];
  const sockets = new Set<Socket>();
  const timers = new Set<NodeJS.Timeout>();

  const server: Server = createServer((req, res) => {
    const target = req.url ?? '/';
    hits.push(`${req.method} ${target}`);
    headersSeen.push(req.headers);
    const path = target.split('?')[0] ?? '/';
    const route = routes[target] ?? routes[path];
    if (route === undefined) {
      send(res, { kind: 'json', status: 404, body: { error: { code: 404, message: 'Not Found' } } });
      return;
    }
    const list = Array.isArray(route) ? route : [route];
    const index = counters.get(path) ?? 0;
    counters.set(path, index + 1);
    send(res, list[Math.min(index, list.length - 1)] as Reply);
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });

  function later(fn: () => void, ms: number): void {
    const timer = setTimeout(() => {
      timers.delete(timer);
      fn();
    }, ms);
    timers.add(timer);
  }

  function send(res: ServerResponse, reply: Reply): void {
    switch (reply.kind) {
      case 'computed':
        send(res, reply.reply());
        return;
      case 'json':
        res.writeHead(reply.status ?? 200, { 'content-type': 'application/json', ...reply.headers });
        res.end(JSON.stringify(reply.body));
        return;
      case 'text':
        res.writeHead(reply.status ?? 200, { 'content-type': 'text/html; charset=utf-8', ...reply.headers });
        res.end(reply.body);
        return;
      case 'hang':
        return;
      case 'slow': {
        res.writeHead(reply.status ?? 200, { 'content-type': 'application/json' });
        const chunks = [...reply.chunks];
        const next = (): void => {
          const chunk = chunks.shift();
          if (chunk === undefined) {
            res.end();
            return;
          }
          later(() => {
            if (!res.destroyed) {
              res.write(chunk);
              next();
            }
          }, reply.intervalMs);
        };
        next();
        return;
      }
      case 'redirect':
        res.writeHead(reply.status ?? 302, { location: reply.location });
        res.end();
        return;
      case 'huge': {
        const body = `"${'x'.repeat(Math.max(0, reply.bytes - 2))}"`;
        const headers: Record<string, string> = { 'content-type': 'application/json' };
        if (reply.declareLength) headers['content-length'] = String(Buffer.byteLength(body));
        res.writeHead(200, headers);
        res.end(body);
        return;
      }
      case 'reset':
        res.socket?.destroy();
        return;
    }
  }

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    hits,
    headersSeen,
    setRoutes(next) {
      routes = next;
      counters.clear();
    },
    async close() {
      for (const timer of timers) clearTimeout(timer);
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve, reject) => server.close((error) => (error ? reject(error) : resolve())));
    },
  };
}
