/**
 * `modelpulse mcp`: a Model Context Protocol server on stdio (the official TypeScript SDK), so a
 * coding assistant can ask for the cheapest model that fits, a model's prices and offers, an
 * author's models, service status, price changes and retirements. The tools are the shared ones
 * (create-server.ts), answered through the client given, which keeps answers for their max-age
 * (at least 60 s). An unreachable site or a foreign answer is a tool error saying so.
 */
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import type { ModelPulseClient } from '../client.js';
import { createMcpServer } from './create-server.js';

export { createMcpServer };

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
