/**
 * The remote MCP endpoint (`/mcp`) as MCP clients meet it, for cloudflare.test.ts (which runs them
 * against its one wrangler dev, in Cloudflare's own runtime): the official SDK's client over
 * Streamable HTTP, and raw requests for what a client should not send.
 */
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient } from '../../../packages/modelpulse/src/client.js';
import { createMcpServer } from '../../../packages/modelpulse/src/mcp/create-server.js';
import { PACKAGE_VERSION } from '../../../packages/modelpulse/src/version.js';
import { estimateCost } from '../../query/cost.js';
import { MAX_MCP_BODY_BYTES } from './mcp-endpoint.js';

interface ToolAnswer {
  isError?: boolean;
  structuredContent?: { data: Array<{ id: string }>; meta: Record<string, unknown> };
  content: Array<{ type: string; text: string }>;
}

interface RpcAnswer {
  status: number;
  headers: Headers;
  body: { jsonrpc?: string; id?: unknown; result?: unknown; error?: { code: number; message: string } } | null;
}

const PROTOCOL = '2025-06-18';
const HEADERS = { 'content-type': 'application/json', accept: 'application/json, text/event-stream', 'mcp-protocol-version': PROTOCOL };

/** The tools the stdio server registers (the same factory), listed through the SDK in memory. */
async function stdioToolNames(): Promise<string[]> {
  const server = createMcpServer(createClient({ baseUrl: 'https://unused.invalid' }), { version: PACKAGE_VERSION });
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  const client = new Client({ name: 'local', version: '1.0.0' });
  await Promise.all([server.connect(serverSide), client.connect(clientSide)]);
  const names = (await client.listTools()).tools.map((t) => t.name);
  await client.close();
  return names;
}

