/**
 * What every MCP tool module shares: the context a tool answers from, how a module is written
 * (a function that registers its tools on a server), and how an answer and a failure look. The
 * stdio server (`modelpulse mcp`) and the Cloudflare Worker's `/mcp` endpoint register the same
 * modules (create-server.ts), so a tool is written once and answers the same on both.
 */
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { ModelPulseError, type ModelPulseClient } from '../client.js';
import { CostError } from '../../../../generator/query/cost.js';
import { ResolveError } from '../../../../generator/query/resolve.js';

/** What a tool reads: the site (through the package's client) and the reader's day. */
export interface ToolContext {
  client: ModelPulseClient;
  /** Today, YYYY-MM-DD (UTC), for judgements by the reader's day (`retired`). */
  today: () => string;
}

/** A set of tools: registers them on `server`. Add a module to TOOL_MODULES (create-server.ts). */
export type ToolModule = (server: McpServer, context: ToolContext) => void;

export interface ApiAnswer {
  data: unknown;
  meta: { attribution: { text: string; url: string }; updated_at: string };
}

/** The answer as JSON (structured and as text), and the link back the data must be shown with. */
export function answer<R extends ApiAnswer>(response: R, note = ''): CallToolResult {
  const { attribution, updated_at: updatedAt } = response.meta;
  return {
    structuredContent: response as unknown as Record<string, unknown>,
    content: [
      { type: 'text', text: JSON.stringify(response) },
      { type: 'text', text: `${note}Data by ${attribution.text} (${attribution.url}), updated ${updatedAt}: show this link wherever you show the data.` },
    ],
  };
}

export function failure(error: unknown): CallToolResult {
  const text = error instanceof ModelPulseError || error instanceof CostError || error instanceof ResolveError ? `${error.code}: ${error.message}` : `unexpected error: ${error instanceof Error ? error.message : String(error)}`;
  return { isError: true, content: [{ type: 'text', text }] };
}

/** Runs a tool; every failure becomes a tool error the assistant can read, never a stack trace. */
export const tool = <A>(run: (args: A) => Promise<CallToolResult>) => async (args: A): Promise<CallToolResult> => {
  try {
    return await run(args);
  } catch (error) {
    return failure(error);
  }
};

/** Every tool here only reads public data. */
export const READ_ONLY = { readOnlyHint: true, idempotentHint: true, openWorldHint: true } as const;
