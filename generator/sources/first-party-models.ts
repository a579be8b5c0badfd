/**
 * Models the makers sell that OpenRouter does not list (pure; docs/data.md, "First-party models").
 * A price source's record of a maker's own API (genai-prices' first-party providers, LiteLLM's and
 * models.dev's makers' own providers: `author` set) that the identity rules attach to none of our
 * models, and that is not ambiguous or excluded in data/identity.json, becomes a model of its own,
 * `<author>/<name>` by our id rules (models/ids.ts), where its name names no model of ours:
 *
 * - a name that is one of our models' (rule 3's full name) but was refused (its facts disagree,
 *   rule 4) stays unplaced and is reported, never a second model of that name;
 * - an alias (`-latest`) of one of our models is the identity rules' to place, never a model; an
 *   alias of a name no model has makes the model of that name (`claude-3-opus-latest`:
 *   `anthropic/claude-3-opus`), never a model named by the alias;
 * - a dated snapshot of one of our models that the identity rules place on none (its facts
 *   disagree, or it is one of several dated snapshots: `gpt-4-0613` beside `gpt-4-0314`) is a
 *   model of its own, whatever its price, as OpenRouter lists `gpt-4o-2024-05-13` apart; one they
 *   place, by any source's record of that name (Anthropic's page places both Claude 3.5 Sonnet
 *   snapshots on our Claude 3.5 Sonnet), is that model's name, never a copy. A snapshot of a model made in this same run is a
 *   model of its own only at a price other than the maker's own price of that model (the rules
 *   place it on the next run otherwise);
 * - one of these models that OpenRouter comes to list under its own spelling (`claude-opus-4.7`
 *   for our `claude-opus-4-7`) is delisted, kept, and no longer anyone's name: OpenRouter's is the model;
 * - a name that floats (`deepseek-chat`) is never a second model beside our fixed one of that name
 *   (OpenRouter's `deepseek/deepseek-chat` is DeepSeek V3): the maker's own model of the name is
 *   `<author>/<name>-latest` (`deepseek/deepseek-chat-latest`: whatever DeepSeek serves under it,
 *   at DeepSeek's price of the name on the day); where we have none (`chatgpt-4o-latest`) it is
 *   the maker's own model of that very name;
 * - fine-tuning prices (`ft:…`) and names the identity rules never read are no models.
 *
 * Records of one maker that read the same name are one model. Its type, modalities, name and
 * context come from its records (LiteLLM's mode first); its prices stay its offers' (render).
 */
import type { ModelRecord, TokenPrices } from '../models/types.js';
import { isModelId } from '../models/ids.js';
import { sameJson } from '../text/stable-json.js';
import { LIFECYCLE_SOURCES, PRICE_SOURCES, type ModelFacts, type ModelType, type Modalities, type PriceSource } from './facts.js';
import { refuseDuplicates, type DuplicateModelsError } from './duplicate-models.js';
import { firstPartyMerges } from './first-party-merge.js';
import { attachAllFacts, isSetAside, type IdentityMap } from './identity.js';
import { FLOATING_NAMES, normalizeName, peelForms, readKey } from './identity-names.js';

export interface Unplaced {
  source: PriceSource;
  source_key: string;
  reason: string;
}

export interface FirstPartyModels {
  /** New model records, by id order. */
  added: ModelRecord[];
  /** Made before, restated from the records now attached to them (a type or context a later read gives). */
  updated: ModelRecord[];
  /** Ours that are part of another model (first-party-merge.ts), restated with `part_of`: delisted, kept, no one's name. */
  superseded: ModelRecord[];
  /** First-party priced records placed on no model, and why (the run report lists them; snapshots and aliases may still attach by the identity rules once their model exists). */
  unplaced: Unplaced[];
  /** New models not added: each would be one model with a published one (the duplicate check). */
  refused: DuplicateModelsError[];
  /** Pairs of published models that are one model and that no rule here merges (two of OpenRouter's): reported; the build publishes one (render/part-of.ts). */
  duplicates: DuplicateModelsError[];
}

type Files = Partial<Record<string, { facts: ModelFacts[] }>>;

const priced = (f: ModelFacts) => f.price !== null || (f.unit_prices?.length ?? 0) > 0 || f.input_only_price !== undefined;
const fineTune = (f: ModelFacts) => /(?:^|\/)ft:|\.ft-|:ft-/.test(f.source_key);