export function describeMcpEndpoint(siteUrl: () => string): void {
  describe('the remote MCP endpoint (/mcp) in workerd', () => {
    let mcp: Client;
    const endpoint = () => `${siteUrl()}/mcp`;
    const post = async (body: string, headers: Record<string, string> = HEADERS): Promise<RpcAnswer> => {
      const res = await fetch(endpoint(), { method: 'POST', headers, body });
      const text = await res.text();
      return { status: res.status, headers: res.headers, body: text === '' ? null : JSON.parse(text) };
    };
    const call = async (name: string, args: Record<string, unknown>) => (await mcp.callTool({ name, arguments: args })) as ToolAnswer;

    beforeAll(async () => {
      mcp = new Client({ name: 'modelpulse-test', version: '1.0.0' });
      await mcp.connect(new StreamableHTTPClientTransport(new URL(endpoint())));
    });
    afterAll(async () => {
      await mcp?.close();
    });

    it("initializes with the SDK's client and lists the stdio server's very tools", async () => {
      expect(mcp.getServerVersion()).toMatchObject({ name: 'modelpulse', version: PACKAGE_VERSION });
      expect(mcp.getServerCapabilities()?.tools).toBeDefined();
      const { tools } = await mcp.listTools();
      expect(tools.map((t) => t.name)).toEqual(await stdioToolNames());
      for (const tool of tools) expect(tool.annotations?.readOnlyHint, tool.name).toBe(true);
    });

    it('answers cheapest with the models /api/v1/cheapest lists, on and off the precomputed grid', async () => {
      for (const [args, query] of [[{ min_intel: 40, vision: true, limit: 5 }, 'min_intel=40&vision=1&limit=5'], [{ min_intel: 42, tools: true, limit: 7 }, 'min_intel=42&tools=1&limit=7'], [{}, '']] as const) {
        const answer = await call('cheapest', args);
        const api = (await (await fetch(`${siteUrl()}/api/v1/cheapest?${query}`)).json()) as { data: Array<{ id: string }>; meta: unknown };
        expect(answer.isError, query).toBeFalsy();
        expect(api.data.length, query).toBeGreaterThan(0);
        expect(answer.structuredContent!.data.map((m) => m.id), query).toEqual(api.data.map((m) => m.id));
        expect(answer.structuredContent).toEqual(api);
        expect(answer.content[1]!.text).toMatch(/^Data by ModelPulse .*: show this link/);
      }
    });

    it('answers the other tools from the site\'s files, and says what the site does not have', async () => {
      const model = await call('model', { id: 'openai/gpt-4o' });
      expect(model.structuredContent).toEqual(await (await fetch(`${siteUrl()}/api/v1/models/openai/gpt-4o.json`)).json());
      // Status as the site answers it live (the path form: on Cloudflare the Worker's monitor, here without a run yet).
      expect((await call('service_status', { service_id: 'anthropic' })).structuredContent).toEqual(await (await fetch(`${siteUrl()}/api/v1/status/anthropic`)).json());
      const missing = await call('model', { id: 'openai/no-such-model' });
      expect([missing.isError, missing.content[0]!.text]).toEqual([true, expect.stringMatching(/^not_found: /)]);
    });

    it('prices a token mix with the same cost module, and refuses bad counts naming the field', async () => {
      const usage = { input_tokens: 250_000, cache_read_tokens: 50_000, output_tokens: 2_000 };
      const detail = (await (await fetch(`${siteUrl()}/api/v1/models/openai/gpt-4o.json`)).json()) as Parameters<typeof estimateCost>[0];
      const answer = (await call('estimate_cost', { model: 'openai/gpt-4o', ...usage })) as unknown as { isError?: boolean; structuredContent: { data: unknown } };
      expect(answer.isError).toBeFalsy();
      expect(answer.structuredContent.data).toEqual(estimateCost(detail, usage));
      const bad = await call('estimate_cost', { model: 'openai/gpt-4o', input_tokens: 10, cache_read_tokens: 20, output_tokens: 1 });
      expect([bad.isError, bad.content[0]!.text]).toEqual([true, expect.stringMatching(/cache_read_tokens/)]);
    });

    it('resolves an API name and prices a mix by it as the package client does, and refuses an unknown name with the closest ones', async () => {
      const client = createClient({ baseUrl: siteUrl() });
      const query = { provider: 'bedrock', model: 'us.anthropic.claude-sonnet-4-5-20250929-v1:0' };
      const resolved = await call('resolve_model', query);
      expect(resolved.isError).toBeFalsy();
      expect(resolved.structuredContent).toEqual(await client.resolveModel(query));
      expect(resolved.structuredContent).toMatchObject({ data: { model: 'anthropic/claude-sonnet-4.5', provider: 'amazon-bedrock', offer: { kind: 'data_zone', region: 'us' } } });
      const usage = { input_tokens: 10_000, output_tokens: 1_000 };
      const priced = (await call('estimate_cost', { ...query, ...usage })) as unknown as { structuredContent: { data: unknown } };
      expect(priced.structuredContent.data).toEqual((await client.cost(query, usage)).data);
      const unknown = await call('resolve_model', { provider: 'anthropic', model: 'claude-sonnet-4-5-2025092' });
      expect([unknown.isError, unknown.content[0]!.text]).toEqual([true, expect.stringMatching(/^unknown_model: anthropic has no API name "claude-sonnet-4-5-2025092" we know; closest: claude-sonnet-4-5-20250929/)]);
    });

    it("answers a model's status by its id or an API name, the models not operational and fastest, as the package client and the Worker's routes do", async () => {
      const client = createClient({ baseUrl: siteUrl() });
      const byId = await call('model_status', { model: 'anthropic/claude-sonnet-4.5' });
      expect(byId.isError).toBeFalsy();
      const { fallback: _fallback, ...expected } = await client.modelStatus('anthropic/claude-sonnet-4.5');
      expect(byId.structuredContent).toEqual(expected);
      const byName = await call('model_status', { model: 'us.anthropic.claude-sonnet-4-5-20250929-v1:0', provider: 'bedrock' });
      expect(byName.structuredContent).toMatchObject({ data: { id: 'anthropic/claude-sonnet-4.5', asked: { match: 'exact', providers: ['amazon-bedrock'] } } });
      // The list as the site answers it live (the path form).
      expect((await call('model_status', {})).structuredContent).toEqual(await (await fetch(`${siteUrl()}/api/v1/status/models`)).json());
      // Off the precomputed answer: the Worker's own query route, the same code.
      const fastest = await call('fastest_models', { sort: 'latency', max_price: 2, limit: 5 });
      expect(fastest.isError).toBeFalsy();
      expect(fastest.structuredContent).toEqual(await (await fetch(`${siteUrl()}/api/v1/fastest?max_price=2&sort=latency&limit=5`)).json());
      expect(fastest.structuredContent!.meta.query).toMatchObject({ sort: 'latency', max_price: 2, limit: 5 });
      expect((await call('fastest_models', {})).structuredContent).toEqual(await (await fetch(`${siteUrl()}/api/v1/fastest.json`)).json());
      const unknown = await call('model_status', { model: 'claude-sonnet-4-5-2025092' });
      expect([unknown.isError, unknown.content[0]!.text]).toEqual([true, expect.stringMatching(/^unknown_model: no model id or API name "claude-sonnet-4-5-2025092" we know at any provider; closest: /)]);
    });

    it('refuses bad arguments and unknown tools with a tool error naming them', async () => {
      for (const [name, args, reason] of [['cheapest', { min_intel: 'abc' }, /min_intel/], ['cheapest', { limit: 0 }, /limit/], ['cheapest', { min_intell: 40 }, /min_intell/], ['model', {}, /id/], ['model_status', { model: 'x', id: 'y' }, /id/], ['fastest_models', { sort: 'speed' }, /sort/], ['fastest_models', { max_price: -1 }, /max_price/], ['no_such_tool', {}, /no_such_tool/]] as const) {
        const answer = await call(name, args);
        expect(answer.isError, `${name} ${JSON.stringify(args)}`).toBe(true);
        expect(answer.content[0]!.text, `${name} ${JSON.stringify(args)}`).toMatch(reason);
      }
    });

    it('answers what a client should not send with a JSON-RPC error, never a crash or an HTML page', async () => {
      const request = (id: number, method: string, params: object = {}) => JSON.stringify({ jsonrpc: '2.0', id, method, params });
      const cases: Array<[string, string, Record<string, string> | undefined, number, number, RegExp]> = [
        ['malformed JSON', '{"jsonrpc": "2.0", "id": 1,', undefined, 400, -32700, /not JSON/],
        ['a batch', `[${request(1, 'tools/list')}]`, undefined, 400, -32600, /batches are not supported/],
        ['not an object', '"tools/list"', undefined, 400, -32600, /one JSON-RPC message/],
        ['not JSON-RPC', '{"id": 1}', undefined, 400, -32700, /Invalid JSON-RPC message/],
        ['an unknown method', request(7, 'resources/destroy'), undefined, 200, -32601, /Method not found/],
        ['a wrong protocol version', request(8, 'tools/list'), { ...HEADERS, 'mcp-protocol-version': '1999-01-01' }, 400, -32000, /Unsupported protocol version/],
        ['a body over the limit', JSON.stringify({ jsonrpc: '2.0', id: 9, method: 'tools/list', params: { pad: 'x'.repeat(MAX_MCP_BODY_BYTES) } }), undefined, 413, -32600, new RegExp(`over ${MAX_MCP_BODY_BYTES} bytes`)],
        ['no JSON in Accept', request(10, 'tools/list'), { ...HEADERS, accept: 'text/html' }, 406, -32000, /Not Acceptable/],
      ];
      for (const [what, body, headers, status, code, message] of cases) {
        const answer = await post(body, headers);
        expect(answer.status, what).toBe(status);
        expect(answer.headers.get('content-type'), what).toMatch(/^application\/json/);
        expect(answer.headers.get('access-control-allow-origin'), what).toBe('*');
        expect(answer.body?.jsonrpc, what).toBe('2.0');
        expect(answer.body?.error, what).toMatchObject({ code, message: expect.stringMatching(message) });
      }
      // A body over the limit that does not declare its length is stopped as it arrives; the endpoint answers the next request.
      const chunks = new ReadableStream<Uint8Array>({
        start(controller) {
          for (let sent = 0; sent <= MAX_MCP_BODY_BYTES; sent += 16_384) controller.enqueue(new TextEncoder().encode(' '.repeat(16_384)));
          controller.close();
        },
      });
      const streamed = await fetch(endpoint(), { method: 'POST', headers: HEADERS, body: chunks, duplex: 'half' } as RequestInit);
      expect([streamed.status, ((await streamed.json()) as { error: { code: number } }).error.code]).toEqual([413, -32600]);
      expect((await post(request(11, 'tools/list'))).status).toBe(200);
      // A notification is never answered (JSON-RPC): 202 and no body, whatever its method.
      for (const method of ['notifications/initialized', 'notifications/no-such-thing', 'tools/call']) {
        const answer = await post(JSON.stringify({ jsonrpc: '2.0', method, params: { name: 'cheapest' } }));
        expect([answer.status, answer.body], method).toEqual([202, null]);
      }
    });

    it('answers GET with a clear 405 naming what it is, and lets browsers call it (CORS, preflight)', async () => {
      const get = await fetch(endpoint(), { headers: { accept: 'text/event-stream' } });
      expect([get.status, get.headers.get('allow'), get.headers.get('content-type')]).toEqual([405, 'POST, OPTIONS', 'application/json; charset=utf-8']);
      expect(((await get.json()) as { error: { message: string } }).error.message).toContain(`This is the ModelPulse MCP endpoint (MCP Streamable HTTP, stateless)`);
      const preflight = await fetch(endpoint(), { method: 'OPTIONS', headers: { origin: 'https://assistant.example', 'access-control-request-method': 'POST', 'access-control-request-headers': 'content-type, mcp-protocol-version' } });
      expect(preflight.status).toBe(204);
      expect(preflight.headers.get('access-control-allow-origin')).toBe('*');
      expect(preflight.headers.get('access-control-allow-methods')).toMatch(/POST/);
      expect(preflight.headers.get('access-control-allow-headers')).toMatch(/Content-Type.*Mcp-Protocol-Version/);
      const answer = await post(JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }));
      expect([answer.status, answer.headers.get('access-control-allow-origin'), answer.headers.get('cache-control')]).toEqual([200, '*', 'no-store']);
    });
  });
}
