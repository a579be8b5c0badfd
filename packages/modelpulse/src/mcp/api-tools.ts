/**
 * The tools that answer with the API's own responses: the cheapest models for a need, one model,
 * an author's models, service status, price changes and retirements. Every answer is the API's
 * response (data and meta, with the attribution link, also as text); bad arguments get a tool
 * error naming the argument (the SDK checks them against the schemas below).
 */
import * as z from 'zod';
import { cheapestFilters } from './shapes.js';
import { answer, READ_ONLY, tool, type ToolModule } from './tool-kit.js';

const modelId = z.string().min(3).max(200).describe('A model id, <author>/<slug> in lower case, e.g. "openai/gpt-4o"');
const segment = (what: string, example: string) => z.string().min(1).max(100).describe(`${what}, lower case, e.g. "${example}"`);

/** The tools' arguments, made once (a Worker registers the tools on a new server per request). */
const INPUT = {
  cheapest: z.object(cheapestFilters).strict(),
  model: z.object({ id: modelId }).strict(),
  authorModels: z.object({ author: segment('The author part of model ids', 'anthropic') }).strict(),
  serviceStatus: z.object({ service_id: segment('A monitored service', 'openai').optional() }).strict(),
  priceChanges: z.object({ limit: z.number().int().min(1).max(1000).optional().describe('How many changes at most, newest first (default 25)') }).strict(),
  deprecations: z.object({ include_retired: z.boolean().optional().describe('true: also models already retired (default: upcoming only)') }).strict(),
};

export const registerApiTools: ToolModule = (server, { client, today }) => {
  server.registerTool('cheapest', {
    title: 'Cheapest AI models for a need',
    description: 'The cheapest AI models (by blended price in USD per 1M tokens, (3 × input + output) / 4) that meet every given condition, cheapest first: exactly what the API\'s /api/v1/cheapest answers.',
    inputSchema: INPUT.cheapest,
    annotations: READ_ONLY,
  }, tool(async (query) => {
    const { computed: _computed, ...response } = await client.cheapest(query);
    return answer(response);
  }));

  server.registerTool('model', {
    title: 'One AI model',
    description: 'One model: prices (current, history, long-context tiers), context size, capabilities, benchmark indices, retirement date and every provider offer, cheapest first.',
    inputSchema: INPUT.model,
    annotations: READ_ONLY,
  }, tool(async ({ id }) => answer(await client.model(id))));

  server.registerTool('author_models', {
    title: "An author's models",
    description: 'The models one author (maker) currently offers, with prices, context, capabilities and benchmark indices.',
    inputSchema: INPUT.authorModels,
    annotations: READ_ONLY,
  }, tool(async ({ author }) => answer(await client.models(author))));

  server.registerTool('service_status', {
    title: 'AI service status',
    description: 'The status of the monitored AI services (official status page and our own probes): every service, or one service with 90 days of uptime and recent incidents.',
    inputSchema: INPUT.serviceStatus,
    annotations: READ_ONLY,
  }, tool(async ({ service_id: id }) => {
    // The API's response as it is: `meta.live` says whether it is live; why a live read failed is the client's business.
    const { fallback: _fallback, ...response } = id === undefined ? await client.status() : await client.service(id);
    return answer(response);
  }));

  server.registerTool('price_changes', {
    title: 'AI model price changes',
    description: 'Recent changes of model prices (input and output, USD per 1M tokens), newest first.',
    inputSchema: INPUT.priceChanges,
    annotations: READ_ONLY,
  }, tool(async ({ limit = 25 }) => {
    const response = await client.priceChanges();
    const data = response.data.slice(0, limit);
    return answer({ ...response, data, meta: { ...response.meta, count: data.length } }, `${data.length} of ${response.data.length} price changes. `);
  }));

  server.registerTool('deprecations', {
    title: 'AI model retirements',
    description: 'Announced model retirements with their dates and replacements, soonest first; `retired` is as of today.',
    inputSchema: INPUT.deprecations,
    annotations: READ_ONLY,
  }, tool(async ({ include_retired: includeRetired = false }) => {
    const response = await client.deprecations();
    const day = today();
    const rows = response.data.map((d) => ({ ...d, retired: d.retirement_date <= day }));
    const data = includeRetired ? rows : rows.filter((d) => !d.retired);
    return answer({ ...response, data, meta: { ...response.meta, count: data.length } });
  }));
};