/** The id a maker's record names: its name as written (dots kept), lowercased, with what our ids refuse turned into `-`. */
export function firstPartyId(author: string, fact: ModelFacts, readName: string): string | null {
  const raw = fact.model_name.toLowerCase().split('/').pop()!.replace(/^(?:[a-z-]+\.)?amazon\./, '').replace(/:\d+$/, '').replace(/[^a-z0-9._-]+/g, '-').replace(/^[-._]+|[-._]+$/g, '');
  const slug = normalizeName(raw) === readName ? raw : readName;
  const id = `${author}/${slug}`;
  return isModelId(id) ? id : null;
}

/** The type the records state: LiteLLM's mode first; else what the prices say (an input-only price is an embedding's, text in and out a chat model's). */
function typeOf(facts: readonly ModelFacts[]): ModelType {
  const stated = facts.find((f) => f.type !== undefined)?.type;
  if (stated !== undefined) return stated;
  const out = facts.find((f) => f.modalities !== undefined)?.modalities?.output ?? [];
  if (out.length > 0 && !out.includes('text')) return out.includes('image') ? 'image' : out.includes('audio') ? 'audio' : out.includes('video') ? 'video' : 'other';
  if (facts.some((f) => f.price !== null)) return 'chat';
  if (facts.some((f) => f.input_only_price !== undefined)) return 'embedding';
  return 'other';
}

function modalitiesOf(facts: readonly ModelFacts[], type: ModelType): Modalities {
  const stated = facts.find((f) => f.modalities !== undefined)?.modalities;
  if (stated !== undefined) return stated;
  const output: Modalities['output'] = type === 'image' ? ['image'] : type === 'audio' ? ['audio'] : type === 'video' ? ['video'] : type === 'embedding' || type === 'rerank' || type === 'moderation' ? [] : ['text'];
  return { input: ['text'], output };
}

/** The first non-null value in source precedence (genai-prices, LiteLLM, models.dev). */
const first = <T>(facts: readonly ModelFacts[], pick: (f: ModelFacts) => T | null | undefined): T | null => {
  for (const f of facts) {
    const v = pick(f);
    if (v !== null && v !== undefined) return v;
  }
  return null;
};

function recordOf(id: string, facts: readonly ModelFacts[], now: string): ModelRecord {
  const type = typeOf(facts);
  const modalities = modalitiesOf(facts, type);
  const lead = facts[0]!;
  return {
    id,
    upstream_id: `${lead.source}/${lead.source_key}`,
    name: first(facts, (f) => f.display_name) ?? lead.model_name,
    author: id.split('/')[0]!,
    description: '',
    created_at: null,
    context_length: first(facts, (f) => f.context_length),
    max_output: first(facts, (f) => f.max_output),
    capabilities: { vision: modalities.input.includes('image'), reasoning: false, tools: false },
    input_modalities: modalities.input,
    output_modalities: modalities.output,
    benchmarks: { intelligence_index: null, coding_index: null, math_index: null },
    retirement_date: null,
    free_variant: null,
    first_seen_at: now,
    delisted_at: null,
    price_history: [],
    endpoints: { updated_at: null, items: [] },
    origin: 'first-party',
    type,
  };
}

const differs = (a: number | null | undefined, b: number | null | undefined) => a != null && b != null && Math.abs(a - b) > 1e-9;

