/**
 * The model catalogue page's logic, pure: the address (`#/models?q=…&author=…&sort=…`) to a
 * state and back, and the search, filters, sort and page over the whole of models.json. The
 * capability, intelligence and context filters are the `cheapest` query's own (same parser, same
 * matching), so the two pages never read a filter differently. A stated token mix
 * (`input=…&output=…`) prices every model with the cost module (each at its cheapest known offer,
 * as `rankByCost` does) and lets the table sort by that cost.
 */
import { cheapestEstimate, CostInputError } from '../client/client.js';
import { CHEAPEST_FLAGS, DEFAULT_QUERY, matchesQuery, parseCheapestValues, type CheapestQuery } from '../query/cheapest.js';
import type { CostCandidate } from '../query/cost-index.js';
import type { ApiNamesIndex } from '../query/resolve.js';
import type { CostEstimate, TokenUsage } from '../query/cost.js';
import type { EntryStatus, ModelEntry } from '../types/api-types.js';
import { MIX_FIELDS, mixFromParams, mixParams, mixProblem } from './mix.js';

export const PAGE_SIZE = 50;

/** The table's columns that sort, each with how to read the value it sorts by. */
export const SORT_KEYS = ['name', 'author', 'cost', 'blended', 'input', 'output', 'context', 'intelligence', 'throughput', 'latency', 'capabilities'] as const;
export type SortKey = (typeof SORT_KEYS)[number];
export type SortOrder = 'asc' | 'desc';

/** Each model's cost for the stated mix, by id (none: no mix, or no known cost). */
export type MixCosts = ReadonlyMap<string, CostEstimate>;

/** A models list entry's speed (`status`, docs/api.md "Where it is published"); lists from older data have none. */
const speedOf = (m: ModelEntry) => (m as { status?: Partial<EntryStatus> }).status;

const sortValue: Record<SortKey, (m: ModelEntry, costs: MixCosts) => number | string | null> = {
  name: (m) => m.name.toLowerCase(),
  author: (m) => m.author,
  cost: (m, costs) => costs.get(m.id)?.total_usd ?? null,
  blended: (m) => m.price.blended,
  input: (m) => m.price.input,
  output: (m) => m.price.output,
  context: (m) => m.context_length,
  intelligence: (m) => m.benchmarks.intelligence_index,
  // Unknown speeds are null (last in either order), never 0.
  throughput: (m) => speedOf(m)?.throughput_tps ?? null,
  latency: (m) => speedOf(m)?.latency_ms ?? null,
  capabilities: (m) => CHEAPEST_FLAGS.filter((f) => m.capabilities[f]).length,
};

/** The direction a first click sorts: cheap first, big first, fast first, A to Z. */
export const FIRST_ORDER: Record<SortKey, SortOrder> = {
  name: 'asc',
  author: 'asc',
  cost: 'asc',
  blended: 'asc',
  input: 'asc',
  output: 'asc',
  context: 'desc',
  intelligence: 'desc',
  throughput: 'desc',
  latency: 'asc',
  capabilities: 'desc',
};

/** Pure: a stable sort in either direction, ties by id; unknown values always go last. */
export function sortModels(models: readonly ModelEntry[], key: SortKey, order: SortOrder, costs: MixCosts = new Map()): ModelEntry[] {
  const sign = order === 'asc' ? 1 : -1;
  return models
    .map((model) => ({ model, value: sortValue[key](model, costs) }))
    .sort((a, b) => {
      if (a.value === null || b.value === null) {
        if (a.value !== b.value) return a.value === null ? 1 : -1;
      } else if (a.value !== b.value) return (a.value < b.value ? -1 : 1) * sign;
      return a.model.id < b.model.id ? -1 : a.model.id > b.model.id ? 1 : 0;
    })
    .map((e) => e.model);
}

