/**
 * The MCP server every transport serves: the stdio server (`modelpulse mcp`, server.ts) and the
 * Cloudflare Worker's `/mcp` (generator/host/cloudflare/mcp-endpoint.ts). No Node.js imports:
 * the Worker bundles it.
 */
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { ModelPulseClient } from '../client.js';
import { registerApiTools } from './api-tools.js';
import { registerCostTools } from './cost-tools.js';
import { registerNameTools } from './name-tools.js';
import { registerStatusTools } from './status-tools.js';
import type { ToolModule } from './tool-kit.js';

/** Every tool module, on every server: a new module is one more entry here. */
export const TOOL_MODULES: readonly ToolModule[] = [registerApiTools, registerCostTools, registerNameTools, registerStatusTools];

export interface McpServerOptions {
  version: string;
  /** Today, YYYY-MM-DD (UTC); the clock's day by default. */
  today?: () => string;
}

/** Today by the clock, YYYY-MM-DD (UTC): the API's `retired` is as of the data's day, the reader's is today. */
const todayUtc = () => new Date().toISOString().slice(0, 10);

export function createMcpServer(client: ModelPulseClient, options: McpServerOptions): McpServer {
  const server = new McpServer({ name: 'modelpulse', title: 'ModelPulse', version: options.version });
  const context = { client, today: options.today ?? todayUtc };
  for (const register of TOOL_MODULES) register(server, context);
  return server;
}
