/**
 * The common forms of an API name (docs/api.md, "API names"): what a log may carry around the name
 * a provider lists, read off so the name underneath can be found. Pure, no Node imports (bundled
 * with the resolver).
 *
 * - case: genai-prices and the makers' APIs read names case-insensitively;
 * - wrappers: the Gemini SDK's `models/…`, Vertex's `publishers/google/models/…` (and the full
 *   `projects/…/locations/…/publishers/…/models/…`), the asked provider's own prefix as LiteLLM,
 *   gateways and routers write it (`openai/gpt-4o-mini`, `gemini/gemini-2.5-pro`, `bedrock/…`,
 *   a LiteLLM region path), a Vertex `@version` (`@001`, `@20250514`, `@default`);
 * - Bedrock: a cross-region prefix (`us.`, `eu.`, `apac.`, `global.`…: the place asked, kept as a
 *   hint) and a version tail (`-v1:0`, `:0`);
 * - OpenRouter: a routing variant (`:free`, `:nitro`, `:floor`, `:online`, `:exacto`): `:free` asks
 *   for the free variant, the others for the model's listed price.
 * A loose key is what is left. Two names of one provider with one loose key name one model, or
 * the key resolves to none (query/api-name-index.ts): a form never picks between two models.
 */
import { canonicalProvider } from './provider-spellings.js';

/** Where a name asks to be priced: a Bedrock data zone, OpenRouter's free variant. */
export interface NamePlace {
  /** `us`, `eu`, `apac`…: a cross-region inference profile; `global` is the standard endpoint. */
  zone: string | null;
  /** OpenRouter's `:free` variant. */
  free: boolean;
}

export interface LooseName {
  key: string;
  place: NamePlace;
}

const BEDROCK_ZONE = /^(us|eu|apac|au|jp|ca|in|sa|us-gov|global)\.(?=[a-z0-9-]+\.)/;
const BEDROCK_VERSION = /(?:-v\d+)?(?::\d+)?$/;
const OPENROUTER_VARIANT = /:(free|nitro|floor|online|exacto)$/;
/** LiteLLM's routing segments after its provider prefix: a region, an API style. */
const ROUTING_SEGMENT = /^(?:[a-z]{2}(?:-gov)?-[a-z]+-\d|converse|invoke)$/;

/** The name without the wrappers a log or an SDK puts around it (lower-cased); the provider's own prefix too. */
export function unwrapped(name: string, provider: string): string {
  let n = name.trim().toLowerCase();
  n = n.replace(/^projects\/[^/]+\/locations\/[^/]+\//, '').replace(/^publishers\/[^/]+\/models\//, '');
  for (let i = 0; i < 3; i += 1) {
    const slash = n.indexOf('/');
    if (slash <= 0) break;
    const head = n.slice(0, slash);
    if (canonicalProvider(head) === provider || (i > 0 && ROUTING_SEGMENT.test(head))) n = n.slice(slash + 1);
    else break;
  }
  return n.replace(/^models\//, '').replace(/^publishers\/[^/]+\/models\//, '');
}

/** The loose key of a name at a provider, and the place its form asks for. */
export function looseName(name: string, provider: string): LooseName {
  let key = unwrapped(name, provider);
  const place: NamePlace = { zone: null, free: false };
  key = key.replace(/@[a-z0-9._-]*$/, '');
  if (provider === 'amazon-bedrock') {
    const zone = BEDROCK_ZONE.exec(key);
    if (zone !== null) {
      place.zone = zone[1]!;
      key = key.slice(zone[0].length);
    }
    key = key.replace(BEDROCK_VERSION, '');
  }
  if (provider === 'openrouter') {
    const variant = OPENROUTER_VARIANT.exec(key);
    if (variant !== null) {
      place.free = variant[1] === 'free';
      key = key.slice(0, variant.index);
    }
  }
  return { key, place };
}

const keyed = new WeakMap<object, Map<string, string[]>>();

/** Each loose key of a provider's names, with the names that have it (cached per names object). */
export function looseKeys(names: Readonly<Record<string, string>>, provider: string): Map<string, string[]> {
  let map = keyed.get(names);
  if (map === undefined) {
    map = new Map();
    for (const name of Object.keys(names).sort()) {
      const { key } = looseName(name, provider);
      map.set(key, [...(map.get(key) ?? []), name]);
    }
    keyed.set(names, map);
  }
  return map;
}
