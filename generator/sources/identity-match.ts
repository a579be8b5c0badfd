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
 *    The maker's word on a name comes before any peeled form (identity-maker-forms.ts): a row's
 *    alias that is one of our ids (OpenAI's `gpt-4-0613 | gpt-4`), the display name, and the
 *    display name with the date (`magistral-medium-2509` is Magistral Medium 1.2:
 *    `magistral-medium-1-2-2509`).
 * 3. The forms of the name (full name, then peeled suffixes): the first form that names exactly
 *    one of our models (of the hinted author) is the match; several are ambiguous, never guessed.
 *    Before a date is peeled, the makers' dated names of OpenRouter's canonical slugs (xAI's
 *    `grok-4.20-0309` of `grok-4.20-20260309`, Mistral's `-YYMM`) and Google's stable `-001`;
 *    a `-reasoning`/`-non-reasoning` pair any source lists at that provider (identity-indexes.ts).
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
import { FLOATING_NAMES, hostSpelling, normalizeName, peelForms, readKey, type Form, type MatchKind } from './identity-names.js';
import { providerId } from './providers.js';
import { recordAgrees, recordContradicts, type ModelShape } from './identity-agreement.js';
import { indexesOf, type Candidate, type Indexes } from './identity-indexes.js';
import { datedCandidate, makerForms } from './identity-maker-forms.js';

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

/**
 * Rules 1 to 4 for one record. `pairs`: the names a provider lists with both `-reasoning` and
 * `-non-reasoning` (see reasoningPairs); only those are peeled, since a lone `-reasoning` is often
 * a model of its own (`phi-4-reasoning`, `sonar-reasoning`).
 */
export function matchOne(fact: Fact, indexes: Indexes, pairs: ReadonlySet<string> = new Set(), context: IdentityContext = {}): Candidate {
  const read = readKey(fact, { keepFloating: true });
  if (read === null) return null;
  if (FLOATING_NAMES.includes(read.name)) {
    // The maker's own model of the name: of that very name, or `-latest` where a fixed model holds it (first-party-models.ts).
    const own = [read.name, `${read.name}-latest`].flatMap((n) => indexes.ids.get(n) ?? []).filter((id) => id.split('/')[0] === read.author && context.models?.get(id)?.origin === 'first-party');
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
  const { word: makerWord, dated, aliased } = makerForms(fact, read, target, indexes, context);
  forms.splice(1, 0, ...makerWord);
  if (aliased !== null) forms.push({ name: aliased, kind: 'alias', snapshot: null });
  // Only a price list's record is compared with what it names (rule 5): the makers' pages name what they retire.
  const priced = (PRICE_SOURCES as readonly string[]).includes(fact.source);
  const pairedAnywhere = (name: string) => fact.provider !== null && context.reasoningPairs?.has(`${providerId(fact.provider)}\u0000${name}`) === true;
  let triedDated = false;
  const datedNames = (): Candidate => {
    triedDated = true;
    return fact.source === 'artificialanalysis' ? null : datedCandidate(read, forms[0]!.name, dated, aliased, indexes, priced);
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
      const dated = indexes.external.get(`dated:${form.name}`);
      const id = form.kind === 'snapshot' || fact.source === 'artificialanalysis' || (read.author !== null && dated?.split('/')[0] !== read.author) ? undefined : dated;
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

/**
 * Pure: every record matched to our ids by the rules, plus the ambiguous ones. `firstParty`
 * says whether a record is sold by the model's author (the adapters set `author` only for those).
 *
 * `beside`: the records the facts are judged among (by default the facts themselves).
 */
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
