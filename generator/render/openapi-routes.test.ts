/**
 * The precomputed `cheapest` files in the OpenAPI document: every file the build writes is matched
 * by exactly one operation, by a plain matcher over all of them (templates with each number one of
 * its enum's values) and by a standard tool's router (openapi-backend: path templates, then the
 * parameters against their schemas) over every path form.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { cheapestPath, DEFAULT_QUERY, type CheapestQuery } from '../query/cheapest.js';
import { precomputedQueries } from '../query/variants.js';
import { TEST_SITE_URL } from '../testing/built-site.js';
import { openApiRouter, type OpenApiRouter } from '../testing/openapi-router.js';
import { cheapestPathForms } from './openapi-cheapest.js';
import { openApiDocument } from './openapi.js';

interface Parameter { name: string; in: string; schema: { enum?: number[] }; examples?: Record<string, { value: unknown }> }
interface Doc { paths: Record<string, { get: { operationId: string; parameters?: Array<{ $ref: string }> } }>; components: { parameters: Record<string, Parameter> } }

const doc = openApiDocument({ siteUrl: TEST_SITE_URL, serviceIds: ['anthropic', 'openai'], authors: ['google', 'openai'] }) as unknown as Doc;
const param = (ref: { $ref: string }) => doc.components.parameters[ref.$ref.split('/').at(-1)!]!;
/** The document's path items below /api/v1/cheapest/, with their path parameters. */
const cheapestItems = Object.entries(doc.paths)
  .filter(([path]) => path.startsWith('/api/v1/cheapest/'))
  .map(([path, item]) => ({ path, id: item.get.operationId, params: (item.get.parameters ?? []).map(param) }));
const publishedPaths = () => precomputedQueries().map((q) => `/api/v1/${cheapestPath(q)}.json`).filter((p) => p !== '/api/v1/cheapest.json');

describe('the precomputed cheapest files in the OpenAPI document', () => {
  it('templates no parameter across a `/`, and names every number it templates as a path parameter with an enum', () => {
    expect(cheapestItems.length).toBeGreaterThan(1);
    for (const { path, params } of cheapestItems) {
      const templated = [...path.matchAll(/\{([^}]*)\}/g)].map((m) => m[1]!);
      for (const name of templated) expect(name, path).toMatch(/^[a-z_]+$/);
      expect(params.map((p) => [p.in, p.name]).sort(), path).toEqual(templated.map((name) => ['path', name]).sort());
      for (const p of params) expect(p.schema.enum?.length, `${path}: ${p.name}`).toBeGreaterThan(0);
    }
  });

  it('matches every file the build writes to exactly one operation, its numbers among the enum', () => {
    // Each item as a plain matcher: literal segments, and each parameter one of its enum's values.
    const matchers = cheapestItems.map(({ path, id, params }) => {
      const alternatives = (name: string) => params.find((p) => p.name === name)!.schema.enum!.map((v) => String(v).replace('.', '\\.')).join('|');
      const pattern = path.replace(/\./g, '\\.').replace(/\{([a-z_]+)\}/g, (_, name: string) => `(?:${alternatives(name)})`);
      return { id, re: new RegExp(`^${pattern}$`) };
    });
    const published = publishedPaths();
    expect(published.length).toBeGreaterThan(1000);
    const matchedBy = new Set<string>();
    const problems: string[] = [];
    for (const path of published) {
      const ids = matchers.filter((m) => m.re.test(path)).map((m) => m.id);
      if (ids.length !== 1) problems.push(`${path}: ${ids.length === 0 ? 'no operation' : ids.join(', ')}`);
      else matchedBy.add(ids[0]!);
    }
    expect(problems).toEqual([]);
    // And every operation describes some file.
    expect([...matchedBy].sort()).toEqual(cheapestItems.map((i) => i.id).sort());
  });

  it('groups any set of variants by the parts they name, values sorted, the default file left out', () => {
    const q = (over: Partial<CheapestQuery>): CheapestQuery => ({ ...DEFAULT_QUERY, ...over });
    const forms = cheapestPathForms([q({}), q({ min_intel: 50, tools: true }), q({ min_intel: 40.5, tools: true }), q({ min_context: 8000, vision: true, limit: 3 })]);
    expect(forms).toEqual([
      { template: '/api/v1/cheapest/min_intel/{min_intel}/tools.json', parts: ['min_intel', 'tools'], values: { min_intel: [40.5, 50] } },
      { template: '/api/v1/cheapest/min_context/{min_context}/vision/limit/{limit}.json', parts: ['min_context', 'vision', 'limit'], values: { min_context: [8000], limit: [3] } },
    ]);
  });
});

describe('the document in a standard router (openapi-backend)', () => {
  let router: OpenApiRouter;
  beforeAll(async () => {
    router = await openApiRouter(doc, TEST_SITE_URL);
  });

  it('routes every path form to exactly its own operation', () => {
    // Each form at its parameters' examples; every value of the enums is checked on every file above.
    const wrong = cheapestItems.flatMap(({ path, id, params }) => {
      const example = (name: string) => String(Object.values(params.find((p) => p.name === name)!.examples ?? {})[0]?.value);
      const url = path.replace(/\{([a-z_]+)\}/g, (_, name: string) => example(name));
      const found = router.matching(url);
      return found.length === 1 && found[0] === id ? [] : [`${url}: ${found.join(', ') || 'no operation'} (expected ${id})`];
    });
    expect(wrong).toEqual([]);
  });

  it('matches no operation where no file is: a value off the grid, a flag out of order, an unknown part', () => {
    for (const path of ['/api/v1/cheapest/min_intel/43.json', '/api/v1/cheapest/min_intel/40.5.json', '/api/v1/cheapest/tools/vision.json', '/api/v1/cheapest/limit/10.json', '/api/v1/cheapest/author/openai.json', '/api/v1/cheapest/min_intel/40/min_intel/50.json']) {
      expect(router.matching(path), path).toEqual([]);
    }
  });

  it('tells the file forms from the path forms: one operation each', () => {
    const cases: Array<[string, string]> = [
      ['/api/v1/cheapest.json', 'cheapestModelsFile'],
      ['/api/v1/cheapest', 'cheapestModels'],
      ['/api/v1/models/openai.json', 'listAuthorModelsFile'],
      ['/api/v1/models/openai', 'listAuthorModels'],
      ['/api/v1/models/openai/gpt-4o.json', 'getModelFile'],
      ['/api/v1/models/openai/gpt-4.5', 'getModel'],
      ['/api/v1/status/openai.json', 'getServiceStatusFile'],
      ['/api/v1/cheapest-index.json', 'getModelIndex'],
    ];
    for (const [path, id] of cases) {
      expect(router.matching(path), path).toEqual([id]);
      expect(router.route(path), path).toBe(id);
    }
  });
});

