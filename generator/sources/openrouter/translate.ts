import { isoSecond, normalizeRetirementDate } from '../../models/dates.js';
import { parseUpstreamModelId } from '../../models/ids.js';
import { perTokenToPerMillion } from '../../models/price.js';
import { MAX_PLAUSIBLE_TOKENS, tokenCount } from '../../models/tokens.js';
import { withoutBidiControls } from '../../text/bidi.js';
import type { Benchmarks, Capabilities, ObservedModel, PriceTier, TokenPrices } from '../../models/types.js';
import type { ParsedCatalog } from './parse.js';
import type { UpstreamModel, UpstreamPricing } from './schema.js';

/** Something in the upstream data that we did not publish as a fact, and why. */
export interface TranslateIssue {
  upstream_id: string | null;
  id: string | null;
  reason: string;
}

export interface CatalogObservation {
  /** Usable models, sorted by id. */
  models: ObservedModel[];
  /** Our ids that upstream still lists but whose records we could not use: keep them as they were. */
  held: string[];
  issues: TranslateIssue[];
  /** `~author/x-latest` aliases, which point at another model and are not models themselves. */
  aliases_skipped: number;
}

export type PriceResult = { price: TokenPrices | null; problems: string[] };

/**
 * OpenRouter prices are strings in USD per token. Missing prompt/completion fields mean zero
 * (OpenRouter omits zero-priced fields); missing cache fields mean "no cache price" (null).
 */
export function translatePricing(pricing: UpstreamPricing): PriceResult {
  const problems: string[] = [];
  const read = (raw: unknown, field: string, missingMeansZero: boolean): number | null => {
    if ((raw === undefined || raw === null) && missingMeansZero) return 0;
    const result = perTokenToPerMillion(raw, field);
    if (!result.ok) {
      problems.push(result.reason);
      return null;
    }
    return result.value;
  };
  const price: TokenPrices = {
    input: read(pricing.prompt, 'prompt', true),
    output: read(pricing.completion, 'completion', true),
    cache_read: read(pricing.input_cache_read, 'input_cache_read', false),
    cache_write: read(pricing.input_cache_write, 'input_cache_write', false),
  };
  // A price with any bad field is held back whole; `-1` (variable, routers) is simply unknown.
  if (problems.length > 0 || price.input === null || price.output === null) return { price: null, problems };
  return { price, problems };
}

/** OpenRouter's `pricing.overrides`: long-context tiers; a tier with a bad price is left out. */
export function translateTiers(pricing: UpstreamPricing, report: (reason: string) => void): PriceTier[] {
  const tiers: PriceTier[] = [];
  for (const tier of pricing.overrides ?? []) {
    const minTokens = tier.min_prompt_tokens;
    if (!Number.isInteger(minTokens) || minTokens <= 0 || minTokens > MAX_PLAUSIBLE_TOKENS) {
      report(`price tier with an invalid or implausible min_prompt_tokens: ${JSON.stringify(minTokens)}`);
      continue;
    }
    const { price, problems } = translatePricing({ ...tier, prompt: tier.prompt ?? pricing.prompt, completion: tier.completion ?? pricing.completion });
    if (price === null) {
      report(`price tier from ${minTokens} tokens held back: ${problems.join('; ') || 'no usable price'}`);
      continue;
    }
    tiers.push({ min_prompt_tokens: minTokens, ...price });
  }
  return tiers.sort((a, b) => a.min_prompt_tokens - b.min_prompt_tokens);
}

/**
 * Reasoning is a supported parameter, or a `reasoning` block that says it is mandatory or lists
 * efforts; a bare `{ "mandatory": false }` block (seen on non-reasoning models) does not count.
 */
export function reasoningFromInfo(info: unknown): boolean {
  if (info === null || typeof info !== 'object') return false;
  const { mandatory, supported_efforts: efforts } = info as { mandatory?: unknown; supported_efforts?: unknown };
  return mandatory === true || (Array.isArray(efforts) && efforts.length > 0);
}

export function capabilitiesOf(inputModalities: readonly string[], parameters: readonly string[], reasoningInfo: boolean): Capabilities {
  return {
    vision: inputModalities.includes('image'),
    reasoning: reasoningInfo || parameters.includes('reasoning') || parameters.includes('include_reasoning'),
    tools: parameters.includes('tools'),
  };
}

/** Unix seconds to an ISO time, for plausible dates only (2000 to 2100). */
function createdAt(created: number | null | undefined): string | null {
  if (typeof created !== 'number' || !Number.isFinite(created) || created < 946_684_800 || created > 4_102_444_800) return null;
  return isoSecond(new Date(created * 1000));
}

function index(value: number | null | undefined): number | null {
  // Artificial Analysis publishes 0 for "not measured"; an index is 0 < x <= 100.
  return typeof value === 'number' && value > 0 && value <= 100 ? value : null;
}

/** "OpenAI: GPT-4o (free)" → "GPT-4o": the author is a field of its own. */
export function displayName(upstreamName: string): string {
  const name = withoutBidiControls(upstreamName);
  const withoutAuthor = name.includes(': ') ? name.slice(name.indexOf(': ') + 2) : name;
  // Empty when the upstream name is blank; callers fall back to the id.
  return withoutAuthor.replace(/\s*\(free\)\s*$/i, '').trim() || name.trim();
}

/** Zero prompt and completion prices: free only where OpenRouter says so (a `:free` id), else unknown. */
export function isUnflaggedZero(price: TokenPrices | null): boolean {
  return price !== null && price.input === 0 && price.output === 0;
}