/** Pure: the new first-party models the price sources' facts make, and the records left unplaced. */
export function firstPartyModels(files: Files, identity: IdentityMap, stored: ReadonlyMap<string, ModelRecord>, now: string): FirstPartyModels {
  // The maker's own price of each name (first-party records, in source precedence): what a snapshot's price is compared with.
  const makerPrice = new Map<string, TokenPrices>();
  for (const source of PRICE_SOURCES) {
    for (const fact of files[source]?.facts ?? []) {
      const read = fact.author === null || fact.price === null ? null : readKey(fact);
      if (read?.author != null && !makerPrice.has(`${read.author}|${read.name}`)) makerPrice.set(`${read.author}|${read.name}`, fact.price!);
    }
  }
  // First, the made models that are part of another (first-party-merge.ts): delisted, kept, no one's name.
  const superseded: ModelRecord[] = [];
  for (const [id, target] of firstPartyMerges(files, identity, stored, makerPrice)) {
    const record = stored.get(id)!;
    if (record.part_of !== target) superseded.push({ ...record, delisted_at: record.delisted_at ?? now, part_of: target });
  }
  const models = new Map(stored);
  for (const record of superseded) models.set(record.id, record);
  const attached = attachAllFacts(files, identity, [...models.keys()].sort(), models.values());
  const placed = new Set<string>();
  // The names the rules place (by any source's record, a maker's deprecation page's too): a
  // snapshot whose name one of them places is that model's name, even where its price list's record is left apart.
  const placedNames = new Map<string, string>();
  for (const [id, bySource] of attached.byModel) {
    for (const list of Object.values(bySource)) {
      for (const f of list ?? []) {
        placed.add(`${f.source}\u0000${f.source_key}`);
        const read = f.author === null ? null : readKey(f);
        if (read?.author != null) placedNames.set(`${read.author}|${read.name}`, id);
      }
    }
  }
  // Ambiguous between several of our models: reported, never placed. A snapshot ambiguous only
  // among its siblings of one model of ours goes on: at that model's price it stays unplaced, at its own it is its own model.
  for (const a of attached.ambiguous) if (a.candidates.length !== 1) placed.add(`${a.source}\u0000${a.source_key}`);
  const nameOf = (id: string) => `${id.split('/')[0]}|${normalizeName(id.split('/')[1]!)}`;
  // Our names: OpenRouter's, then the made models in play; a name part of another model is that model's.
  const ours = new Map<string, string>();
  for (const record of models.values()) if (record.origin !== 'first-party') ours.set(nameOf(record.id), record.id);
  for (const record of models.values()) if (record.origin === 'first-party' && !isSetAside(record) && !ours.has(nameOf(record.id))) ours.set(nameOf(record.id), record.id);
  const partOf = new Map<string, string>();
  for (const record of models.values()) if (record.part_of !== undefined) partOf.set(nameOf(record.id), record.part_of);

  const unplaced: Unplaced[] = [];
  const report = (fact: ModelFacts, reason: string) => unplaced.push({ source: fact.source as PriceSource, source_key: fact.source_key, reason });
  type Candidate = { fact: ModelFacts; author: string; own: string; base: { name: string; kind: string; id: string | undefined } | undefined };
  const candidates: Candidate[] = [];
  // The makers' own models of floating names whose own id one of our fixed models holds.
  const floating: Array<[string, ModelFacts]> = [];
  for (const source of PRICE_SOURCES) {
    const curated = identity[source] ?? {};
    for (const fact of files[source]?.facts ?? []) {
      if (fact.author === null || fact.provider === null || !priced(fact) || Object.hasOwn(curated, fact.source_key) || placed.has(`${source}\u0000${fact.source_key}`)) continue;
      const read = fineTune(fact) ? null : readKey(fact, { keepFloating: true });
      if (read === null || read.author === null) {
        report(fact, fineTune(fact) ? 'a fine-tuning price, not a model' : 'a name the identity rules do not read (it floats between models)');
        continue;
      }
      const forms = peelForms(read);
      const cut = forms.findIndex((f) => f.kind === 'variant');
      const named = (cut === -1 ? forms : forms.slice(0, cut)).map((f) => ({ name: f.name, kind: f.kind as string, id: ours.get(`${read.author}|${f.name}`) }));
      if (named[0]!.id !== undefined && FLOATING_NAMES.includes(read.name)) {
        const id = firstPartyId(read.author, { ...fact, model_name: `${fact.model_name}-latest` }, `${read.name}-latest`);
        if (id === null) report(fact, `a name that floats between models (identity): ours, ${named[0]!.id}, is one fixed model`);
        else floating.push([id, fact]);
        continue;
      }
      if (named[0]!.id !== undefined) {
        report(fact, `names ${named[0]!.id}, but its facts disagree with it (identity rule 4): reported, not a second model`);
        continue;
      }
      const whole = partOf.get(`${read.author}|${named[0]!.name}`);
      if (whole !== undefined) {
        report(fact, `its name is part of ${whole}, where the identity rules did not place this record: reported, not a second model`);
        continue;
      }
      candidates.push({ fact, author: read.author, own: named[0]!.name, base: named.slice(1).find((f) => f.id !== undefined) ?? named.slice(1).at(-1) });
    }
  }
  // The names the candidates themselves give: a snapshot or alias of one of them is placed like one of ours.
  const newNames = new Map<string, ModelFacts>();
  for (const c of candidates) if (!newNames.has(`${c.author}|${c.own}`)) newNames.set(`${c.author}|${c.own}`, c.fact);
  // An alias (`claude-3-opus-latest`) of a name no model has is that name's model: it is made under the
  // name (`anthropic/claude-3-opus`), never under the alias, which moves; its snapshots then join it.
  const aliasNamed = new Set<Candidate>();
  for (const c of candidates) {
    if (c.base?.kind !== 'alias' || c.base.id !== undefined || FLOATING_NAMES.includes(c.own)) continue;
    // The name it peels to is one the rules place (`grok-4-1-fast-reasoning`, on `grok-4.1-fast`), or part of another model: no model of its own.
    const elsewhere = placedNames.get(`${c.author}|${c.base.name}`) ?? partOf.get(`${c.author}|${c.base.name}`);
    if (elsewhere !== undefined) {
      c.base = { ...c.base, id: elsewhere };
      continue;
    }
    aliasNamed.add(c);
    if (!newNames.has(`${c.author}|${c.base.name}`)) newNames.set(`${c.author}|${c.base.name}`, c.fact);
  }
  const groups = new Map<string, ModelFacts[]>();
  for (const candidate of candidates) {
    const { fact, author, base } = candidate;
    if (aliasNamed.has(candidate)) {
      const id = firstPartyId(author, { ...fact, model_name: fact.model_name.replace(/-latest$/i, '') }, base!.name);
      if (id === null) report(fact, 'its name makes no model id of ours');
      else groups.set(id, [...(groups.get(id) ?? []), fact]);
      continue;
    }
    const own = candidate.own;
    const baseFact = base === undefined ? undefined : newNames.get(`${author}|${base.name}`);
    const target = base?.id ?? (baseFact === undefined ? undefined : `${author}/${base!.name}`);
    // A snapshot of a model we have was the identity rules' to place, and they placed it on none
    // (its facts disagree, or it is one of several dated snapshots): a model of its own, whatever its price.
    const placedAs = placedNames.get(`${author}|${own}`);
    if (placedAs !== undefined && base?.kind === 'snapshot') {
      report(fact, `a snapshot of ${placedAs}, which another record of that name is placed on`);
      continue;
    }
    if (base !== undefined && target !== undefined && !(base.kind === 'snapshot' && base.id !== undefined)) {
      const current = makerPrice.get(`${author}|${base.name}`) ?? baseFact?.price;
      const ownPrice = base.kind === 'snapshot' && (differs(fact.price?.input, current?.input) || differs(fact.price?.output, current?.output));
      if (!ownPrice) {
        report(fact, `${base.kind === 'alias' ? 'an alias' : 'a snapshot'} of ${target} with its facts: the identity rules place it`);
        continue;
      }
    }
    const id = firstPartyId(author, fact, own);
    if (id === null) {
      report(fact, 'its name makes no model id of ours');
      continue;
    }
    groups.set(id, [...(groups.get(id) ?? []), fact]);
  }
  for (const [id, fact] of floating) groups.set(id, [...(groups.get(id) ?? []), fact]);
  // A model of that id part of another stays so: its name is that model's (first-party-merge.ts).
  for (const [id, facts] of groups) {
    const whole = models.get(id)?.part_of;
    if (whole === undefined) continue;
    for (const fact of facts) report(fact, `its name is part of ${whole}, where the identity rules did not place this record: reported, not a second model`);
    groups.delete(id);
  }
  const made = [...groups.entries()].sort(([a], [b]) => (a < b ? -1 : 1)).map(([id, facts]) => recordOf(id, facts, now));
  // The duplicate check (duplicate-models.ts): a new model that would be one with a published one is refused, the pair reported.
  const { added, refused, duplicates } = refuseDuplicates(models, made, LIFECYCLE_SOURCES.flatMap((s) => files[s]?.facts ?? []));
  // A made model follows its records: LiteLLM's mode may come after genai-prices' price (`gpt-realtime` is realtime, not chat).
  const updated: ModelRecord[] = [];
  const gone = new Set(superseded.map((r) => r.id));
  for (const record of models.values()) {
    if (record.origin !== 'first-party' || record.delisted_at !== null || gone.has(record.id)) continue;
    const bySource = attached.byModel.get(record.id) ?? {};
    const facts = PRICE_SOURCES.flatMap((source) => (bySource[source] ?? []).filter((f) => f.author !== null));
    if (facts.length === 0) continue;
    const { upstream_id: _lead, first_seen_at: _seen, ...restated } = recordOf(record.id, facts, record.first_seen_at);
    const next: ModelRecord = { ...record, ...restated, upstream_id: record.upstream_id, first_seen_at: record.first_seen_at };
    if (!sameJson(next, record)) updated.push(next);
  }
  return { added, updated, superseded, unplaced, refused, duplicates };
}
