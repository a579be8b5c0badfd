/**
 * `modelpulse mcp` driven by the MCP SDK's own client over stdio, against a small site served by
 * the real `serve` (through a proxy that counts what reaches the site).
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient } from '../client.js';
import { estimateCost, type CostModel } from '../../../../generator/query/cost.js';
import { startSmallSite, unusedBaseUrl, type SmallSite } from '../../../../generator/testing/small-site.js';

const BIN = fileURLToPath(new URL('../cli/bin.ts', import.meta.url));

/** The MCP server as an assistant starts it: `modelpulse mcp --base-url <url>` (here from the sources, through tsx). */
async function connect(baseUrl: string): Promise<Client> {
  const transport = new StdioClientTransport({ command: process.execPath, args: ['--import', 'tsx', BIN, 'mcp', '--base-url', baseUrl], cwd: process.cwd(), stderr: 'pipe' });
  const client = new Client({ name: 'modelpulse-test', version: '1.0.0' });
  await client.connect(transport);
  return client;
}

interface ToolAnswer {
  isError?: boolean;
  structuredContent?: unknown;
  content: Array<{ type: string; text: string }>;
}

let site: SmallSite;
let proxy: Server;
let requests: string[] = [];
let mcp: Client;

beforeAll(async () => {
  site = await startSmallSite();
  proxy = createServer((req, res) => {
    requests.push(req.url ?? '');
    void fetch(`${site.server.url}${req.url}`).then(async (upstream) => {
      res.writeHead(upstream.status, Object.fromEntries(upstream.headers));
      res.end(Buffer.from(await upstream.arrayBuffer()));
    });
  });
  await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
  mcp = await connect(`http://127.0.0.1:${(proxy.address() as AddressInfo).port}`);
}, 300_000); // bounds a hang on a busy machine; measures nothing
afterAll(async () => {
  await mcp?.close();
  await new Promise((resolve) => proxy?.close(resolve));
  await site?.server.close();
});

const call = async (name: string, args: Record<string, unknown> = {}) => (await mcp.callTool({ name, arguments: args })) as ToolAnswer;

