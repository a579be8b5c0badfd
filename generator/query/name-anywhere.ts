/**
 * A model named without its provider (`claude-sonnet-4-5-20250929`, `models/gemini-2.5-pro`,
 * `anthropic/claude-sonnet-4.5:free`), as a person types it into `modelpulse status <model>` or
 * the `model_status` tool: the name is looked up at every provider of the API-name index with the
 * very resolution `resolveModel` uses (lookupApiName: listed names, their forms, the families'
 * patterns). The best kind of match found anywhere decides (exact, then a form, then a pattern),
 * and the name stands for a model only when every provider where it matches at that kind names the
 * same one: precision first, two models are `ambiguous_model` with both, never a guess. Pure, no
 * Node imports (the package's client, its CLI and MCP tools, and the Worker's /mcp).
 */
import { closestNames, lookupApiName, ResolveError, type ApiNamesIndex, type NameMatch } from './api-name-index.js';

/** What a name without a provider stands for. */
export interface AnywhereLookup {
  /** Our model id. */
  model: string;
  /** The name asked (trimmed). */
  name: string;
  /** The providers whose API names took it at the deciding kind of match, sorted. */
  providers: string[];
  /** How it was found there (the first provider's match). */
  match: NameMatch;
}

const RANK: Record<NameMatch['kind'], number> = { exact: 0, form: 1, pattern: 2 };

interface Found {
  rank: number;
  provider: string;
  models: string[];
  match: NameMatch | null;
}

/** The model `name` stands for at any provider on `day` (YYYY-MM-DD, or null for the data's day). */
export function lookupAnywhere(index: ApiNamesIndex, rawName: string, day: string | null): AnywhereLookup {
  const name = typeof rawName === 'string' ? rawName.trim() : '';
  if (name === '') throw new ResolveError('bad_request', 'model: must be a model id or an API name such as "gpt-4o-2024-08-06"');
  const providers = [...new Set([...Object.keys(index.providers), ...Object.keys(index.ambiguous)])].sort();
  const found: Found[] = [];
  for (const provider of providers) {
    try {
      const lookup = lookupApiName(index, { provider, model: name }, day);
      found.push({ rank: RANK[lookup.match.kind], provider, models: [lookup.model], match: lookup.match });
    } catch (error) {
      if (!(error instanceof ResolveError) || error.code !== 'ambiguous_model') continue;
      // A name two models claim as listed ranks as exact; a form two models claim, as a form.
      const claimed = Object.hasOwn(index.ambiguous[provider] ?? {}, name);
      found.push({ rank: claimed ? RANK.exact : RANK.form, provider, models: error.candidates, match: null });
    }
  }
  if (found.length === 0) {
    const known = [...new Set(providers.flatMap((p) => Object.keys(index.providers[p] ?? {})))];
    const suggestions = closestNames(name, known);
    throw new ResolveError('unknown_model', `no model id or API name ${JSON.stringify(name)} we know at any provider${suggestions.length > 0 ? `; closest: ${suggestions.join(', ')}` : ''}`, suggestions);
  }
  const best = Math.min(...found.map((f) => f.rank));
  const deciding = found.filter((f) => f.rank === best);
  const models = [...new Set(deciding.flatMap((f) => f.models))].sort();
  if (models.length > 1) {
    const where = deciding.map((f) => `${f.provider}: ${f.models.join(' and ')}`).join('; ');
    throw new ResolveError('ambiguous_model', `${JSON.stringify(name)} names ${models.join(' and ')} (${where}): give the provider, or the model id`, [], models);
  }
  const first = deciding.find((f) => f.match !== null)!;
  return { model: models[0]!, name, providers: deciding.map((f) => f.provider), match: first.match! };
}
