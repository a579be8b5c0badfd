/**
 * `modelpulse mcp`: a Model Context Protocol server on stdio (the official TypeScript SDK), so a
 * coding assistant can ask for the cheapest model that fits, a model's prices and offers, an
 * author's models, service status, price changes and retirements. Every answer is the API's own
 * response (data and meta, with the attribution link, also as text); the client given keeps
 * answers for their max-age (at least 60 s). Bad arguments get a tool error naming the argument,
 * an unreachable site or a foreign answer a tool error saying so: never a stack trace.
 */
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import * as z from 'zod';
import type { ModelPulseClient } from '../client.js';
import { answer, tool } from './answers.js';
import { registerCostTools } from './cost-tools.js';
import { cheapestFilters, READ_ONLY } from './shapes.js';

const modelId = z.string().min(3).max(200).describe('A model id, <author>/<slug> in lower case, e.g. "openai/gpt-4o"');
const segment = (what: string, example: string) => z.string().min(1).max(100).describe(`${what}, lower case, e.g. "${example}"`);

/** Today, YYYY-MM-DD (UTC), for `retired`: the API's is as of the data's day, the reader's is today. */
const todayUtc = () => new Date().toISOString().slice(0, 10);

export function createMcpServer(client: ModelPulseClient, options: { version: string; today?: () => string }): McpServer {
  const today = options.today ?? todayUtc;
  const server = new McpServer({ name: 'modelpulse', title: 'ModelPulse', version: options.version });

  server.registerTool('cheapest', {
    title: 'Cheapest AI models for a need',
    description: 'The cheapest AI models (by blended price in USD per 1M tokens, (3 × input + output) / 4) that meet every given condition, cheapest first: exactly what the API\'s /api/v1/cheapest answers.',
    inputSchema: z.object(cheapestFilters).strict(),
    annotations: READ_ONLY,
  }, tool(async (query) => {
    const { computed: _computed, ...response } = await client.cheapest(query);
    return answer(response);
  }));

  server.registerTool('model', {
    title: 'One AI model',
    description: 'One model: prices (current, history, long-context tiers), context size, capabilities, benchmark indices, retirement date and every provider offer, cheapest first.',
    inputSchema: z.object({ id: modelId }).strict(),
    annotations: READ_ONLY,
  }, tool(async ({ id }) => answer(await client.model(id))));

  server.registerTool('author_models', {
    title: "An author's models",
    description: 'The models one author (maker) currently offers, with prices, context, capabilities and benchmark indices.',
    inputSchema: z.object({ author: segment('The author part of model ids', 'anthropic') }).strict(),
    annotations: READ_ONLY,
  }, tool(async ({ author }) => answer(await client.models(author))));

  server.registerTool('service_status', {
    title: 'AI service status',
    description: 'The status of the monitored AI services (official status page and our own probes): every service, or one service with 90 days of uptime and recent incidents.',
    inputSchema: z.object({ service_id: segment('A monitored service', 'openai').optional() }).strict(),
    annotations: READ_ONLY,
  }, tool(async ({ service_id: id }) => answer(id === undefined ? await client.status() : await client.service(id))));

  server.registerTool('price_changes', {
    title: 'AI model price changes',
    description: 'Recent changes of model prices (input and output, USD per 1M tokens), newest first.',
    inputSchema: z.object({ limit: z.number().int().min(1).max(1000).optional().describe('How many changes at most, newest first (default 25)') }).strict(),
    annotations: READ_ONLY,
  }, tool(async ({ limit = 25 }) => {
    const response = await client.priceChanges();
    const data = response.data.slice(0, limit);
    return answer({ ...response, data, meta: { ...response.meta, count: data.length } }, `${data.length} of ${response.data.length} price changes. `);
  }));

  server.registerTool('deprecations', {
    title: 'AI model retirements',
    description: 'Announced model retirements with their dates and replacements, soonest first; `retired` is as of today.',
    inputSchema: z.object({ include_retired: z.boolean().optional().describe('true: also models already retired (default: upcoming only)') }).strict(),
    annotations: READ_ONLY,
  }, tool(async ({ include_retired: includeRetired = false }) => {
    const response = await client.deprecations();
    const day = today();
    const rows = response.data.map((d) => ({ ...d, retired: d.retirement_date <= day }));
    const data = includeRetired ? rows : rows.filter((d) => !d.retired);
    return answer({ ...response, data, meta: { ...response.meta, count: data.length } });
  }));

  registerCostTools(server, client);
  return server;
}

/** Serves on stdin/stdout until the client closes stdin. */
export async function serveMcp(client: ModelPulseClient, version: string): Promise<void> {
  const server = createMcpServer(client, { version });
  const ended = new Promise<void>((resolve) => {
    process.stdin.once('end', resolve);
    process.stdin.once('close', resolve);
  });
  await server.connect(new StdioServerTransport());
  await ended;
  await server.close();
}
