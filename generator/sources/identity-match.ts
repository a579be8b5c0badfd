/**
 * Automatic identity (pure): which of our `<author>/<slug>` ids a LiteLLM key, a models.dev entry,
 * an Artificial Analysis slug or a maker's API name belongs to, by explicit rules (docs/data.md,
 * "Identity"). Reading keys and peeling suffixes is identity-names.ts; here:
 *
 * 1. A key naming a model's Hugging Face id (as OpenRouter lists it, `Qwen/Qwen3-235B-A22B-
 *    Instruct-2507`, or its unique name part) or its canonical slug (`qwen-turbo-2024-11-01`) is
 *    that model.
 * 2. A maker's own alias (`mistral-large-latest`, which Mistral's model definitions put on
 *    `mistral-large-2512`) is read as the name it points to, for that maker's own records.
 *    The record must still agree (rule 4): a price list's stale alias record stays unattached.
 *    A dated name is also its maker's display name with the date (`magistral-medium-2509` is
 *    Magistral Medium 1.2: `magistral-medium-1-2-2509`), tried before the date is peeled.
 * 3. The forms of the name (full name, then peeled suffixes): the first form that names exactly
 *    one of our models (of the hinted author) is the match; several are ambiguous, never guessed.
 * 4. An alias (`-latest`) or an undated name that floats over dated models of ours
 *    (`azure_ai/mistral-large` beside `mistral-large-2407`, `-2411`, `-2512`), or another snapshot
 *    of such a name (`mistral.mistral-large-2402-v1:0`), attaches only where
 *    its own record agrees with what it names (context within 10%, input and output price within
 *    25%, at least one of them known): the same source's record of that name at that provider
 *    where there is one, else our model. `azure/mistral-large-latest` at 32K and $8/$24 is not
 *    OpenRouter's 128K, $2/$6 Mistral Large. The makers' deprecation pages are exempt: they name
 *    what they retire.
 * 5. A dated snapshot stands for its undated model only when it is the one dated snapshot of that
 *    model at that provider, or (a maker's deprecation page) when every dated snapshot of it says
 *    the same (retirement and deprecation dates, state, replacement) and has no row of the undated
 *    name itself: snapshots that agree are no conflict. Only a first-party record matched exactly, as a reasoning pair or as
 *    that one snapshot may set the model's own retirement date (a maker's deprecation page may
 *    also through the alias it retires); resellers' dates are their own offer's.
 */
import { isLifecycleSource, PRICE_SOURCES, type FactSource, type ModelFacts } from './facts.js';
import { datedDisplay, FLOATING_NAMES, hostSpelling, normalizeName, peelForms, readKey, type Form, type MatchKind } from './identity-names.js';
import { providerId } from './providers.js';
import { recordAgrees, recordContradicts, type ModelShape } from './identity-agreement.js';

export { recordAgrees, type ModelShape } from './identity-agreement.js';

export { AUTHOR_ALIASES, datedDisplay, FLOATING_NAMES, MATCH_KINDS, normalizeName, peelForms, readKey, type MatchKind, type ReadKey } from './identity-names.js';

export interface IdentityMatch {
  source: FactSource;
  source_key: string;
  model_id: string;
  kind: MatchKind;
  /** The record is sold (or, for deprecation pages, retired) by the model's own author. */
  first_party: boolean;
  /** This record's retirement date may be the model's own (see rule 5). */
  sets_model_retirement: boolean;
}

export interface AmbiguousMatch {
  source: FactSource;
  source_key: string;
  candidates: string[];
}

export interface MatchResult {
  matches: IdentityMatch[];
  ambiguous: AmbiguousMatch[];
}

