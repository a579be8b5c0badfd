/**
 * The tools on each model's status and speed, a tool module every server registers
 * (create-server.ts: `modelpulse mcp` on stdio and the Worker's `/mcp`):
 *
 * - `model_status`: one model by any name the client resolves (our id, an API name at any
 *   provider or at the one given, an OpenRouter id, a `models/…` form): its state and why, the
 *   official incidents naming it, and its providers' real-traffic figures side by side; without a
 *   model, every model that is not operational now (/api/v1/status/models).
 * - `fastest_models`: the fastest models for a need (/api/v1/fastest), with `cheapest`'s filters,
 *   a price cap and the order.
 * The tools read through the context's client; an unknown or ambiguous name and bad values are
 * tool errors naming what is wrong (tool-kit.ts), never a guess or a stack trace.
 */
import * as z from 'zod';
import { FASTEST_SORTS, MAX_PRICE_CAP } from '../../../../generator/query/fastest.js';
import { ResolveError } from '../../../../generator/query/api-name-index.js';
import { cheapestFilters } from './shapes.js';
import { answer, READ_ONLY, tool, type ApiAnswer, type ToolModule } from './tool-kit.js';

export const STATUS_TOOL_NAMES = ['model_status', 'fastest_models'] as const;

/** The tools' arguments, made once (the Worker registers the tools on a new server per request). */
const INPUT = {
  modelStatus: z.object({
    model: z.string().min(1).max(200).optional().describe('The model: our id ("anthropic/claude-sonnet-4.5"), or an API name as logs have it ("claude-sonnet-4-5-20250929", "gpt-4o", "models/gemini-2.5-pro", an OpenRouter id such as "meta-llama/llama-3.3-70b-instruct"). Leave out for every model not operational now'),
    provider: z.string().min(1).max(100).optional().describe('Read `model` as this provider\'s API name only (openai, anthropic, google-ai-studio, google-vertex, amazon-bedrock, azure, openrouter…), where the name alone is ambiguous'),
  }).strict(),
  fastest: z.object({
    ...cheapestFilters,
    max_price: z.number().min(0).max(MAX_PRICE_CAP).optional().describe('Only models whose blended price ((3 × input + output) / 4, USD per 1M tokens) is at most this'),
    sort: z.enum(FASTEST_SORTS).optional().describe('throughput (default): most output tokens a second first; latency: least time to the first token first'),
  }).strict(),
};

export const registerStatusTools: ToolModule = (server, { client }) => {
  server.registerTool('model_status', {
    title: "An AI model's status and speed, per provider",
    description:
      'Whether a model works right now, and on which providers: its state (operational, degraded, outage or unknown, with the reason), the open and recent official incidents that name it, '
      + "and each provider endpoint's real-traffic figures from OpenRouter side by side (uptime over 5 minutes, 30 minutes and a day; latency p50/p90 in ms; throughput p50/p90 in tokens a second; when observed), "
      + "beside Artificial Analysis' medians. A model one provider has lost while others serve it is operational. "
      + 'The model may be named by our id or by any API name a provider or a log uses; an unknown name is an error with the closest names, a name two models share is an error naming both: never a guess. '
      + 'Without `model`: every model that is not operational now, worst first, with its endpoints and incidents.',
    inputSchema: INPUT.modelStatus,
    annotations: READ_ONLY,
  }, tool(async ({ model, provider }) => {
    if (model === undefined) {
      if (provider !== undefined) throw new ResolveError('bad_request', 'provider: goes with model (an API name at that provider)');
      // The API's response as it is: `meta.live` says whether it is live; why a live read failed is the client's business.
      const { fallback: _fallback, ...list } = await client.modelStatus();
      return answer(list, `${list.data.length} models not operational now. `);
    }
    // As service_status: the answer as it is; why a live read failed is the client's business.
    const { fallback: _fallback, ...response } = await client.modelStatus(provider === undefined ? model : { provider, model });
    const { id, status: s } = response.data;
    const counted = s.providers.up + s.providers.degraded + s.providers.down + s.providers.unknown;
    return answer(response as unknown as ApiAnswer, `${id}: ${s.state} (${s.reason}); ${s.providers.up} of ${counted} provider endpoints up; ${s.open_incidents.length} open incidents name it. `);
  }));

  server.registerTool('fastest_models', {
    title: 'Fastest AI models for a need',
    description:
      'The fastest AI models that meet every given condition (the same filters as `cheapest`, plus a price cap): by output tokens a second (default) or by time to the first token (sort: latency), then by price. '
      + "Speed is OpenRouter's fastest endpoint (p50 over 30 minutes), else Artificial Analysis' median (status.speed_source says which); models without a known speed are left out. "
      + 'Exactly what the API\'s /api/v1/fastest answers.',
    inputSchema: INPUT.fastest,
    annotations: READ_ONLY,
  }, tool(async (query) => {
    const { computed: _computed, ...response } = await client.fastest(query);
    return answer(response, `${response.data.length} models, fastest first by ${response.meta.query.sort}. `);
  }));
};
