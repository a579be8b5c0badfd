import type { Page } from '../context.js';
import { h, scrollTable, replaceChildren } from '../dom.js';
import { markdownParagraphs, inlineMarkdown } from '../markdown.js';
import { cell, note, pageTitle, table } from './common.js';

/** The parts of an OpenAPI 3.1 document the docs page shows; everything is read defensively. */
interface OpenApiParameter {
  name?: string;
  in?: string;
  required?: boolean;
  description?: string;
  schema?: Record<string, unknown>;
}
interface OpenApiOperation {
  summary?: string;
  description?: string;
  tags?: string[];
  parameters?: Array<OpenApiParameter | { $ref: string }>;
  responses?: Record<string, OpenApiResponse | { $ref: string }>;
}
interface OpenApiResponse {
  description?: string;
  content?: Record<string, { schema?: { $ref?: string } }>;
}
interface OpenApiDocument {
  info?: { title?: string; description?: string; version?: string };
  paths?: Record<string, { get?: OpenApiOperation }>;
}

const OPENAPI_PATH = 'api/v1/openapi.json';

/** A parameter's schema in a few words: type, allowed values, range, default. */
export function describeSchema(schema: Record<string, unknown> | undefined): string {
  if (schema === undefined) return '';
  const parts: string[] = [];
  if (typeof schema.type === 'string') parts.push(schema.type);
  if (Array.isArray(schema.enum)) parts.push(`one of ${schema.enum.map(String).join(', ')}`);
  if (typeof schema.minimum === 'number' || typeof schema.maximum === 'number') parts.push(`${schema.minimum ?? '…'}–${schema.maximum ?? '…'}`);
  if (schema.default !== undefined) parts.push(`default ${String(schema.default)}`);
  return parts.join('; ');
}

/** Follows a local reference (`#/components/parameters/limit`) to what it names; other values as they are. */
export function resolveLocalRef<T>(doc: unknown, value: T | { $ref: string }): T | null {
  const ref = (value as { $ref?: unknown } | null)?.$ref;
  if (typeof ref !== 'string') return value as T;
  if (!ref.startsWith('#/')) return null;
  let node: unknown = doc;
  for (const raw of ref.slice(2).split('/')) {
    const key = raw.replace(/~1/g, '/').replace(/~0/g, '~');
    node = node !== null && typeof node === 'object' ? (node as Record<string, unknown>)[key] : undefined;
  }
  return (node as T | undefined) ?? null;
}

function operationSection(doc: OpenApiDocument, path: string, operation: OpenApiOperation, base: URL): HTMLElement {
  const parameters = (operation.parameters ?? []).flatMap((p) => resolveLocalRef<OpenApiParameter>(doc, p) ?? []);
  const params = parameters.map((p) => h('tr', {}, h('th', { attrs: { scope: 'row' } }, h('code', {}, p.name ?? '')), cell(p.in ?? ''), cell(p.required ? 'yes' : 'no'), cell(describeSchema(p.schema)), h('td', {}, ...inlineMarkdown(p.description ?? ''))));
  const responses = Object.entries(operation.responses ?? {}).map(([code, reference]) => {
    const response = resolveLocalRef<OpenApiResponse>(doc, reference) ?? {};
    return h(
      'li',
      {},
      h('strong', {}, code), ' ', ...inlineMarkdown(response.description ?? ''),
      ...Object.entries(response.content ?? {}).flatMap(([type, media]) => {
        const ref = media.schema?.$ref;
        // Only the document's own relative schema references become links.
        const href = typeof ref === 'string' && ref.startsWith('./') ? new URL(ref, base).href : null;
        return [' · ', h('code', {}, type), href === null ? null : h('span', {}, ' (', h('a', { attrs: { href } }, 'schema'), ')')];
      }),
    );
  });
  const anchor = `op-${path.replace(/[^a-z0-9]+/gi, '-').replace(/^-|-$/g, '')}`;
  return h(
    'section',
    { class: 'operation', attrs: { id: anchor, 'aria-labelledby': `${anchor}-h` } },
    h('h3', { attrs: { id: `${anchor}-h` } }, h('span', { class: 'method' }, 'GET'), ' ', h('code', {}, path)),
    operation.summary ? h('p', { class: 'summary' }, operation.summary) : null,
    ...markdownParagraphs(operation.description),
    params.length === 0 ? null : scrollTable(`Parameters of ${path}`, table(`Parameters of ${path}`, ['Name', 'In', 'Required', 'Schema', 'Description'], params)),
    h('ul', { class: 'responses' }, ...responses),
  );
}

export const docsPage: Page = async ({ main }) => {
  const url = new URL(OPENAPI_PATH, document.baseURI);
  const response = await fetch(url);
  if (!response.ok) throw new Error(`HTTP ${response.status} for ${url.pathname}`);
  const doc = (await response.json()) as OpenApiDocument;
  const operations = Object.entries(doc.paths ?? {}).filter((e): e is [string, { get: OpenApiOperation }] => e[1].get !== undefined);
  const byTag = new Map<string, Array<[string, OpenApiOperation]>>();
  for (const [path, item] of operations) {
    const tag = item.get.tags?.[0] ?? 'other';
    byTag.set(tag, [...(byTag.get(tag) ?? []), [path, item.get]]);
  }
  replaceChildren(
    main,
    pageTitle(doc.info?.title ?? 'API'),
    ...markdownParagraphs(doc.info?.description),
    h('p', {}, 'Machine-readable: ', h('a', { attrs: { href: OPENAPI_PATH } }, 'OpenAPI 3.1 document'), ' · ', h('a', { attrs: { href: 'api/v1/index.json' } }, 'index'), ' · client: ', h('code', {}, "import { cheapest } from '<site>/api/v1/client.js'")),
    operations.length === 0 ? note('The OpenAPI document lists no operations.', 'error') : null,
    ...[...byTag].flatMap(([tag, ops]) => [h('h2', {}, tag), ...ops.map(([path, op]) => operationSection(doc, path, op, url))]),
  );
};