export interface CatalogueState {
  /** The search words as typed (trimmed); empty for none. */
  q: string;
  author: string | null;
  /** The cheapest query's filters (its `limit` is not used here). */
  filters: CheapestQuery;
  /** The token mix the cost column prices, or null. */
  mix: TokenUsage | null;
  sort: SortKey;
  order: SortOrder;
  page: number;
}

export const DEFAULT_STATE: CatalogueState = { q: '', author: null, filters: DEFAULT_QUERY, mix: null, sort: 'name', order: 'asc', page: 1 };

const FILTER_PARAMS = ['min_intel', 'min_context', ...CHEAPEST_FLAGS] as const;
const MIX_PARAMS = Object.values(MIX_FIELDS).map((f) => f.param);
export const CATALOGUE_PARAMS = ['q', 'author', ...FILTER_PARAMS, ...MIX_PARAMS, 'sort', 'order', 'page'] as const;

/** Why an address shows no table: a name we do not know, a value we cannot read, or an author with no models. */
export interface AddressProblem {
  kind: 'unknown_parameter' | 'invalid_value' | 'not_found';
  param: string;
  message: string;
}

export type CatalogueParse = { ok: true; state: CatalogueState } | { ok: false; problem: AddressProblem };

const POSITIVE = /^[1-9]\d{0,5}$/;

/** By name, or by cost when a token mix is stated. */
const defaultSort = (state: Pick<CatalogueState, 'mix'>): SortKey => (state.mix === null ? DEFAULT_STATE.sort : 'cost');

/** The address's parameters to a state. `authors` are those models.json lists. */
export function parseCatalogueAddress(params: URLSearchParams, authors: ReadonlySet<string>): CatalogueParse {
  const fail = (kind: AddressProblem['kind'], param: string, message: string): CatalogueParse => ({ ok: false, problem: { kind, param, message } });
  const state: CatalogueState = { ...DEFAULT_STATE };
  const filterParams: Array<[string, string]> = [];
  const mix = new URLSearchParams();
  const seen = new Set<string>();
  for (const [name, raw] of params) {
    if (!(CATALOGUE_PARAMS as readonly string[]).includes(name)) return fail('unknown_parameter', name, `This page has no filter called “${name}”; it knows ${CATALOGUE_PARAMS.join(', ')}.`);
    if (seen.has(name)) return fail('invalid_value', name, `“${name}” is given more than once.`);
    seen.add(name);
    const value = raw.trim();
    if (name === 'q') state.q = value;
    else if (name === 'author') {
      if (!authors.has(value)) return fail('not_found', name, `No models by an author “${value}” are offered.`);
      state.author = value;
    } else if (name === 'sort') {
      if (!(SORT_KEYS as readonly string[]).includes(value)) return fail('invalid_value', name, `The table cannot sort by “${value}”; it sorts by ${SORT_KEYS.join(', ')}.`);
      state.sort = value as SortKey;
    } else if (name === 'order') {
      if (value !== 'asc' && value !== 'desc') return fail('invalid_value', name, 'order is asc or desc.');
      state.order = value;
    } else if (name === 'page') {
      if (!POSITIVE.test(value)) return fail('invalid_value', name, 'page is a whole number from 1.');
      state.page = Number(value);
    } else if (MIX_PARAMS.includes(name)) mix.set(name, value);
    else filterParams.push([name, value]);
  }
  const parsed = parseCheapestValues(new Map(filterParams));
  if (!parsed.ok) return fail('invalid_value', parsed.param, `${parsed.message}.`);
  try {
    state.mix = mixFromParams(mix);
  } catch (error) {
    if (!(error instanceof CostInputError)) throw error;
    return fail('invalid_value', MIX_FIELDS[error.field as keyof typeof MIX_FIELDS]?.param ?? 'input', `${mixProblem(error)}.`);
  }
  if (state.sort === 'cost' && state.mix === null) return fail('invalid_value', 'sort', 'Sorting by cost needs a token mix: give input and output tokens.');
  // A sort named without its order takes the column's first direction.
  // A stated mix ranks by its cost unless the address names another sort.
  if (!seen.has('sort')) state.sort = defaultSort(state);
  if (!seen.has('order')) state.order = FIRST_ORDER[state.sort];
  return { ok: true, state: { ...state, filters: parsed.query } };
}

