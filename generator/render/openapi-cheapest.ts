/**
 * The precomputed `cheapest` files in the OpenAPI document, one path item per set of named parts
 * (`/api/v1/cheapest/min_intel/{min_intel}/vision/limit/{limit}.json`): OpenAPI path templating
 * cannot span a `/`, so a single `{variant}` template matched none of them in standard tools.
 * Flags are literal segments, numbers typed path parameters whose enums are the precomputed values.
 * Everything is derived from the files the build writes (query/variants.ts through cheapestPath),
 * never copied, so the document follows the grid wherever it goes.
 */
import { CHEAPEST_PARAMS, cheapestPath, type CheapestQuery } from '../query/cheapest.js';
import { precomputedQueries } from '../query/variants.js';

type Json = Record<string, unknown>;

const NUMERIC = ['min_intel', 'min_context', 'limit'] as const;
type NumericPart = (typeof NUMERIC)[number];
const isNumeric = (part: string): part is NumericPart => (NUMERIC as readonly string[]).includes(part);

/** One path item: the parts it names, in cheapestPath's order, and the values each number takes there. */
export interface CheapestPathForm {
  /** `/api/v1/cheapest/min_intel/{min_intel}/vision.json` */
  template: string;
  parts: string[];
  values: Partial<Record<NumericPart, number[]>>;
}

/** The path forms of the given variants (by default every precomputed one), the default file left out. */
export function cheapestPathForms(queries: readonly CheapestQuery[] = precomputedQueries()): CheapestPathForm[] {
  const forms = new Map<string, { parts: string[]; values: Map<NumericPart, Set<number>> }>();
  for (const query of queries) {
    const segments = cheapestPath(query).split('/');
    if (segments.length === 1) continue;
    const parts: string[] = [];
    for (let i = 1; i < segments.length; i += 1) {
      const part = segments[i]!;
      parts.push(part);
      // cheapestPath writes each number after its name.
      if (isNumeric(part)) segments[(i += 1)] = `{${part}}`;
    }
    const template = `/api/v1/${segments.join('/')}.json`;
    const form = forms.get(template) ?? { parts, values: new Map() };
    forms.set(template, form);
    for (const part of parts.filter(isNumeric)) {
      const seen = form.values.get(part) ?? new Set<number>();
      form.values.set(part, seen.add(query[part]!));
    }
  }
  return [...forms].map(([template, { parts, values }]) => ({
    template,
    parts,
    values: Object.fromEntries([...values].map(([part, set]) => [part, [...set].sort((a, b) => a - b)])),
  }));
}

const pascal = (part: string) => part.split('_').map((w) => w.charAt(0).toUpperCase() + w.slice(1)).join('');
const PREFERRED_EXAMPLE: Record<NumericPart, number> = { min_intel: 40, min_context: 128000, limit: 5 };
const DESCRIPTION: Record<NumericPart, string> = {
  min_intel: 'Only models whose `benchmarks.intelligence_index` is at least this.',
  min_context: 'Only models whose `context_length` is at least this many tokens.',
  limit: 'How many models at most (10, the default, is the file without `limit`).',
};

/** The group the website's API page shows as one endpoint (web/openapi-view.ts). */
export const CHEAPEST_FILES_GROUP = 'cheapest-files';

export interface CheapestFileOperations {
  paths: Record<string, Json>;
  /** The path parameters, one per distinct set of values (most forms share one). */
  parameters: Record<string, Json>;
}

/**
 * Path items for the forms, each GET built by `operation` from its id, summary, description and
 * parameter references (so they share the document's own operation shape).
 */
export function cheapestFileOperations(
  forms: readonly CheapestPathForm[],
  operation: (op: { id: string; summary: string; description: string; parameters: Json[] }) => Json,
): CheapestFileOperations {
  const parameters: Record<string, Json> = {};
  const names = new Map<string, string>();
  const parameterRef = (part: NumericPart, values: number[]): Json => {
    const key = `${part}:${values.join(',')}`;
    let name = names.get(key);
    if (name === undefined) {
      const taken = Object.keys(parameters).filter((n) => n.startsWith(`${pascal(part)}Segment`)).length;
      name = `${pascal(part)}Segment${taken === 0 ? '' : taken + 1}`;
      names.set(key, name);
      const example = values.includes(PREFERRED_EXAMPLE[part]) ? PREFERRED_EXAMPLE[part] : values[0]!;
      parameters[name] = {
        name: part,
        in: 'path',
        required: true,
        description: `${DESCRIPTION[part]} Only the precomputed values have a file; for any other, ask \`GET /api/v1/cheapest\` (exact on Cloudflare) or use the client.`,
        schema: { type: part === 'min_intel' ? 'number' : 'integer', enum: values },
        examples: { [String(example)]: { value: example } },
      };
    }
    return { $ref: `#/components/parameters/${name}` };
  };
  const paths: Record<string, Json> = {};
  for (const form of forms) {
    const query = CHEAPEST_PARAMS.filter((p) => form.parts.includes(p)).map((p) => (isNumeric(p) ? `${p}=…` : `${p}=1`)).join('&');
    paths[form.template] = operation({
      id: `cheapestFile${form.parts.map(pascal).join('')}`,
      summary: `Cheapest models: ${form.parts.join(', ')} (file)`,
      description: `The precomputed answer to \`GET /api/v1/cheapest?${query}\` (see it for the semantics), as a file every static host serves.`,
      parameters: NUMERIC.filter((p) => form.values[p] !== undefined).map((p) => parameterRef(p, form.values[p]!)),
    });
  }
  return { paths, parameters };
}
