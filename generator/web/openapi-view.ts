/**
 * The OpenAPI document as the docs page shows it, pure: one entry per endpoint (the routed path
 * and its `.json` file form are two paths of one endpoint, `<id>` and `<id>File`; operations of
 * one `x-modelpulse-group`, such as the precomputed `cheapest` files, are one endpoint), each with the
 * text both forms share, what each form adds, their parameters and responses, and the concrete
 * example address (from the parameters' own examples) that its curl line and excerpt use.
 * Everything is read defensively: the document is data.
 */
export interface OpenApiParameter {
  name?: string;
  in?: string;
  required?: boolean;
  description?: string;
  schema?: Record<string, unknown>;
  examples?: Record<string, { value?: unknown }>;
}
export interface OpenApiResponse {
  description?: string;
  content?: Record<string, { schema?: { $ref?: string } }>;
}
export interface OpenApiOperation {
  operationId?: string;
  summary?: string;
  description?: string;
  tags?: string[];
  parameters?: Array<OpenApiParameter | { $ref: string }>;
  responses?: Record<string, OpenApiResponse | { $ref: string }>;
  /** Shown as one endpoint with the other operations of its group. */
  'x-modelpulse-group'?: string;
}
export interface OpenApiGroup {
  summary?: string;
  description?: string;
  /** The member path the page shows and takes its example from. */
  example?: string;
}
export interface OpenApiDocument {
  info?: { title?: string; description?: string; version?: string };
  tags?: Array<{ name?: string; description?: string }>;
  paths?: Record<string, { get?: OpenApiOperation }>;
  'x-modelpulse-groups'?: Record<string, OpenApiGroup>;
}

export interface EndpointForm {
  path: string;
  /** What this form adds to the shared description (where it works). */
  note: string;
}

