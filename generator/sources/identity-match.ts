/**
 * Automatic identity (pure): which of our `<author>/<slug>` ids a LiteLLM key, a models.dev entry
 * or an Artificial Analysis slug belongs to, by explicit rules (README, "Identity across sources"):
 *
 * 1. The key is read into an author hint and a name: path segments (`vertex_ai/`, `azure/eu/`,
 *    `deepinfra/google/`), Bedrock's region and vendor prefixes (`us.`, `eu.`, `apac.`, `global.`,
 *    `anthropic.`), version tails (`-v1:0`, `:0`, `@default`) and Vertex's `@YYYYMMDD` are set
 *    aside; names compare lower-cased with `.` and `_` read as `-` (`4-1` ~ `4.1`).
 * 2. The full name is tried first; then suffixes are peeled one at a time: dated snapshots
 *    (`-YYYYMMDD`, `-YYYY-MM-DD`, `@YYYYMMDD`, `-MMDD`), the alias `-latest` (last: nothing is
 *    peeled behind an alias) and reasoning pairs (`-reasoning` with `-non-reasoning`, only when
 *    the provider lists both: a lone `phi-4-reasoning` or `sonar-reasoning` is its own model). `-preview`
 *    is never peeled: previews are models of their own (`o1-preview` is not `o1`,
 *    `gpt-4-0125-preview` is not `gpt-4`). OpenRouter's own records in the other sources are
 *    never matched: OpenRouter is our primary source. The first form that names exactly one of
 *    our models (of the hinted author, when there is a hint) is the match; a form naming several
 *    is reported as ambiguous and nothing is matched. Floating names (`deepseek-chat`) never match.
 * 3. Artificial Analysis slugs match only by their full name (Claude's `claude-4-1-opus` read as
 *    `claude-opus-4-1`): its reasoning and non-reasoning records score differently, so a model
 *    takes the one record that names it exactly.
 * 4. A dated snapshot stands for its undated model only when it is the one dated snapshot of that
 *    model at that provider; with several (`gpt-4o-2024-05-13`, `-08-06`, `-11-20`) they are
 *    ambiguous. Only a first-party record matched exactly, as a reasoning variant, or as that one
 *    snapshot may set the model's own retirement date; aliases float and resellers' dates are
 *    their own offer's.
 */
import type { FactSource, ModelFacts } from './facts.js';

export const MATCH_KINDS = ['curated', 'exact', 'variant', 'snapshot', 'alias'] as const;
export type MatchKind = (typeof MATCH_KINDS)[number];