export interface IdentityContext {
  models?: ReadonlyMap<string, ModelShape>;
  /**
   * The makers' own names, from their model definitions: canonical author → name → the API name
   * it points to. Aliases (`mistral-large-latest` → `mistral-large-2512`) and the model's own
   * display name (`Mistral Large 3`, read `mistral-large-3`).
   */
  aliases?: ReadonlyMap<string, ReadonlyMap<string, string>>;
  /** The other way: canonical author → API name → the model's display name (`mistral-medium-2508` → `mistral-medium-3-1`). */
  displayNames?: ReadonlyMap<string, ReadonlyMap<string, string>>;
  /** Canonical author → the display name with the API name's date → that API name (`magistral-medium-1-2-2509` → `magistral-medium-2509`). */
  datedNames?: ReadonlyMap<string, ReadonlyMap<string, string>>;
  /** Canonical author → API name → the aliases the maker's row lists for it (OpenAI's `gpt-4-0613` → `gpt-4`, …). */
  snapshotAliases?: ReadonlyMap<string, ReadonlyMap<string, readonly string[]>>;
  /** `<provider id>\u0000<name>`: names some source lists with both `-reasoning` and `-non-reasoning` at that provider. */
  reasoningPairs?: ReadonlySet<string>;
}

type Fact = Pick<ModelFacts, 'source' | 'source_key' | 'author' | 'model_name' | 'provider' | 'context_length' | 'price' | 'dated_prices'> & {
  max_output?: number | null;
  retirement_date?: string | null;
  lifecycle?: { display_name: string | null; deprecated_at?: string | null; state?: string | null; replacement?: string | null };
};

/** Our ids by normalized slug. */
export function indexIds(ourIds: readonly string[]): Map<string, string[]> {
  const index = new Map<string, string[]>();
  for (const id of ourIds) {
    const key = normalizeName(id.split('/')[1] ?? '');
    index.set(key, [...(index.get(key) ?? []), id]);
  }
  return index;
}

/** A canonical slug's date: `-YYYYMMDD` or `-YYYY-MM-DD` (OpenRouter's), or Mistral's `-YYMM`. */
const CANONICAL_DATE = /^(.+)-(?:(\d{2})(\d{2})-?(\d{2})-?(\d{2})|(2[3-9])(0[1-9]|1[0-2]))$/;

/**
 * Hugging Face ids (full and name part) and canonical slugs of our models, to our ids; shared names
 * left out. Also the canonical slug as the makers date it: `dated:` its name with the date as xAI
 * writes it (`grok-4.20-20260309` is xAI's `grok-4.20-0309`) or, for Mistral, as `-YYMM`; and
 * `prefixed:` (Mistral) each shorter name its name starts with, with that `-YYMM`
 * (`mistral-small-3.2-24b-instruct-2506`: `mistral-small-3-2-2506`, `mistral-small-2506`).
 */
export function indexExternalIds(models: ReadonlyMap<string, ModelShape> | undefined): Map<string, string> {
  const seen = new Map<string, Set<string>>();
  const add = (key: string, id: string) => seen.set(key, (seen.get(key) ?? new Set()).add(id));
  for (const [id, shape] of models ?? []) {
    const hf = shape.hugging_face_id?.toLowerCase();
    if (hf) {
      add(`hf:${hf}`, id);
      add(`hf-name:${normalizeName(hf.split('/').pop()!)}`, id);
    }
    const canonical = shape.canonical_slug?.toLowerCase();
    if (canonical && canonical !== id) add(`slug:${normalizeName(canonical.split('/').pop()!)}`, id);
    // OpenRouter's variant listings (`:extended`, `:thinking`) share their model's canonical slug: no maker dates them.
    const dated = canonical ? CANONICAL_DATE.exec(normalizeName(canonical.split('/').pop()!)) : null;
    if (dated === null || shape.variant === true) continue;
    const [, base, century, year, month, day, shortYear, shortMonth] = dated as unknown as [string, string, string?, string?, string?, string?, string?, string?];
    const mistral = id.startsWith('mistralai/');
    const yymm = shortYear !== undefined ? `${shortYear}${shortMonth}` : century === '20' ? `${year}${month}` : null;
    if (day !== undefined) add(`dated:${base}-${month}${day}`, id);
    if (!mistral || yymm === null) continue;
    add(`dated:${base}-${yymm}`, id);
    const parts = base.split('-');
    for (let n = 2; n < parts.length; n++) add(`prefixed:${parts.slice(0, n).join('-')}-${yymm}`, id);
  }
  return new Map([...seen].filter(([, ids]) => ids.size === 1).map(([key, ids]) => [key, [...ids][0]!]));
}