/** The state as address parameters, defaults left out, in a fixed order. */
export function catalogueParams(state: CatalogueState): URLSearchParams {
  const params = new URLSearchParams();
  if (state.q !== '') params.set('q', state.q);
  if (state.author !== null) params.set('author', state.author);
  if (state.filters.min_intel !== null) params.set('min_intel', String(state.filters.min_intel));
  if (state.filters.min_context !== null) params.set('min_context', String(state.filters.min_context));
  for (const flag of CHEAPEST_FLAGS) if (state.filters[flag]) params.set(flag, '1');
  if (state.mix !== null) for (const [name, value] of mixParams(state.mix)) params.set(name, value);
  if (state.sort !== defaultSort(state) || state.order !== FIRST_ORDER[state.sort]) {
    params.set('sort', state.sort);
    params.set('order', state.order);
  }
  if (state.page !== 1) params.set('page', String(state.page));
  return params;
}

/** Search words: case and compatibility forms folded; every word must occur in the name, the id or one of the model's API names. */
export function searchWords(q: string): string[] {
  return q.normalize('NFKC').toLowerCase().split(/\s+/).filter((w) => w !== '');
}

export function matchesSearch(model: ModelEntry, words: readonly string[], apiNames: readonly string[] = []): boolean {
  if (words.length === 0) return true;
  const haystack = [model.name, model.id, ...apiNames].join('\n').normalize('NFKC').toLowerCase();
  return words.every((w) => haystack.includes(w));
}

/** Each model's API names, from /api/v1/api-names.json's `data` (every provider's), for the search. */
export function apiNamesByModel(index: Pick<ApiNamesIndex, 'providers'>): Map<string, string[]> {
  const byModel = new Map<string, string[]>();
  for (const names of Object.values(index.providers)) for (const [name, id] of Object.entries(names)) byModel.set(id, [...(byModel.get(id) ?? []), name]);
  return byModel;
}

export interface CatalogueView {
  /** Every model that passes the search and filters, sorted. */
  matched: ModelEntry[];
  /** The models of the requested page. */
  rows: ModelEntry[];
  pages: number;
  /** The first row's position (1-based), 0 when nothing matched. */
  from: number;
}

/**
 * Every model's cost for `mix`, each at its cheapest known estimate (the headline or one offer,
 * as rankByCost ranks them), from the cost index; models it does not hold, or whose cost for the
 * mix is unknown, have none.
 */
export function mixCosts(candidates: readonly CostCandidate[], mix: TokenUsage): MixCosts {
  const costs = new Map<string, CostEstimate>();
  for (const model of candidates) {
    const estimate = cheapestEstimate(model, mix);
    if (estimate !== null) costs.set(model.id, estimate);
  }
  return costs;
}

/** The search, filters and sort over the whole list, then the requested page (which may not exist). */
export function viewCatalogue(models: readonly ModelEntry[], state: CatalogueState, costs: MixCosts = new Map(), apiNames: ReadonlyMap<string, readonly string[]> = new Map()): CatalogueView {
  const words = searchWords(state.q);
  const matched = sortModels(
    models.filter((m) => (state.author === null || m.author === state.author) && matchesSearch(m, words, apiNames.get(m.id)) && matchesQuery(m, state.filters)),
    state.sort,
    state.order,
    costs,
  );
  const pages = Math.max(1, Math.ceil(matched.length / PAGE_SIZE));
  const start = (state.page - 1) * PAGE_SIZE;
  return { matched, rows: matched.slice(start, start + PAGE_SIZE), pages, from: matched.length === 0 ? 0 : start + 1 };
}
