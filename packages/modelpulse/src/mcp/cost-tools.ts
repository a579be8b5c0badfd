/**
 * The MCP tools that price a token mix, a tool module (tool-kit.ts) every server registers
 * (create-server.ts: `modelpulse mcp` on stdio and the Worker's `/mcp`):
 *
 * - `estimate_cost`: what a request costs on one model (query/cost.ts `estimateCost`), at its
 *   headline price or one provider's standard offer;
 * - `cheapest_for_usage`: the models cheapest for a token mix (`rankByCost`), with `cheapest`'s
 *   filters, from /api/v1/cost-index.json.
 * The tools read through the context's client (its `cost` and `cheapestForUsage`). Bad counts, a provider that does not offer the model and failed
 * requests come back as tool errors naming what is wrong (answers.ts), never a stack trace.
 */
import * as z from 'zod';
import { CostInputError, type TokenUsage } from '../../../../generator/query/cost.js';
import { ResolveError } from '../../../../generator/query/resolve.js';
import { ModelPulseError, type ModelPulseClient } from '../client.js';
import { nameShape } from './name-tools.js';
import { usdAmount } from '../../../../generator/render/presentation.js';
import { cheapestFilters } from './shapes.js';
import { answer, READ_ONLY, tool, type ApiAnswer, type ToolModule } from './tool-kit.js';

export const COST_TOOL_NAMES = ['estimate_cost', 'cheapest_for_usage'] as const;

const tokens = (what: string) => z.number().int().min(0).describe(what);
const usageShape = {
  input_tokens: tokens('The whole prompt in tokens, cache reads and writes included (as the makers\' usage reports count it)'),
  cache_read_tokens: tokens('Of the prompt, tokens read from the provider\'s cache (default 0)').optional(),
  cache_write_tokens: tokens('Of the prompt, tokens written to the provider\'s cache (default 0)').optional(),
  output_tokens: tokens('Output tokens, reasoning included'),
};
/** Image and audio parts (estimate_cost only: ranking prices text tokens). */
const mediaShape = {
  input_audio_tokens: tokens('Of the prompt, audio tokens, cached ones included, priced at the model\'s audio input rate (default 0)').optional(),
  cache_audio_read_tokens: tokens('Of the cache reads, audio tokens, priced at the model\'s audio cache-read rate (default 0)').optional(),
  output_image_tokens: tokens('Of output_tokens, image tokens (Gemini: 1,290 a 1024x1024 image), priced at the model\'s image output rate; the rest of the output is text, at the text rate (default 0)').optional(),
  output_audio_tokens: tokens('Of output_tokens, audio tokens, priced at the model\'s audio output rate (default 0)').optional(),
};

/** The tools' arguments, made once (the Worker registers the tools on a new server per request). */
const INPUT = {
  estimateCost: z.object({
    model: z.string().min(1).max(200).describe('A model id, <author>/<slug> in lower case, e.g. "anthropic/claude-sonnet-4"; or, with `provider`, an API name as that provider\'s API takes it, e.g. "gpt-4o-2024-08-06"'),
    ...usageShape,
    ...mediaShape,
    provider: z.string().min(1).max(100).optional().describe('A provider id as the model\'s offers name it, e.g. "anthropic", "amazon-bedrock" (google, bedrock, aws, x-ai… are read as ours)'),
    at: nameShape.at,
  }).strict(),
  cheapestForUsage: z.object({ ...usageShape, ...cheapestFilters }).strict(),
};

const OUR_ID = /^[a-z0-9][a-z0-9._-]*\/[a-z0-9][a-z0-9._-]*$/;

/**
 * With a provider, the model is first read as that provider's API name; a name we do not know
 * that is one of our ids (`anthropic/claude-sonnet-4`) is that model at the provider's standard offer.
 */
async function costOf(client: ModelPulseClient, model: string, provider: string | undefined, at: string | undefined, usage: TokenUsage) {
  if (provider === undefined) {
    if (at !== undefined) throw new CostInputError('at', 'goes with provider and an API name (a day\'s price of an offer)');
    return client.cost(model, usage);
  }
  try {
    return await client.cost({ provider, model, at: at ?? null }, usage);
  } catch (error) {
    const unknown = (error instanceof ResolveError && ['unknown_model', 'unknown_provider'].includes(error.code)) || (error instanceof ModelPulseError && error.status === 404);
    if (!unknown || at !== undefined || !OUR_ID.test(model)) throw error;
    return client.cost(model, usage, { provider });
  }
}

type UsageArgs = { input_tokens: number; output_tokens: number } & Partial<Record<'cache_read_tokens' | 'cache_write_tokens' | 'input_audio_tokens' | 'cache_audio_read_tokens' | 'output_image_tokens' | 'output_audio_tokens', number>>;

function usageOf(args: UsageArgs): TokenUsage {
  const usage: TokenUsage = { input_tokens: args.input_tokens, output_tokens: args.output_tokens };
  for (const field of ['cache_read_tokens', 'cache_write_tokens', 'input_audio_tokens', 'cache_audio_read_tokens', 'output_image_tokens', 'output_audio_tokens'] as const) if (args[field] !== undefined) usage[field] = args[field];
  return usage;
}

export const registerCostTools: ToolModule = (server, { client }) => {
  server.registerTool('estimate_cost', {
    title: 'What a request costs on one AI model',
    description:
      'The cost in USD of one request (a token mix) on one model, line by line: fresh input (input_tokens minus cache reads and writes), cache reads, cache writes and output, '
      + 'and where given the image and audio parts (output_image_tokens, output_audio_tokens of the output; input_audio_tokens of the input) at the model\'s image and audio rates, the rest of the output at the text rate; '
      + 'at the long-context tier the whole prompt falls in (a tier applies above its min_prompt_tokens, to every rate of the request). '
      + 'Exact to the micro-dollar; total_usd is null and `missing` names the rates when a needed price is unknown. '
      + "Default: the model's headline price; `provider` prices that provider's standard offer (curated first-party prices first). "
      + 'With `provider`, `model` may be an API name as logs have it (gpt-4o-2024-08-06, us.anthropic.claude-…): priced at the offer that name stands for, at its price on `at` (default the data\'s day).',
    inputSchema: INPUT.estimateCost,
    annotations: READ_ONLY,
  }, tool(async (args) => {
    const usage = usageOf(args);
    const response = await costOf(client, args.model, args.provider, args.at, usage);
    return answer({ data: response.data, meta: { ...(response.meta as ApiAnswer['meta']), model_id: args.model, usage } }, `${args.model}: ${usdAmount(response.data.total_usd)}. `);
  }));

  server.registerTool('cheapest_for_usage', {
    title: 'Cheapest AI models for a token mix',
    description:
      'The models cheapest for a given request (token mix), each at its cheapest known offer, with the same filters as `cheapest`; '
      + 'models whose cost for the mix is unknown (a needed cache price not published) are left out.',
    inputSchema: INPUT.cheapestForUsage,
    annotations: READ_ONLY,
  }, tool(async (args) => {
    const { input_tokens: _i, cache_read_tokens: _r, cache_write_tokens: _w, output_tokens: _o, ...query } = args;
    const response = await client.cheapestForUsage(usageOf(args), query);
    return answer(response as ApiAnswer, `${response.data.length} models, cheapest first. `);
  }));
};