/** Google's stable names: `gemini-2.0-flash` is the alias of its one stable version `gemini-2.0-flash-001`. */
function stableVersions(ourIds: readonly string[]): Map<string, string> {
  const seen = new Map<string, string[]>();
  for (const id of ourIds) {
    const [author, slug = ''] = id.split('/');
    const stable = author === 'google' ? /^(.+)-\d{3}$/.exec(normalizeName(slug)) : null;
    if (stable !== null) seen.set(stable[1]!, [...(seen.get(stable[1]!) ?? []), id]);
  }
  return new Map([...seen].filter(([, ids]) => ids.length === 1).map(([base, ids]) => [base, ids[0]!]));
}

/** `floating`: the record must agree with what it names (rule 4); `name`: the form that named the model. */
type Candidate = { ok: true; id: string; kind: MatchKind; floating: boolean; name: string } | { ok: false; candidates: string[] } | null;

interface Indexes {
  ids: ReadonlyMap<string, string[]>;
  external: ReadonlyMap<string, string>;
  /** Normalized names of ours that float (see floatingNames). */
  floating: ReadonlySet<string>;
  /** Those of them with dated siblings among our ids (`mistral-large` beside `mistral-large-2411`). */
  datedSiblings: ReadonlySet<string>;
  /** Display names a lifecycle source gives to exactly one of its records. */
  uniqueDisplayNames: ReadonlySet<string>;
  /** Google's undated names of our stable versions (`gemini-2-0-flash` → `google/gemini-2.0-flash-001`). */
  stable: ReadonlyMap<string, string>;
}

/**
 * Names of ours whose undated spelling floats elsewhere: those with dated siblings among our ids
 * (`mistral-large` beside `mistral-large-2411`), and those OpenRouter pins to one dated snapshot
 * (`qwen/qwen-max`, canonical `qwen-max-2025-01-25`), while the author's `qwen-max` moves on.
 */
function floatingNames(ourIds: readonly string[], ids: ReadonlyMap<string, string[]>, models: ReadonlyMap<string, ModelShape> | undefined): { floating: Set<string>; datedSiblings: Set<string> } {
  const out = new Set<string>();
  const siblings = new Set<string>();
  const dated = (author: string | null, name: string) => {
    const base = peelForms({ name, snapshot: null, author }).at(-1)!;
    return base.name !== name && base.kind === 'snapshot' ? base.name : null;
  };
  for (const id of ourIds) {
    const [author = '', slug = ''] = id.split('/');
    const name = normalizeName(slug);
    const base = dated(author, name);
    if (base !== null && (ids.get(base) ?? []).some((other) => other.startsWith(`${author}/`))) {
      out.add(base);
      siblings.add(base);
    }
    const canonical = models?.get(id)?.canonical_slug?.split('/').pop();
    if (canonical !== undefined && dated(author, normalizeName(canonical)) === name) out.add(name);
  }
  return { floating: out, datedSiblings: siblings };
}

/**
 * Rules 1 to 4 for one record. `pairs`: the names a provider lists with both `-reasoning` and
 * `-non-reasoning` (see reasoningPairs); only those are peeled, since a lone `-reasoning` is often
 * a model of its own (`phi-4-reasoning`, `sonar-reasoning`).
 */
