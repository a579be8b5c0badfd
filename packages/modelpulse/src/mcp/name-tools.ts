/**
 * `resolve_model`: an API name as logs have it (`gpt-4o-2024-08-06` at `openai`,
 * `us.anthropic.claude-…` at `amazon-bedrock`) to this API's model, the offer the name stands for
 * and its price on a day (query/resolve.ts through the client's `resolveModel`). A tool module
 * every server registers (create-server.ts: stdio and the Worker's /mcp). A name we cannot resolve
 * is a tool error with its code and the closest known names, never a guess.
 */
import * as z from 'zod';
import { usd } from '../cli/format.js';
import { answer, READ_ONLY, tool, type ApiAnswer, type ToolModule } from './tool-kit.js';

export const NAME_TOOL_NAMES = ['resolve_model'] as const;

/** The arguments `resolve_model` and `estimate_cost` take for an API name. */
export const nameShape = {
  provider: z.string().min(1).max(100).describe('The provider whose API takes the name: openai, anthropic, google-ai-studio, google-vertex, amazon-bedrock, azure, mistral, xai, cohere, deepseek… (google, gemini, vertex, bedrock, aws, x-ai, azure-openai are read as those)'),
  at: z.string().regex(/^\d{4}-\d{2}-\d{2}$/).optional().describe("The day (YYYY-MM-DD) whose price and alias target count; default the data's as-of day"),
};

const INPUT = z.object({ ...nameShape, model: z.string().min(1).max(200).describe('The API name as the provider\'s API takes it, e.g. "gpt-4o-2024-08-06", "claude-sonnet-4-5-20250929", "us.anthropic.claude-sonnet-4-5-20250929-v1:0", "codestral-latest"') }).strict();

export const registerNameTools: ToolModule = (server, { client }) => {
  server.registerTool('resolve_model', {
    title: 'Which model and price an API name stands for',
    description:
      "An API name as a provider's API and usage logs have it (dated snapshots, -latest aliases, Bedrock/Vertex/Azure ids with their region or data-zone prefix) to this API's model id, "
      + 'its type, the offer the name stands for and that offer\'s price in force on the day (USD per 1M tokens, with prices in other units beside them). '
      + 'An unknown name is an error listing the closest known names of that provider; a name two models claim is an error naming both: never a guess.',
    inputSchema: INPUT,
    annotations: READ_ONLY,
  }, tool(async (args) => {
    const response = await client.resolveModel({ provider: args.provider, model: args.model, at: args.at ?? null });
    const r = response.data;
    return answer({ data: r, meta: response.meta as ApiAnswer['meta'] }, `${r.provider} ${r.api_name} is ${r.model}: input ${usd(r.price.input)}, output ${usd(r.price.output)} per 1M tokens. `);
  }));
};