describe('modelpulse mcp over stdio', () => {
  it('lists its tools, each read-only with a described input', async () => {
    const { tools } = await mcp.listTools();
    expect(tools.map((t) => t.name).sort()).toEqual(['author_models', 'cheapest', 'cheapest_for_usage', 'deprecations', 'estimate_cost', 'fastest_models', 'model', 'model_status', 'price_changes', 'resolve_model', 'service_status']);
    const status = tools.find((t) => t.name === 'model_status')!;
    expect([Object.keys(status.inputSchema.properties ?? {}), status.inputSchema.required ?? []]).toEqual([['model', 'provider'], []]);
    const fastest = tools.find((t) => t.name === 'fastest_models')!;
    expect(Object.keys(fastest.inputSchema.properties ?? {})).toEqual(['min_intel', 'min_context', 'vision', 'reasoning', 'tools', 'limit', 'max_price', 'sort']);
    const cost = tools.find((t) => t.name === 'estimate_cost')!;
    expect(Object.keys(cost.inputSchema.properties ?? {})).toEqual(['model', 'input_tokens', 'cache_read_tokens', 'cache_write_tokens', 'output_tokens', 'input_audio_tokens', 'cache_audio_read_tokens', 'output_image_tokens', 'output_audio_tokens', 'provider', 'at']);
    const resolve = tools.find((t) => t.name === 'resolve_model')!;
    expect(resolve.inputSchema.required).toEqual(['provider', 'model']);
    expect(cost.inputSchema.required).toEqual(['model', 'input_tokens', 'output_tokens']);
    const cheapest = tools.find((t) => t.name === 'cheapest')!;
    expect(Object.keys(cheapest.inputSchema.properties ?? {})).toEqual(['min_intel', 'min_context', 'vision', 'reasoning', 'tools', 'limit']);
    for (const tool of tools) expect(tool.annotations?.readOnlyHint, tool.name).toBe(true);
  });

  it("answers cheapest exactly as the API, with the attribution link", async () => {
    const inGrid = await call('cheapest', { min_intel: 40, vision: true, limit: 5 });
    const file = await site.file('cheapest/min_intel/40/vision/limit/5.json');
    expect(inGrid.isError).toBeFalsy();
    expect(inGrid.structuredContent).toEqual(file);
    expect(JSON.parse(inGrid.content[0]!.text)).toEqual(file);
    expect(inGrid.content[1]!.text).toMatch(/^Data by ModelPulse .*\(https:\/\/modelpulse\.test\), updated 2026-08-02T00:00:00Z: show this link/);
    const offGrid = await call('cheapest', { min_intel: 43, reasoning: true });
    const { computed: _computed, ...expected } = await createClient({ baseUrl: site.server.url }).cheapest({ min_intel: 43, reasoning: true });
    expect(offGrid.structuredContent).toEqual(expected);
  });

  it('answers a model, an author, status, price changes and retirements from the API', async () => {
    expect((await call('model', { id: 'openai/gpt-test' })).structuredContent).toEqual(await site.file('models/openai/gpt-test.json'));
    expect((await call('author_models', { author: 'anthropic' })).structuredContent).toEqual(await site.file('models/anthropic.json'));
    expect((await call('service_status')).structuredContent).toEqual(await site.file('status.json'));
    expect((await call('service_status', { service_id: 'openai' })).structuredContent).toEqual(await site.file('status/openai.json'));
    const changes = await call('price_changes', { limit: 1 });
    expect((changes.structuredContent as { data: unknown[] }).data).toEqual((await site.file('price-changes.json')).data);
    expect(changes.content[1]!.text).toMatch(/^1 of 1 price changes\. Data by ModelPulse/);
    const upcoming = (await call('deprecations')).structuredContent as { data: Array<{ model_id: string; retired: boolean }> };
    // openai/old-test retires on 2026-12-01: upcoming until that day, by the reader's clock.
    const retired = new Date().toISOString().slice(0, 10) >= '2026-12-01';
    expect(upcoming.data.map((d) => d.model_id)).toEqual(retired ? [] : ['openai/old-test']);
    expect(((await call('deprecations', { include_retired: true })).structuredContent as typeof upcoming).data).toEqual([{ ...(await site.file('deprecations.json') as { data: object[] }).data[0], retired }]);
  });

  it('prices a token mix with estimateCost, and ranks by it as the client does', async () => {
    const usage = { input_tokens: 250_000, cache_read_tokens: 200_000, output_tokens: 1_000 };
    const answer = await call('estimate_cost', { model: 'anthropic/claude-test', ...usage });
    expect(answer.isError).toBeFalsy();
    const detail = await site.file('models/anthropic/claude-test.json');
    const { data, meta } = answer.structuredContent as { data: unknown; meta: Record<string, unknown> };
    expect(data).toEqual(estimateCost(detail.data as CostModel, usage));
    expect(data).toMatchObject({ total_usd: 0.4425, tier: { min_prompt_tokens: 200_000 } });
    expect(meta).toMatchObject({ ...detail.meta, model_id: 'anthropic/claude-test', usage });
    expect(answer.content[1]!.text).toMatch(/^anthropic\/claude-test: \$0\.4425\. Data by ModelPulse/);
    const byProvider = await call('estimate_cost', { model: 'anthropic/claude-test', input_tokens: 1_000, output_tokens: 100, provider: 'anthropic' });
    expect((byProvider.structuredContent as { data: object }).data).toMatchObject({ total_usd: 0.0045, provider: 'anthropic', source: 'openrouter' });
    const ranked = await call('cheapest_for_usage', { input_tokens: 100_000, output_tokens: 2_000, min_intel: 40, limit: 3 });
    expect(ranked.structuredContent).toEqual(await createClient({ baseUrl: site.server.url }).cheapestForUsage({ input_tokens: 100_000, output_tokens: 2_000 }, { min_intel: 40, limit: 3 }));
    expect((ranked.structuredContent as { data: Array<{ model_id: string }> }).data.map((r) => r.model_id)).toEqual(['mistralai/mistral-test', 'deepseek/r-test', 'openai/gpt-test']);
  });

  it('resolves an API name to the model, offer and price of the day, and prices a mix by it, as the client does', async () => {
    const client = createClient({ baseUrl: site.server.url });
    const resolved = await call('resolve_model', { provider: 'bedrock', model: 'deepseek.r-test-v1:0', at: '2026-07-19' });
    expect(resolved.isError).toBeFalsy();
    expect(resolved.structuredContent).toEqual(await client.resolveModel({ provider: 'bedrock', model: 'deepseek.r-test-v1:0', at: '2026-07-19' }));
    expect(resolved.content[1]!.text).toMatch(/^amazon-bedrock deepseek\.r-test-v1:0 is deepseek\/r-test: input \$0\.60, output \$2\.40 per 1M tokens\. Data by ModelPulse/);
    const usage = { input_tokens: 1_000_000, output_tokens: 100_000 };
    const byName = await call('estimate_cost', { provider: 'bedrock', model: 'us.deepseek.r-test-v1:0', ...usage });
    expect((byName.structuredContent as { data: object }).data).toEqual((await client.cost({ provider: 'bedrock', model: 'us.deepseek.r-test-v1:0' }, usage)).data);
    expect((byName.structuredContent as { data: object }).data).toMatchObject({ total_usd: 0.924, provider: 'amazon-bedrock', source: 'litellm' });
    const unknown = await call('resolve_model', { provider: 'mistral', model: 'mistral-test-2508' });
    expect(unknown).toMatchObject({ isError: true, content: [{ type: 'text', text: 'unknown_model: mistral has no API name "mistral-test-2508" we know; closest: mistral-test-2507, mistral-test-latest' }] });
    const claimed = await call('estimate_cost', { provider: 'deepseek', model: 'shared-test', ...usage });
    expect(claimed.content[0]!.text).toMatch(/^ambiguous_model: deepseek "shared-test" is claimed by deepseek\/r-test and mistralai\/mistral-test/);
  });

  it('prices image and audio output apart from text output, as estimateCost does', async () => {
    const media = { input_tokens: 10, output_tokens: 1_304, output_image_tokens: 1_290 };
    const answer = await call('estimate_cost', { model: 'mistralai/mistral-test', ...media });
    const detail = await site.file('models/mistralai/mistral-test.json');
    expect((answer.structuredContent as { data: unknown }).data).toEqual(estimateCost(detail.data as CostModel, media));
    expect((answer.structuredContent as { data: { lines: Array<{ part: string; tokens: number }> } }).data.lines.slice(3)).toMatchObject([{ part: 'output', tokens: 14 }, { part: 'output_image', tokens: 1_290 }]);
    const ranked = await call('cheapest_for_usage', { ...media });
    expect(ranked.isError).toBe(true);
  });

  it("answers a model's status by any of its names, the models not operational, and fastest, as the client does", async () => {
    const client = createClient({ baseUrl: site.server.url });
    const byId = await call('model_status', { model: 'anthropic/claude-test' });
    expect(byId.isError).toBeFalsy();
    const { fallback: _live, ...one } = await client.modelStatus('anthropic/claude-test');
    expect(byId.structuredContent).toEqual(one);
    expect(byId.content[1]!.text).toMatch(/^anthropic\/claude-test: degraded \(no_provider_up\); 0 of 2 provider endpoints up; 0 open incidents name it\. Data by ModelPulse/);
    const byName = await call('model_status', { model: 'mistral-test-2507' });
    expect((byName.structuredContent as { data: { id: string; asked: object } }).data).toMatchObject({ id: 'mistralai/mistral-test', asked: { match: 'exact', providers: ['mistral'] } });
    const atProvider = await call('model_status', { model: 'us.deepseek.r-test-v1:0', provider: 'bedrock' });
    const { fallback: _f, ...named } = await client.modelStatus({ provider: 'bedrock', model: 'us.deepseek.r-test-v1:0' });
    expect(atProvider.structuredContent).toEqual(named);
    const list = await call('model_status');
    const { fallback: _fallback, ...expected } = await client.modelStatus();
    expect(list.structuredContent).toEqual(expected);
    expect(list.content[1]!.text).toMatch(/^1 models not operational now\. /);
    const fastest = await call('fastest_models', { tools: true, max_price: 5, sort: 'latency', limit: 3 });
    const { computed: _computed, ...answer } = await client.fastest({ tools: true, max_price: 5, sort: 'latency', limit: 3 });
    expect(fastest.structuredContent).toEqual(answer);
    expect(fastest.content[1]!.text).toMatch(/^3 models, fastest first by latency\. /);
    expect((await call('fastest_models')).structuredContent).toEqual(await site.file('fastest.json'));
  });

  it('keeps answers for at least 60 s: asking again reaches the site no more', async () => {
    await call('price_changes');
    await call('model', { id: 'openai/gpt-test' });
    requests = [];
    await call('price_changes', { limit: 5 });
    await call('model', { id: 'openai/gpt-test' });
    expect(requests).toEqual([]);
  });

  it('refuses bad arguments with a tool error naming them, and reports what the API does not have', async () => {
    const cases: Array<[string, Record<string, unknown>, RegExp]> = [
      ['cheapest', { min_intel: 'abc' }, /min_intel/],
      ['cheapest', { min_intel: 101 }, /min_intel/],
      ['cheapest', { limit: 0 }, /limit/],
      ['cheapest', { min_intell: 40 }, /min_intell/],
      ['model', {}, /id/],
      ['model', { id: 'OpenAI/GPT-Test' }, /^(invalid_id|not_found): .*"OpenAI\/GPT-Test"/],
      ['model', { id: 'openai/no-such-model' }, /^not_found: /],
      ['service_status', { service_id: 'no-such-service' }, /^not_found: /],
      ['estimate_cost', { model: 'anthropic/claude-test', input_tokens: -1, output_tokens: 1 }, /input_tokens/],
      ['estimate_cost', { model: 'anthropic/claude-test', input_tokens: 1.5, output_tokens: 1 }, /input_tokens/],
      ['estimate_cost', { model: 'anthropic/claude-test', input_tokens: '100', output_tokens: 1 }, /input_tokens/],
      ['estimate_cost', { model: 'anthropic/claude-test', input_tokens: 100 }, /output_tokens/],
      ['estimate_cost', { model: 'anthropic/claude-test', input_tokens: 5, cache_read_tokens: 10, output_tokens: 1 }, /^bad_usage: cache_read_tokens: 10 is more than input_tokens \(5\)/],
      ['estimate_cost', { model: 'anthropic/claude-test', input_tokens: 5, output_tokens: 1, provider: 'nobody' }, /^not_offered: anthropic\/claude-test is not offered by "nobody" \(offered by amazon-bedrock, anthropic, openrouter\)$/],
      ['estimate_cost', { model: 'openai/no-such-model', input_tokens: 5, output_tokens: 1 }, /^not_found: /],
      ['cheapest_for_usage', { input_tokens: 5, cache_read_tokens: 3, cache_write_tokens: 3, output_tokens: 1 }, /^bad_usage: cache_write_tokens: /],
      ['cheapest_for_usage', { input_tokens: 5, output_tokens: 1, limit: 0 }, /limit/],
      ['model_status', { model: 'mistral-test-2508' }, /^unknown_model: no model id or API name "mistral-test-2508" we know at any provider; closest: mistral-test-2507/],
      ['model_status', { model: 'shared-test' }, /^ambiguous_model: "shared-test" names deepseek\/r-test and mistralai\/mistral-test/],
      ['model_status', { model: 'x', provider: 'nobody' }, /^unknown_provider: /],
      ['model_status', { provider: 'mistral' }, /^bad_request: provider: goes with model/],
      ['model_status', { model: '' }, /model/],
      ['model_status', { id: 'anthropic/claude-test' }, /id/],
      ['fastest_models', { sort: 'speed' }, /sort/],
      ['fastest_models', { max_price: -1 }, /max_price/],
      ['fastest_models', { max_price: '2' }, /max_price/],
      ['fastest_models', { limit: 101 }, /limit/],
    ];
    for (const [tool, args, message] of cases) {
      const answer = await call(tool, args);
      expect(answer.isError, `${tool} ${JSON.stringify(args)}`).toBe(true);
      expect(answer.content[0]!.text, `${tool} ${JSON.stringify(args)}`).toMatch(message);
      expect(answer.content[0]!.text).not.toMatch(/^\s+at /m);
    }
  });

  it('names a base URL it cannot reach', async () => {
    const baseUrl = await unusedBaseUrl();
    const down = await connect(baseUrl);
    try {
      const result = (await down.callTool({ name: 'service_status', arguments: {} })) as ToolAnswer;
      expect(result.isError).toBe(true);
      expect(result.content[0]!.text).toContain(`unreachable: Cannot reach ${baseUrl}`);
    } finally {
      await down.close();
    }
  });
});
