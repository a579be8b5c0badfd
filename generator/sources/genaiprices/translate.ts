/**
 * genai-prices records as facts (pure): one per provider and model, keyed `provider/model`, in our
 * units, with the price in force when the file was read, the whole schedule where the file dates
 * a price or gives time-of-day prices, context tiers, and the names its match rule spells out.
 */
import { priceInForce } from '../../models/dated-prices.js';
import { tokenCount } from '../../models/tokens.js';
import type { TokenPrices } from '../../models/types.js';
import type { DatedPrice, FactIssue, FactsObservation, ModelFacts } from '../facts.js';
import { clauseNames, familyClause, matches } from './match.js';
import { SOURCE_ID, type ParsedGenaiPrices, type ProviderRecord } from './parse.js';
import { readPriceSet } from './prices.js';
import { minuteOfDay, scheduleOf, type ConditionalReading, type Constraint } from './schedule.js';
import type { ConditionalPrice, GenaiProvider } from './schema.js';
import { readUnitPrices } from './units.js';

/**
 * genai-prices providers that are a model maker's own API, with the maker as the other sources
 * name it. A record of such a provider is first party, unless genai-prices' own `model_match` puts
 * its name with another maker (Google lists Anthropic's Claude, sold on Vertex AI).
 */
export const MAKER_BY_PROVIDER = {
  anthropic: 'anthropic',
  openai: 'openai',
  google: 'google',
  mistral: 'mistral',
  deepseek: 'deepseek',
  'x-ai': 'xai',
  cohere: 'cohere',
  moonshotai: 'moonshot',
  zhipuai: 'zai',
  minimax: 'minimax',
  perplexity: 'perplexity',
} as const satisfies Record<string, string>;

/** Where Google sells another maker's model: Vertex AI (genai-prices' `google` is the Gemini API's prices). */
const GOOGLE_RESOLD = 'google-vertex';

/** Bedrock's own models (`amazon.nova-pro-v1:0`, `global.amazon.nova-2-lite-v1:0`) are Amazon's. */
const AMAZON_OWN = /^(?:[a-z-]+\.)?amazon\./;

export function makerOf(provider: string): string | null {
  return Object.hasOwn(MAKER_BY_PROVIDER, provider) ? MAKER_BY_PROVIDER[provider as keyof typeof MAKER_BY_PROVIDER] : null;
}

/** Who sells the record (in genai-prices' words, or `google-vertex`) and whether it is its maker. */
function seller(provider: Omit<GenaiProvider, 'models'>, modelId: string, providers: ParsedGenaiPrices['providers']): { provider: string; author: string | null } {
  if (provider.id === 'aws') return { provider: 'aws', author: AMAZON_OWN.test(modelId) ? 'amazon' : null };
  const maker = makerOf(provider.id);
  if (maker === null) return { provider: provider.id, author: null };
  const otherMaker = providers.some((p) => p.id !== provider.id && makerOf(p.id) !== null && p.model_match !== undefined && matches(p.model_match, modelId));
  if (!otherMaker) return { provider: provider.id, author: maker };
  return { provider: provider.id === 'google' ? GOOGLE_RESOLD : provider.id, author: null };
}

function constraintOf(c: ConditionalPrice['constraint']): Constraint {
  if (c === undefined) return null;
  if ('start_date' in c) return { start_date: c.start_date };
  // The schema checked both against TIME_OF_DAY, so neither is null.
  return { start_minute: minuteOfDay(c.start_time)!, end_minute: minuteOfDay(c.end_time)! };
}

/** Both token prices known, and not 0/0 (which says nothing: genai-prices' `:free` lanes are not our models). */
const usable = (p: TokenPrices) => p.input !== null && p.output !== null && !(p.input === 0 && p.output === 0);

interface RecordPrices {
  schedule: DatedPrice[];
  problems: string[];
}

function readPrices(model: ProviderRecord['model']): RecordPrices {
  const problems: string[] = [];
  const entries: ConditionalReading[] = (Array.isArray(model.prices) ? model.prices : [{ prices: model.prices }]).map((conditional, i) => {
    const reading = readPriceSet(conditional.prices, Array.isArray(model.prices) ? `prices[${i}].prices` : 'prices');
    problems.push(...reading.problems);
    return { constraint: constraintOf(conditional.constraint), prices: reading.prices, tiers: reading.tiers };
  });
  return { schedule: problems.length > 0 ? [] : scheduleOf(entries), problems };
}

function translateRecord({ provider, model }: ProviderRecord, parsed: ParsedGenaiPrices, now: string, issues: FactIssue[]): ModelFacts {
  const key = `${provider.id}/${model.id}`;
  const report = (reason: string) => issues.push({ source: SOURCE_ID, source_key: key, reason });
  const { schedule, problems } = readPrices(model);
  problems.forEach(report);
  // A record is priced only where every price of its schedule is (embeddings have no output price).
  const priced = schedule.length > 0 && schedule.every((d) => usable(d.price) && d.time_windows.every((w) => usable(w.price)));
  const current = priced ? priceInForce(schedule, now) : undefined;
  const who = seller(provider, model.id, parsed.providers);
  const names = clauseNames(model.match, model.id);
  const family = familyClause(model.match);
  const units = readUnitPrices(model, now, report);
  const name = (model as { name?: unknown }).name;
  return {
    source: SOURCE_ID,
    source_key: key,
    provider: who.provider,
    author: who.author,
    model_name: model.id,
    price: current?.price ?? null,
    price_tiers: current?.price_tiers ?? [],
    // `max_tokens` is what the 2025 copies called the context window.
    context_length: tokenCount(model.context_window ?? model.max_tokens, 'context_window', report),
    max_output: null,
    retirement_date: null,
    deprecated: model.deprecated === true,
    benchmarks: {},
    ...(priced && (schedule.length > 1 || schedule[0]!.time_windows.length > 0) ? { dated_prices: schedule } : {}),
    ...(model.prices_checked === undefined ? {} : { prices_checked: model.prices_checked }),
    ...(names.length > 0 ? { names } : {}),
    ...(family === null ? {} : { patterns: family }),
    ...(units.unit_prices.length > 0 ? { unit_prices: units.unit_prices } : {}),
    ...(units.input_only_price === null ? {} : { input_only_price: units.input_only_price }),
    ...(typeof name === 'string' && name.trim() !== '' ? { display_name: name.trim().slice(0, 200) } : {}),
  };
}

/**
 * Pure: parsed records to facts (sorted by `provider/model`), with every value refused explained.
 * `now` is when the file was read: the price in force then is the fact's `price`.
 */
export function translateGenaiPrices(parsed: ParsedGenaiPrices, now: string): FactsObservation {
  const issues: FactIssue[] = parsed.invalid.map(({ key, reason }) => ({ source: SOURCE_ID, source_key: key, reason: `record does not match the schema: ${reason}` }));
  const facts = parsed.records.map((record) => translateRecord(record, parsed, now, issues));
  // Upstream ids are unique per provider; a repeated one keeps its first record (and says so).
  const seen = new Set<string>();
  const unique = facts.filter((fact) => {
    if (!seen.has(fact.source_key)) return seen.add(fact.source_key);
    issues.push({ source: SOURCE_ID, source_key: fact.source_key, reason: 'listed twice; the first record is kept' });
    return false;
  });
  unique.sort((a, b) => (a.source_key < b.source_key ? -1 : a.source_key > b.source_key ? 1 : 0));
  return { facts: unique, issues };
}