export function matchOne(fact: Fact, indexes: Indexes, pairs: ReadonlySet<string> = new Set(), context: IdentityContext = {}): Candidate {
  const read = readKey(fact, { keepFloating: true });
  if (read === null) return null;
  if (FLOATING_NAMES.includes(read.name)) {
    const own = (indexes.ids.get(read.name) ?? []).filter((id) => id.split('/')[0] === read.author && context.models?.get(id)?.origin === 'first-party');
    return own.length === 1 ? { ok: true, id: own[0]!, kind: 'exact', floating: false, name: read.name } : null;
  }
  if (fact.source !== 'artificialanalysis') {
    // A canonical slug never outranks one of our ids spelled the same way.
    const canonical = indexes.ids.has(read.name) ? undefined : indexes.external.get(`slug:${read.name}`);
    const external = indexes.external.get(`hf:${read.path}`) ?? indexes.external.get(`hf-name:${read.name}`) ?? canonical;
    if (external !== undefined && (read.author === null || external.split('/')[0] === read.author)) return { ok: true, id: external, kind: 'exact', floating: false, name: read.name };
  }
  const lifecycle = isLifecycleSource(fact.source);
  const aliasTarget = fact.author !== null && read.author !== null && !lifecycle ? context.aliases?.get(read.author)?.get(read.name) : undefined;
  // A name the maker calls an alias that is also a model of ours (`gpt-4`, OpenRouter's own alias) is
  // that model, where the record agrees with it; the maker's word decides only for names we lack.
  const target = aliasTarget !== undefined && indexes.ids.has(read.name) ? undefined : aliasTarget;
  // The maker names the one model its alias points to: nothing is peeled from it.
  const forms: Form[] =
    target !== undefined
      ? [{ name: normalizeName(hostSpelling(target, fact.provider, read.author)), kind: 'alias', snapshot: null }]
      : fact.source === 'artificialanalysis'
        ? [{ name: read.name, kind: 'exact', snapshot: null }]
        : peelForms(read);
  // The maker's own word on this very name comes before any peeled form (docs/data.md, "Identity", rule 3):
  // - its row's aliases, where one of them is one of our models (OpenAI: `gpt-4-0613 | gpt-4`, so
  //   `gpt-4-0613` is our `gpt-4`);
  // - its display name with the API name's date (`magistral-medium-2509`, Magistral Medium 1.2, is
  //   LiteLLM's `magistral-medium-1-2-2509`, one snapshot, not the undated `magistral-medium`);
  // - its display name (`mistral-medium-2508` is Mistral Medium 3.1; a page's own row too).
  const own = fact.author !== null || lifecycle;
  const aliasOf = own && read.author !== null && target === undefined ? (context.snapshotAliases?.get(read.author)?.get(read.name) ?? []) : [];
  const aliasIds = new Set(aliasOf.flatMap((alias) => (indexes.ids.get(alias) ?? []).filter((id) => id.split('/')[0] === read.author)));
  const makerWord: Form[] = aliasIds.size === 1 ? [{ name: normalizeName([...aliasIds][0]!.split('/')[1]!), kind: 'exact', snapshot: null }] : [];
  const pageDisplay = fact.lifecycle?.display_name;
  const makerDisplay =
    lifecycle && pageDisplay && indexes.uniqueDisplayNames.has(pageDisplay)
      ? normalizeName(pageDisplay.trim().replace(/\s+/g, '-'))
      : fact.author !== null && read.author !== null && !lifecycle && target === undefined
        ? context.displayNames?.get(read.author)?.get(read.name)
        : undefined;
  // A price list's spelling of the display name with the date is the maker's API name (`ministral-3-14b-2512`
  // is `ministral-14b-2512`), and its display name (`mistral-medium-3-1-2508` is Mistral Medium 3.1).
  const apiName = own && read.author !== null && target === undefined ? context.datedNames?.get(read.author)?.get(read.name) : undefined;
  const dated = apiName !== undefined ? read.name : datedDisplay(makerDisplay, read.name);
  if (apiName !== undefined) makerWord.push({ name: apiName, kind: 'exact', snapshot: null });
  if (dated !== null && dated !== read.name) makerWord.push({ name: dated, kind: 'exact', snapshot: null });
  const display = makerDisplay ?? (apiName === undefined ? undefined : context.displayNames?.get(read.author!)?.get(apiName));
  if (display !== undefined) makerWord.push({ name: display, kind: 'exact', snapshot: null });
  forms.splice(1, 0, ...makerWord);
  // So is the name a maker's alias points to (`magistral-medium-latest` → `magistral-medium-2509`).
  const aliased = target === undefined || read.author === null ? null : datedDisplay(context.displayNames?.get(read.author)?.get(normalizeName(target)), normalizeName(target));
  if (aliased !== null) forms.push({ name: aliased, kind: 'alias', snapshot: null });
  // Only a price list's record is compared with what it names (rule 5): the makers' pages name what they retire.
  const priced = (PRICE_SOURCES as readonly string[]).includes(fact.source);
  const pairedAnywhere = (name: string) => fact.provider !== null && context.reasoningPairs?.has(`${providerId(fact.provider)}\u0000${name}`) === true;
  const byAuthor = (id: string | undefined) => (id !== undefined && (read.author === null || id.split('/')[0] === read.author) ? id : undefined);
  // Where no form names a model of ours, the maker's dated names of OpenRouter's canonical slugs and
  // Google's stable names: tried before a date is peeled, and in this order.
  let triedDated = false;
  const datedNames = (): Candidate => {
    triedDated = true;
    if (fact.source === 'artificialanalysis') return null;
    // Mistral's display name with the API name's date is the maker's word: `Mistral Small 3.2`
    // (`mistral-small-2506`) is `mistral-small-3.2-24b-instruct-2506`.
    for (const name of [dated, aliased]) {
      const id = name === null ? undefined : byAuthor(indexes.external.get(`prefixed:${name}`));
      if (id !== undefined) return { ok: true, id, kind: name === aliased ? 'alias' : 'exact', floating: false, name: name! };
    }
    // A shorter Mistral name with the date (`mistral-medium-2604` for `mistral-medium-3.5-20260430`)
    // is only a guess: its record must agree with the model (rule 5).
    const family = byAuthor(indexes.external.get(`prefixed:${read.name}`));
    if (family !== undefined) return { ok: true, id: family, kind: 'snapshot', floating: priced, name: read.name };
    // Google's `gemini-2.0-flash` is its one stable version `gemini-2.0-flash-001`, where its record agrees.
    const stable = read.author === 'google' ? indexes.stable.get(forms[0]!.name) : undefined;
    if (stable !== undefined) return { ok: true, id: stable, kind: 'alias', floating: priced, name: forms[0]!.name };
    return null;
  };
  for (const [step, form] of forms.entries()) {
    // (The peeled form before it: the maker's own names beside them are not peeled.)
    const previous = makerWord.includes(form) ? undefined : forms.slice(0, step).reverse().find((f) => !makerWord.includes(f));
    if (previous !== undefined && /-(?:non-)?reasoning$/.test(previous.name) && !/-(?:non-)?reasoning$/.test(form.name)) {
      if (!pairs.has(`${fact.source}\u0000${fact.provider}\u0000${form.name}`) && !pairedAnywhere(form.name)) return null;
    }
    if (form.kind === 'snapshot' && !triedDated) {
      const found = datedNames();
      if (found !== null) return found;
    }
    const ids = (indexes.ids.get(form.name) ?? []).filter((id) => read.author === null || id.split('/')[0] === read.author);
    if (ids.length > 1) return { ok: false, candidates: ids };
    if (ids.length === 0) {
      // xAI's `grok-4.20-0309` names OpenRouter's `grok-4.20` (canonical `grok-4.20-20260309`).
      const id = form.kind === 'snapshot' || fact.source === 'artificialanalysis' ? undefined : byAuthor(indexes.external.get(`dated:${form.name}`));
      if (id !== undefined) return { ok: true, id, kind: form.kind, floating: false, name: form.name };
      continue;
    }
    // A snapshot of a name whose other snapshots we list is checked too (it is none of them):
    // Bedrock's `mistral-large-2402` at $4/$12 is not today's Mistral Large.
    // A model made from the maker's own name (origin first-party) is that name's, exactly: it floats over nothing.
    // (Its own alias too: the model was made from the maker's records of that alias.) A `-latest`
    // peeled off a made model it was not made from is refused where its record contradicts what the
    // model's records state (LiteLLM's `gemini-pro-latest`, 1M tokens, is not Gemini 1.0 Pro at 32K).
    const shape = context.models?.get(ids[0]!);
    const made = shape?.origin === 'first-party';
    if (made && form.kind === 'alias' && target === undefined && shape.made_from !== read.name && recordContradicts(fact, shape)) return null;
    const ownName = made && (form.kind === 'exact' || form.kind === 'alias');
    const floating =
      priced &&
      !ownName &&
      (form.kind === 'alias' || (form.kind === 'exact' && (indexes.floating.has(form.name) || aliasTarget !== undefined)) || (form.kind === 'snapshot' && indexes.datedSiblings.has(form.name)));
    return { ok: true, id: ids[0]!, kind: form.kind, floating, name: form.name };
  }
  return triedDated ? null : datedNames();
}

