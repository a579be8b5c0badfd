/**
 * The paths of the OpenAPI document outside the API: the npm package every host publishes
 * (`/modelpulse.tgz`) and the remote MCP endpoint (`/mcp`: the Cloudflare Worker's; other hosts
 * answer it with a JSON error naming where it is, host/mcp-elsewhere.ts).
 */
import type { Json } from './openapi-paths.js';

const jsonRpc = (description: string): Json => ({
  description,
  content: {
    'application/json': {
      schema: {
        type: 'object',
        required: ['jsonrpc'],
        properties: { jsonrpc: { const: '2.0' }, id: { type: ['string', 'integer', 'null'] }, result: { type: 'object' }, error: { type: 'object', required: ['code', 'message'], properties: { code: { type: 'integer' }, message: { type: 'string' } } } },
      },
    },
  },
});

export function siteRootPaths(maxMcpBodyBytes: number): Record<string, Json> {
  return {
    '/modelpulse.tgz': {
      get: {
        operationId: 'getPackageTarball',
        tags: ['api'],
        summary: 'The npm package, from this site',
        description: 'The `modelpulse` npm package (typed client, CLI, MCP server on stdio) as this build packed it: `npm install <site>/modelpulse.tgz`, or `npx <site>/modelpulse.tgz cheapest --vision`. No dependencies to fetch; the same bytes until the package changes. Every host publishes it.',
        responses: {
          200: { description: 'A gzipped tar archive in npm\'s package layout.', content: { 'application/gzip': { schema: { type: 'string', contentMediaType: 'application/gzip' } } } },
          '4XX': { $ref: '#/components/responses/ClientError' },
        },
      },
    },
    '/mcp': {
      post: {
        operationId: 'postMcp',
        tags: ['api'],
        summary: 'The remote MCP endpoint (Cloudflare)',
        description: `MCP's Streamable HTTP transport, stateless: one JSON-RPC message per POST (\`initialize\`, \`tools/list\`, \`tools/call\` with the tools of \`modelpulse mcp\`), answered in JSON; no session, no event stream (GET answers 405). Refused with a JSON-RPC error: malformed JSON (-32700), a batch or a body over ${maxMcpBodyBytes} bytes (-32600; 413 for the size), an unknown method (-32601), an unsupported \`MCP-Protocol-Version\` (400). Bad tool arguments are a tool result with \`isError\`, naming the argument. A notification is accepted with 202 and no body. CORS is open, preflight included. Hosts without code answer \`/mcp\` with a JSON 404 \`mcp_elsewhere\` whose \`error.endpoint\` is where the remote endpoint lives.`,
        requestBody: { required: true, content: { 'application/json': { schema: { type: 'object', required: ['jsonrpc', 'method'], properties: { jsonrpc: { const: '2.0' }, id: { type: ['string', 'integer'] }, method: { type: 'string' }, params: { type: 'object' } } } } } },
        responses: {
          200: jsonRpc('The JSON-RPC response (a result, or an error such as -32601 for an unknown method).'),
          202: { description: 'A notification, accepted; no body.' },
          400: jsonRpc('Malformed JSON, a batch, not one JSON-RPC message, or an unsupported protocol version: a JSON-RPC error.'),
          404: {
            description: 'A host without code (Netlify, GitHub Pages, nginx): no MCP endpoint here; `error.endpoint` is where it lives.',
            content: { 'application/json': { schema: { $ref: './schemas/error.json' } } },
          },
          405: jsonRpc('Only POST (and OPTIONS) carry MCP here: a JSON-RPC error that says what this endpoint is.'),
          413: jsonRpc(`A body over ${maxMcpBodyBytes} bytes: a JSON-RPC error.`),
        },
      },
    },
  };
}
