/**
 * How every ModelPulse MCP tool answers (the stdio server's and cost-tools.ts'): the API's
 * response as JSON, structured and as text, with the link back the data must be shown with; and
 * every failure as a tool error the assistant can read (the error's code and message), never a
 * stack trace.
 */
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { ModelPulseError } from '../../../../generator/client/client.js';
import { CostError } from '../../../../generator/query/cost.js';

export interface ToolResponse {
  data: unknown;
  meta: { attribution: { text: string; url: string }; updated_at: string };
}

/** `note` comes before the attribution sentence (end it with a space). */
export function answer<R extends ToolResponse>(response: R, note = ''): CallToolResult {
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
  const text = error instanceof ModelPulseError || error instanceof CostError ? `${error.code}: ${error.message}` : `unexpected error: ${error instanceof Error ? error.message : String(error)}`;
  return { isError: true, content: [{ type: 'text', text }] };
}

/** Runs a tool; every failure becomes a tool error the assistant can read. */
export const tool = <A>(run: (args: A) => Promise<CallToolResult>) => async (args: A): Promise<CallToolResult> => {
  try {
    return await run(args);
  } catch (error) {
    return failure(error);
  }
};