/** The names each provider lists with both a `-reasoning` and a `-non-reasoning` record. */
export function reasoningPairs(facts: readonly Fact[]): Set<string> {
  const seen = new Map<string, Set<string>>();
  for (const fact of facts) {
    const read = fact.source === 'artificialanalysis' ? null : readKey(fact);
    if (read === null) continue;
    for (const form of peelForms(read)) {
      const variant = /-((?:non-)?reasoning)$/.exec(form.name);
      if (variant === null) continue;
      const key = `${fact.source}\u0000${fact.provider}\u0000${form.name.slice(0, variant.index)}`;
      seen.set(key, (seen.get(key) ?? new Set()).add(variant[1]!));
    }
  }
  return new Set([...seen].filter(([, kinds]) => kinds.size === 2).map(([key]) => key));
}

/** Rule 5's census: the dated snapshots each provider lists of each undated name. */
function snapshotCensus(facts: readonly Fact[]): { census: Map<string, Set<string>>; records: Map<string, Fact[]> } {
  const census = new Map<string, Set<string>>();
  const records = new Map<string, Fact[]>();
  for (const fact of facts) {
    const read = fact.source === 'artificialanalysis' ? null : readKey(fact);
    if (read === null) continue;
    for (const form of peelForms(read)) {
      if (form.snapshot === null) continue;
      const key = `${fact.source}\u0000${fact.provider}\u0000${form.name}`;
      census.set(key, (census.get(key) ?? new Set()).add(form.snapshot));
      records.set(key, [...(records.get(key) ?? []), fact]);
    }
  }
  return { census, records };
}

