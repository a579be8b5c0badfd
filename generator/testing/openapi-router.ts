/**
 * The OpenAPI document as a standard tool routes requests with it: openapi-backend's router
 * (path templates, the most specific first) and its request validation (path parameters against
 * their schemas), over the document written where the site publishes it, beside the schemas it
 * references. For the tests: which operations a published path matches, to check it is exactly one.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { OpenAPIBackend, type Operation, type Request } from 'openapi-backend';
import { OPENAPI_FILE } from '../render/openapi.js';
import { API_SCHEMA_NAMES, apiSchemas } from '../render/schemas.js';
import { tempDir } from './tree.js';

export interface OpenApiRouter {
  /** The operation the router picks for a GET of `path`, or null. */
  route(path: string): string | null;
  /** Every operation whose template matches `path` and whose parameters accept it (the router's pick first). */
  matching(path: string): string[];
}

export async function openApiRouter(document: object, siteUrl: string): Promise<OpenApiRouter> {
  const root = await tempDir('openapi-router');
  await mkdir(join(root, 'api/v1/schemas'), { recursive: true });
  const schemas = apiSchemas(siteUrl);
  for (const name of API_SCHEMA_NAMES) await writeFile(join(root, `api/v1/schemas/${name}.json`), JSON.stringify(schemas[name]));
  await writeFile(join(root, OPENAPI_FILE), JSON.stringify(document));
  // quick: its own check of the document knows OpenAPI 3.0 only (the tests check 3.1 with two validators).
  const api = new OpenAPIBackend({ definition: join(root, OPENAPI_FILE), quick: true, strict: true });
  await api.init();
  const router = api.router;
  const all = router.getOperations();
  // The list is a pure function of the document: listed once, not on every request.
  let listed: Operation[] = all;
  router.getOperations = () => listed;
  const request = (path: string): Request => ({ method: 'get', path, headers: {} });
  const pick = (path: string, among: Operation[]): Operation | undefined => {
    listed = among;
    try {
      return router.matchOperation(request(path));
    } finally {
      listed = all;
    }
  };
  return {
    route: (path) => pick(path, all)?.operationId ?? null,
    matching(path) {
      const found: string[] = [];
      // Ask again without each pick, until no template matches.
      for (let left = all, op = pick(path, left); op !== undefined; left = left.filter((o) => o !== op), op = pick(path, left)) {
        if (api.validateRequest(request(path), op).valid) found.push(op.operationId!);
      }
      return found;
    },
  };
}