export interface EndpointDoc {
  /** A stable, readable id for links: `status`, `models-author-slug`, `index`. */
  anchor: string;
  tag: string;
  summary: string;
  description: string;
  forms: EndpointForm[];
  /** A group's other paths (one path item each, the same endpoint): listed, not each given an example. */
  morePaths: string[];
  parameters: OpenApiParameter[];
  responses: Array<[string, OpenApiResponse]>;
  /** The media type of the 200 answer (application/json, application/atom+xml, …). */
  mediaType: string | null;
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

/** A parameter's schema in a few words: type, allowed values, range, default. */
export function describeSchema(schema: Record<string, unknown> | undefined): string {
  if (schema === undefined) return '';
  const parts: string[] = [];
  if (typeof schema.type === 'string') parts.push(schema.type);
  if (Array.isArray(schema.enum)) parts.push(schema.enum.length > 8 ? `one of ${schema.enum.length} values` : `one of ${schema.enum.map(String).join(', ')}`);
  const { minimum: min, maximum: max } = schema;
  if (typeof min === 'number' && typeof max === 'number') parts.push(`${min}–${max}`);
  else if (typeof min === 'number') parts.push(`≥ ${min}`);
  else if (typeof max === 'number') parts.push(`≤ ${max}`);
  if (schema.default !== undefined) parts.push(`default ${String(schema.default)}`);
  return parts.join('; ');
}

export function anchorFor(path: string): string {
  return path.replace(/^\/api\/v1/, '').replace(/[^a-z0-9]+/gi, '-').replace(/^-|-$/g, '').toLowerCase() || 'index';
}

const paragraphs = (text: string | undefined) => (text ?? '').split(/\n{2,}/).filter((p) => p.trim() !== '');

/** Parameters of both forms, once each (by place and name), in the order first seen. */
function unionParameters(doc: OpenApiDocument, operations: readonly OpenApiOperation[]): OpenApiParameter[] {
  const seen = new Map<string, OpenApiParameter>();
  for (const op of operations) {
    for (const raw of op.parameters ?? []) {
      const p = resolveLocalRef<OpenApiParameter>(doc, raw);
      if (p !== null && typeof p === 'object' && !seen.has(`${p.in}:${p.name}`)) seen.set(`${p.in}:${p.name}`, p);
    }
  }
  return [...seen.values()];
}

function unionResponses(doc: OpenApiDocument, operations: readonly OpenApiOperation[]): Array<[string, OpenApiResponse]> {
  const seen = new Map<string, OpenApiResponse>();
  for (const op of operations) {
    for (const [code, raw] of Object.entries(op.responses ?? {})) {
      const response = resolveLocalRef<OpenApiResponse>(doc, raw);
      if (response !== null && typeof response === 'object' && !seen.has(code)) seen.set(code, response);
    }
  }
  return [...seen].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
}

/** The operations of one group as one endpoint: the group's text, its example path as the form shown. */
function groupDoc(doc: OpenApiDocument, name: string, members: ReadonlyArray<[string, OpenApiOperation]>): EndpointDoc {
  const group = doc['x-modelpulse-groups']?.[name] ?? {};
  const [shown] = members.find(([path]) => path === group.example) ?? members[0]!;
  const first = members[0]![1];
  const ok = resolveLocalRef<OpenApiResponse>(doc, first.responses?.['200'] ?? {});
  return {
    anchor: anchorFor(name),
    tag: first.tags?.[0] ?? 'other',
    summary: group.summary ?? first.summary ?? shown,
    description: group.description ?? first.description ?? '',
    forms: [{ path: shown, note: '' }],
    morePaths: members.map(([path]) => path).filter((path) => path !== shown),
    // The member naming the most parameters first: they show in its order.
    parameters: unionParameters(doc, members.map(([, op]) => op).sort((a, b) => (b.parameters?.length ?? 0) - (a.parameters?.length ?? 0))),
    responses: unionResponses(doc, members.map(([, op]) => op)),
    mediaType: Object.keys(ok?.content ?? {})[0] ?? null,
  };
}

/** Every endpoint once, in the document's order, its path and file forms together, a group's operations together. */
export function endpointDocs(doc: OpenApiDocument): EndpointDoc[] {
  const entries = Object.entries(doc.paths ?? {}).filter((e): e is [string, { get: OpenApiOperation }] => typeof e[1]?.get === 'object' && e[1].get !== null);
  const byId = new Map(entries.map(([path, item]) => [item.get.operationId, path]));
  const groupOf = (op: OpenApiOperation) => (typeof op['x-modelpulse-group'] === 'string' ? op['x-modelpulse-group'] : null);
  const merged = new Set<string>();
  const docs: EndpointDoc[] = [];
  for (const [path, item] of entries) {
    if (merged.has(path)) continue;
    const group = groupOf(item.get);
    if (group !== null) {
      const members = entries.filter(([, other]) => groupOf(other.get) === group).map(([p, other]): [string, OpenApiOperation] => [p, other.get]);
      for (const [member] of members) merged.add(member);
      docs.push(groupDoc(doc, group, members));
      continue;
    }
    const id = item.get.operationId;
    const filePath = id === undefined ? undefined : byId.get(`${id}File`);
    const forms: Array<[string, OpenApiOperation]> = [[path, item.get]];
    if (filePath !== undefined && filePath !== path) {
      forms.push([filePath, doc.paths![filePath]!.get!]);
      merged.add(filePath);
    }
    // The text every form starts with is the endpoint's; what follows is the form's own.
    const texts = forms.map(([, op]) => paragraphs(op.description));
    let shared = 0;
    while (shared < texts[0]!.length && texts.every((t) => t[shared] === texts[0]![shared])) shared++;
    if (forms.length === 1) shared = texts[0]!.length;
    const ok = resolveLocalRef<OpenApiResponse>(doc, item.get.responses?.['200'] ?? {});
    docs.push({
      anchor: anchorFor(path),
      tag: item.get.tags?.[0] ?? 'other',
      summary: item.get.summary ?? path,
      description: texts[0]!.slice(0, shared).join('\n\n'),
      forms: forms.map(([formPath], i) => ({ path: formPath, note: texts[i]!.slice(shared).join('\n\n') })),
      morePaths: [],
      parameters: unionParameters(doc, forms.map(([, op]) => op)),
      responses: unionResponses(doc, forms.map(([, op]) => op)),
      mediaType: Object.keys(ok?.content ?? {})[0] ?? null,
    });
  }
  return docs;
}

function exampleValue(p: OpenApiParameter): string | null {
  const first = Object.values(p.examples ?? {})[0]?.value;
  return first === undefined || first === null ? null : String(first);
}

/**
 * A form's path with its path parameters filled from their examples (an example's own slashes
 * kept), or null when one has no example. With `query`, the first three
 * query parameters that have examples are added.
 */
export function exampleAddress(path: string, parameters: readonly OpenApiParameter[], query = false): string | null {
  let missing = false;
  const filled = path.replace(/\{([^}]+)\}/g, (_, name: string) => {
    const p = parameters.find((q) => q.in === 'path' && q.name === name);
    const value = p === undefined ? null : exampleValue(p);
    if (value === null) missing = true;
    return value === null ? '' : value.split('/').map(encodeURIComponent).join('/');
  });
  if (missing) return null;
  if (!query) return filled;
  const pairs = parameters.filter((p) => p.in === 'query' && exampleValue(p) !== null).slice(0, 3).map((p): [string, string] => [p.name ?? '', exampleValue(p)!]);
  return pairs.length === 0 ? filled : `${filled}?${new URLSearchParams(pairs).toString()}`;
}