/** What a maker's page says of a name, as a comparable text: the same for every snapshot means they say one thing of one model. */
const lifecycleWord = (f: Fact) => JSON.stringify([f.retirement_date ?? null, f.lifecycle?.deprecated_at ?? null, f.lifecycle?.state ?? null, f.lifecycle?.replacement ?? null]);

/**
 * Rule 5's exception: snapshots that agree are not a conflict. A maker's deprecation page that
 * says the same of every dated snapshot of one name (Anthropic retired both Claude 3.5 Sonnet
 * snapshots, -20240620 and -20241022, on 2025-10-28 with one replacement) says it of the model;
 * where they differ (Mistral Large's snapshots, retired on different days) none speaks for it.
 */
function snapshotsAgree(records: readonly Fact[] | undefined): boolean {
  // Only a retirement they share says something of the model: active snapshots without dates are each a model of their own.
  if (records === undefined || records.length < 2 || !records.every((f) => isLifecycleSource(f.source) && f.retirement_date != null)) return false;
  return new Set(records.map(lifecycleWord)).size === 1;
}

function displayNameCounts(facts: readonly Fact[]): Set<string> {
  const counts = new Map<string, number>();
  for (const fact of facts) {
    const name = fact.lifecycle?.display_name;
    if (name) counts.set(name, (counts.get(name) ?? 0) + 1);
  }
  return new Set([...counts].filter(([, n]) => n === 1).map(([name]) => name));
}

/**
 * Pure: every record matched to our ids by the rules, plus the ambiguous ones. `firstParty`
 * says whether a record is sold by the model's author (the adapters set `author` only for those).
 */
type IdIndexes = Omit<Indexes, 'uniqueDisplayNames'>;

/**
 * The indexes of our ids, remembered for the same id list and models (by identity; neither is
 * changed once passed): a caller that matches one record at a time against the whole catalog
 * (render/model-sources.ts, a maker's replacement names) would otherwise index it every time.
 */
const idIndexes = new WeakMap<readonly string[], WeakMap<object, IdIndexes>>();
const NO_MODELS = {};

function indexesOf(ourIds: readonly string[], models: ReadonlyMap<string, ModelShape> | undefined): IdIndexes {
  let byModels = idIndexes.get(ourIds);
  if (byModels === undefined) idIndexes.set(ourIds, (byModels = new WeakMap()));
  let indexes = byModels.get(models ?? NO_MODELS);
  if (indexes === undefined) {
    const ids = indexIds(ourIds);
    const known = new Set(ourIds);
    // Shapes may name more models than the ids being matched (a model set aside): only ours are named.
    const external = new Map([...indexExternalIds(models)].filter(([, id]) => known.has(id)));
    indexes = { ids, external, stable: stableVersions(ourIds), ...floatingNames(ourIds, ids, models) };
    byModels.set(models ?? NO_MODELS, indexes);
  }
  return indexes;
}

/** What the rules read from the records beside one being matched (rules 4 to 6): its source's census of snapshots, names and pairs. */
export interface RecordsBeside {
  census: Map<string, Set<string>>;
  snapshotRecords: Map<string, Fact[]>;
  siblings: Map<string, Fact>;
  pairs: Set<string>;
  uniqueDisplayNames: Set<string>;
}