export interface IdentityMatch {
  source: FactSource;
  source_key: string;
  model_id: string;
  kind: MatchKind;
  /** The record is sold by the model's own author (the lab's API). */
  first_party: boolean;
  /** This record's retirement date may be the model's own (see rule 4). */
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

/** Source author names → OpenRouter's author ids, where they differ. */
export const AUTHOR_ALIASES: Readonly<Record<string, string>> = {
  mistral: 'mistralai',
  xai: 'x-ai',
  meta: 'meta-llama',
  alibaba: 'qwen',
  moonshot: 'moonshotai',
  zai: 'z-ai',
  'zai-org': 'z-ai',
};

/**
 * Names that float: the author moves them to each new model (`deepseek-chat` is whatever DeepSeek
 * serves now; OpenRouter's `deepseek/deepseek-chat` is one fixed model). Never matched.
 */
export const FLOATING_NAMES: readonly string[] = ['deepseek-chat', 'deepseek-reasoner', 'chatgpt-4o-latest'];

/** Bedrock-style `region.vendor.` prefixes: the region is dropped, the vendor is an author hint. */
const REGIONS = ['us', 'eu', 'apac', 'au', 'jp', 'ca', 'global', 'us-gov', 'sa', 'in'] as const;
const VENDORS = ['anthropic', 'xai', 'google', 'meta', 'mistral', 'amazon', 'cohere', 'ai21', 'deepseek', 'qwen', 'openai', 'moonshot', 'minimax', 'writer', 'zai'];

type Peel = { pattern: RegExp; kind: Exclude<MatchKind, 'curated' | 'exact'> };
const PEELS: readonly Peel[] = [
  { pattern: /-(?:\d{8}|\d{4}-\d{2}-\d{2})$/, kind: 'snapshot' },
  { pattern: /-(?:0[1-9]|1[0-2])(?:0[1-9]|[12]\d|3[01])$/, kind: 'snapshot' },
  { pattern: /-latest$/, kind: 'alias' },
  { pattern: /-(?:non-)?reasoning$/, kind: 'variant' },
];

export function normalizeName(name: string): string {
  return name.toLowerCase().replace(/[._]/g, '-');
}

function canonicalAuthor(author: string): string {
  return AUTHOR_ALIASES[author] ?? author;
}

export interface ReadKey {
  author: string | null;
  name: string;
  /** A snapshot written outside the name (Vertex `@20250514`). */
  snapshot: string | null;
}

/** Rule 1: a source record's author hint and comparable name; null for records never matched. */
export function readKey(fact: Pick<ModelFacts, 'source' | 'source_key' | 'author' | 'model_name' | 'provider'>): ReadKey | null {
  const raw = (fact.source === 'modelsdev' ? fact.model_name : fact.source_key).toLowerCase();
  if (fact.source === 'artificialanalysis') {
    const [creator, slug = ''] = raw.split('/');
    const reordered = slug.replace(/^claude-(\d+(?:-\d+)?)-(opus|sonnet|haiku)(?=$|-)/, 'claude-$2-$1');
    return { author: canonicalAuthor(creator ?? ''), name: normalizeName(reordered), snapshot: null };
  }
  if (raw.startsWith('ft:') || raw.includes('/ft:')) return null; // fine-tuning prices, not an offer
  if (fact.provider === 'openrouter') return null;
  const segments = raw.split('/');
  let name = segments.pop() ?? '';
  let author = fact.author === null ? null : canonicalAuthor(fact.author);
  for (const segment of segments) if (author === null && VENDORS.includes(segment)) author = canonicalAuthor(segment);
  const dotted = /^(?:([a-z-]+)\.)?([a-z0-9]+)\.(.+)$/.exec(name);
  if (dotted !== null && VENDORS.includes(dotted[2]!) && (dotted[1] === undefined || (REGIONS as readonly string[]).includes(dotted[1]))) {
    author ??= canonicalAuthor(dotted[2]!);
    name = dotted[3]!.replace(/-v\d+(?::\d+)?$/, '');
  }
  name = name.replace(/:\d+$/, '').replace(/@default$/, '');
  let snapshot: string | null = null;
  const at = /@(\d{8})$/.exec(name);
  if (at !== null) {
    snapshot = at[1]!;
    name = name.slice(0, at.index);
  }
  if (FLOATING_NAMES.includes(name)) return null;
  return { author, name: normalizeName(name), snapshot };
}

/** Our ids by normalized slug. */
export function indexIds(ourIds: readonly string[]): Map<string, string[]> {
  const index = new Map<string, string[]>();
  for (const id of ourIds) {
    const key = normalizeName(id.split('/')[1] ?? '');
    index.set(key, [...(index.get(key) ?? []), id]);
  }
  return index;
}

export interface Form {
  name: string;
  kind: MatchKind;
  snapshot: string | null;
}

/** Rule 2: the full name, then each suffix peeled in turn (the weakest step names the kind). */
export function peelForms(read: ReadKey): Form[] {
  let current: Form = { name: read.name, kind: read.snapshot === null ? 'exact' : 'snapshot', snapshot: read.snapshot };
  const forms = [current];
  for (;;) {
    const peel = PEELS.find((p) => p.pattern.test(current.name));
    // An alias names one model as it is: nothing is peeled behind it.
    if (peel === undefined || current.kind === 'alias') return forms;
    const match = peel.pattern.exec(current.name)!;
    const kind = current.kind === 'exact' || MATCH_KINDS.indexOf(peel.kind) > MATCH_KINDS.indexOf(current.kind) ? peel.kind : current.kind;
    current = { name: current.name.slice(0, match.index), kind, snapshot: peel.kind === 'snapshot' ? match[0].slice(1) : current.snapshot };
    forms.push(current);
  }
}

type Candidate = { ok: true; id: string; kind: MatchKind } | { ok: false; candidates: string[] } | null;

/**
 * Rules 2 and 3 for one record. `pairs`: the names a provider lists with both `-reasoning` and
 * `-non-reasoning` (see reasoningPairs); only those are peeled, since a lone `-reasoning` is often
 * a model of its own (`phi-4-reasoning`, `sonar-reasoning`).
 */
export function matchOne(
  fact: Pick<ModelFacts, 'source' | 'source_key' | 'author' | 'model_name' | 'provider'>,
  index: ReadonlyMap<string, string[]>,
  pairs: ReadonlySet<string> = new Set(),
): Candidate {
  const read = readKey(fact);
  if (read === null) return null;
  const forms = fact.source === 'artificialanalysis' ? [{ name: read.name, kind: 'exact' as const, snapshot: null }] : peelForms(read);
  for (const [step, form] of forms.entries()) {
    const previous = forms[step - 1];
    if (previous !== undefined && /-(?:non-)?reasoning$/.test(previous.name) && !/-(?:non-)?reasoning$/.test(form.name)) {
      if (!pairs.has(`${fact.source}\u0000${fact.provider}\u0000${form.name}`)) return null;
    }
    const ids = (index.get(form.name) ?? []).filter((id) => read.author === null || id.split('/')[0] === read.author);
    if (ids.length === 1) return { ok: true, id: ids[0]!, kind: form.kind };
    if (ids.length > 1) return { ok: false, candidates: ids };
  }
  return null;
}

/** The names each provider lists with both a `-reasoning` and a `-non-reasoning` record. */
export function reasoningPairs(facts: readonly ModelFacts[]): Set<string> {
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

/** Rule 4's census: the dated snapshots each provider lists of each undated name. */
function snapshotCensus(facts: readonly ModelFacts[]): Map<string, Set<string>> {
  const census = new Map<string, Set<string>>();
  for (const fact of facts) {
    const read = fact.source === 'artificialanalysis' ? null : readKey(fact);
    if (read === null) continue;
    for (const form of peelForms(read)) {
      if (form.snapshot === null) continue;
      const key = `${fact.source}\u0000${fact.provider}\u0000${form.name}`;
      census.set(key, (census.get(key) ?? new Set()).add(form.snapshot));
    }
  }
  return census;
}

/**
 * Pure: every record matched to our ids by the rules, plus the ambiguous ones. `firstParty`
 * says whether a record is sold by the model's author (the adapters set `author` only for those).
 */
export function matchFacts(facts: readonly ModelFacts[], ourIds: readonly string[]): MatchResult {
  const index = indexIds(ourIds);
  const census = snapshotCensus(facts);
  const pairs = reasoningPairs(facts);
  const kept: IdentityMatch[] = [];
  const ambiguous: AmbiguousMatch[] = [];
  for (const fact of facts) {
    const found = matchOne(fact, index, pairs);
    if (found === null) continue;
    if (!found.ok) {
      ambiguous.push({ source: fact.source, source_key: fact.source_key, candidates: found.candidates });
      continue;
    }
    // Rule 4: several dated snapshots of one name at one provider stand for no one of them.
    const dated = census.get(`${fact.source}\u0000${fact.provider}\u0000${normalizeName(found.id.split('/')[1] ?? '')}`);
    if (found.kind === 'snapshot' && dated !== undefined && dated.size > 1) {
      ambiguous.push({ source: fact.source, source_key: fact.source_key, candidates: [found.id] });
      continue;
    }
    const firstParty = fact.author !== null && fact.provider !== null;
    kept.push({ source: fact.source, source_key: fact.source_key, model_id: found.id, kind: found.kind, first_party: firstParty, sets_model_retirement: firstParty && found.kind !== 'alias' });
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
