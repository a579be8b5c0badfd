/**
 * Odd paths under /api/ that every host must answer with its JSON 404 (GitHub Pages: its 404 page
 * carrying the JSON error), never a redirect and never another file: encoded dot segments and
 * slashes in every case and double-encoded, backslashes, bytes that are not UTF-8, reserved
 * characters. Most decode to a path that exists (`/api/v1/cheapest.json`), so a host that decoded
 * them into separators would show it. Sent as written (testing/raw-http.ts or fetch: none is a
 * whole dot segment, which the URL standard resolves before any host sees it).
 */
export const ODD_API_PATHS: readonly string[] = [
  '/api/v1/models/..%2f..%2fetc%2fpasswd',
  '/api/v1/models/..%2F..%2Fetc%2Fpasswd',
  '/api/v1/models/openai/..%2f..%2fcheapest.json',
  '/api/v1/models/openai/..%2f..%2fcheapest',
  '/api/v1/models/openai/%2e%2e%2f%2e%2e%2fcheapest.json',
  '/api/v1/models/openai/%2E%2e%2F%2e%2E%2Fcheapest.json',
  '/api/v1/models/openai/.%2e%2f.%2E%2fcheapest.json',
  '/api/v1/models/openai/..%252f..%252fcheapest.json',
  '/api/v1/models/openai/%252e%252e%252f%252e%252e%252fcheapest.json',
  '/api/v1/models/openai%2Fgpt-4o.json',
  '/api/v1/models/openai%2fgpt-4o',
  '/api/v1/models/openai%5c..%5c..%5ccheapest.json',
  '/api/v1/status/..%2fstatus.json',
  '/api/v1/models/%ff.json',
  '/api/v1/models/openai/gpt-4o%00.json',
  '/api/v1/models/openai:gpt-4o.json',
  '/api/v1/models/openai@gpt-4o',
];