function translateModel(model: UpstreamModel, id: string, author: string, issues: TranslateIssue[]): ObservedModel {
  const report = (reason: string) => issues.push({ upstream_id: model.id, id, reason });
  const translated = translatePricing(model.pricing);
  const { problems } = translated;
  problems.forEach(report);
  // A model sold per song or image shows 0 per token; 0 means free only when the source says so.
  const price = isUnflaggedZero(translated.price) ? null : translated.price;
  if (price === null && translated.price !== null) report('prompt and completion prices are 0 without a free flag (not a :free id): published as unknown, not free');
  const tiers = translateTiers(model.pricing, report);
  const retirement = normalizeRetirementDate(model.expiration_date);
  if (!retirement.ok) report(retirement.reason);
  const aa = model.benchmarks?.artificial_analysis ?? null;
  const benchmarks: Benchmarks = {
    intelligence_index: index(aa?.intelligence_index),
    coding_index: index(aa?.coding_index),
    math_index: null,
  };
  const inputModalities = [...(model.architecture?.input_modalities ?? [])].sort();
  return {
    id,
    upstream_id: model.id,
    name: displayName(model.name) || id,
    author,
    description: withoutBidiControls(model.description ?? ''),
    created_at: createdAt(model.created),
    price,
    price_held_back: problems.length > 0,
    ...(tiers.length > 0 ? { price_tiers: tiers } : {}),
    context_length: tokenCount(model.context_length, 'context_length', report),
    max_output: tokenCount(model.top_provider?.max_completion_tokens, 'top_provider.max_completion_tokens', report),
    capabilities: capabilitiesOf(inputModalities, model.supported_parameters ?? [], reasoningFromInfo(model.reasoning)),
    input_modalities: inputModalities,
    output_modalities: [...(model.architecture?.output_modalities ?? [])].sort(),
    benchmarks,
    retirement_date: retirement.ok ? retirement.value : null,
    free_variant: null,
    ...identityKeys(model),
  };
}

/** Only plain ids (`org/name`), so an odd value can never become a key of ours. */
const PLAIN_ID = /^[A-Za-z0-9][A-Za-z0-9._-]{0,99}\/[A-Za-z0-9][A-Za-z0-9._-]{0,99}$/;

/** The Hugging Face id and canonical slug OpenRouter gives, for identity across sources. */
function identityKeys(model: UpstreamModel): Pick<ObservedModel, 'hugging_face_id' | 'canonical_slug'> {
  const out: Pick<ObservedModel, 'hugging_face_id' | 'canonical_slug'> = {};
  if (typeof model.hugging_face_id === 'string' && PLAIN_ID.test(model.hugging_face_id)) out.hugging_face_id = model.hugging_face_id;
  if (typeof model.canonical_slug === 'string' && PLAIN_ID.test(model.canonical_slug) && model.canonical_slug !== model.id) out.canonical_slug = model.canonical_slug;
  return out;
}

/** Pure: a parsed catalog to our observed models, with everything we held back explained. */
export function translateCatalog(parsed: ParsedCatalog): CatalogObservation {
  const issues: TranslateIssue[] = [];
  const held = new Set<string>();
  let aliasesSkipped = 0;
  const paid = new Map<string, UpstreamModel[]>();
  const free = new Map<string, UpstreamModel[]>();

  for (const record of parsed.invalid) {
    const parsedId = record.upstream_id === null ? null : parseUpstreamModelId(record.upstream_id);
    const id = parsedId?.ok ? parsedId.id : null;
    if (id !== null) held.add(id);
    issues.push({ upstream_id: record.upstream_id, id, reason: `record does not match the schema: ${record.reason}` });
  }
  for (const model of parsed.models) {
    if (model.id.startsWith('~') || model.alias_target != null) {
      aliasesSkipped += 1;
      continue;
    }
    const parsedId = parseUpstreamModelId(model.id);
    if (!parsedId.ok) {
      issues.push({ upstream_id: model.id, id: null, reason: parsedId.reason });
      continue;
    }
    const groups = parsedId.variant === 'free' ? free : paid;
    groups.set(parsedId.id, [...(groups.get(parsedId.id) ?? []), model]);
  }

  /** Identical duplicates collapse; conflicting ones are all held back (and, if paid, the model kept as it was). */
  const pickOne = (id: string, records: UpstreamModel[], holdModel: boolean): UpstreamModel | null => {
    const distinct = new Set(records.map((r) => JSON.stringify(r)));
    if (distinct.size > 1) {
      if (holdModel) held.add(id);
      issues.push({ upstream_id: records[0]!.id, id, reason: `${records.length} conflicting records share this id; kept the previous data` });
      return null;
    }
    if (records.length > 1) issues.push({ upstream_id: records[0]!.id, id, reason: `${records.length} identical records; used one` });
    return records[0]!;
  };

  const models = new Map<string, ObservedModel>();
  for (const [id, records] of paid) {
    const record = pickOne(id, records, true);
    if (record !== null) models.set(id, translateModel(record, id, id.split('/')[0]!, issues));
  }
  for (const [id, records] of free) {
    const record = pickOne(id, records, false);
    if (record === null) continue;
    const report = (reason: string) => issues.push({ upstream_id: record.id, id, reason });
    const freeVariant = {
      upstream_id: record.id,
      context_length: tokenCount(record.context_length, 'context_length', report),
      max_output: tokenCount(record.top_provider?.max_completion_tokens, 'top_provider.max_completion_tokens', report),
    };
    const base = models.get(id);
    if (base !== undefined) {
      base.free_variant = freeVariant;
    } else if (!held.has(id)) {
      // Only a free variant is listed: the model exists, its paid price is unknown.
      const model = translateModel(record, id, id.split('/')[0]!, []);
      models.set(id, { ...model, price: null, price_held_back: false, free_variant: freeVariant });
    }
  }

  return {
    models: [...models.values()].sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0)),
    held: [...held].sort(),
    issues,
    aliases_skipped: aliasesSkipped,
  };
}