/** The records beside: computed once where several calls match records of one list (first-party-merge.ts). */
export function recordsBeside(facts: readonly Fact[]): RecordsBeside {
  const { census, records: snapshotRecords } = snapshotCensus(facts);
  // Each record by its source, provider and full name, for rule 4's comparison.
  const siblings = new Map<string, Fact>();
  for (const fact of facts) {
    const read = fact.source === 'artificialanalysis' ? null : readKey(fact);
    if (read !== null && read.snapshot === null) siblings.set(`${fact.source}\u0000${fact.provider}\u0000${read.name}`, fact);
  }
  return { census, snapshotRecords, siblings, pairs: reasoningPairs(facts), uniqueDisplayNames: displayNameCounts(facts) };
}

/** `beside`: the records the facts are judged among (by default the facts themselves). */
export function matchFacts(facts: readonly Fact[], ourIds: readonly string[], context: IdentityContext = {}, beside: RecordsBeside = recordsBeside(facts)): MatchResult {
  const { census, snapshotRecords, siblings, pairs } = beside;
  const indexes: Indexes = { ...indexesOf(ourIds, context.models), uniqueDisplayNames: beside.uniqueDisplayNames };
  const kept: IdentityMatch[] = [];
  const ambiguous: AmbiguousMatch[] = [];
  for (const fact of facts) {
    const found = matchOne(fact, indexes, pairs, context);
    if (found === null) continue;
    if (!found.ok) {
      ambiguous.push({ source: fact.source, source_key: fact.source_key, candidates: found.candidates });
      continue;
    }
    // Rule 4: a floating name attaches only where its own record agrees with what it names: the
    // same source's record of that name at that provider (`mistral/devstral-2512` for
    // `mistral/devstral-medium-latest`), else our model.
    if (found.floating) {
      const sibling = siblings.get(`${fact.source}\u0000${fact.provider}\u0000${found.name}`);
      const reference = sibling !== undefined && sibling !== fact ? { context_length: sibling.context_length, input: sibling.price?.input ?? null, output: sibling.price?.output ?? null } : context.models?.get(found.id);
      if (!recordAgrees(fact, reference)) continue;
    }
    // Rule 5: several dated snapshots of one name at one provider stand for no one of them.
    const censusKey = `${fact.source}\u0000${fact.provider}\u0000${normalizeName(found.id.split('/')[1] ?? '')}`;
    const dated = census.get(censusKey);
        // (Where the page has a row of the undated name itself, that row speaks for the model, never its snapshots.)
    if (found.kind === 'snapshot' && dated !== undefined && dated.size > 1 && (siblings.has(censusKey) || !snapshotsAgree(snapshotRecords.get(censusKey)))) {
      ambiguous.push({ source: fact.source, source_key: fact.source_key, candidates: [found.id] });
      continue;
    }
    const firstParty = fact.author !== null && fact.provider !== null;
    const lifecycle = isLifecycleSource(fact.source);
    kept.push({ source: fact.source, source_key: fact.source_key, model_id: found.id, kind: found.kind, first_party: firstParty, sets_model_retirement: firstParty && (lifecycle || found.kind !== 'alias') });
  }
  // One Artificial Analysis record per model: an exact tie leaves the model without one.
  const aaByModel = new Map<string, IdentityMatch[]>();
  for (const m of kept) if (m.source === 'artificialanalysis') aaByModel.set(m.model_id, [...(aaByModel.get(m.model_id) ?? []), m]);
  const out = kept.filter((m) => {
    const rivals = aaByModel.get(m.model_id);
    if (m.source !== 'artificialanalysis' || rivals === undefined || rivals.length === 1) return true;
    ambiguous.push({ source: m.source, source_key: m.source_key, candidates: [m.model_id] });
    return false;
  });
  const byKey = (a: { source: string; source_key: string }, b: { source: string; source_key: string }) =>
    a.source !== b.source ? (a.source < b.source ? -1 : 1) : a.source_key < b.source_key ? -1 : a.source_key > b.source_key ? 1 : 0;
  return { matches: out.sort(byKey), ambiguous: ambiguous.sort(byKey) };
}
