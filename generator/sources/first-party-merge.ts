/**
 * Which of the makers' own models (first-party-models.ts) are part of another model (pure;
 * docs/data.md, "First-party models"). One thing is one model: a model made from a maker's price
 * list gives way, delisted and kept with `part_of` naming the model it is part of, where
 *
 * 1. OpenRouter lists its name under its own spelling (`claude-opus-4-7` beside `claude-opus-4.7`);
 * 2. several dated snapshots of one source are placed on one model, its name among them (both
 *    Claude 3.5 Sonnet snapshots, made from models.dev before Anthropic's page was read);
 * 3. the identity rules, were it not there, place the maker's own records of its name on one other
 *    model by the maker's word, a date or an exact name: OpenAI's `gpt-4-0613 | gpt-4` row
 *    (`openai/gpt-4-0613` is part of `openai/gpt-4`), Mistral's display names and aliases
 *    (`mistral-medium-2505` is Mistral Medium 3; `devstral-latest` is `devstral-2512`), OpenRouter's
 *    canonical slug as the maker dates it (`grok-4.20-0309-reasoning`), a reasoning pair
 *    (`grok-4-1-fast-reasoning` of `grok-4.1-fast`), Google's stable names (`gemini-2.0-flash` of
 *    `gemini-2.0-flash-001`). A dated snapshot the rules would only peel to a model of ours stays
 *    its own model, as rule 6 of "Identity" leaves it (`gpt-4o-mini-tts-2025-03-20`).
 *
 * Its records then attach to that model (identity.ts sets such records aside as ids), which so
 * joins its offers, their price histories and its lifecycle. Once part of another, a record stays
 * so (its address keeps answering, naming the model). Models are weighed the least canonical
 * first: a price list's spelling (`magistral-medium-1-2-2509`) gives way to the maker's API name
 * (`magistral-medium-2509`), never the other way round.
 */
import type { ModelRecord, TokenPrices } from '../models/types.js';
import { FACT_SOURCES, isLifecycleSource, type FactSource, type ModelFacts } from './facts.js';
import { attachAllFacts, isSetAside, makerNames, modelShapes, type IdentityMap } from './identity.js';
import { matchFacts, recordsBeside, type RecordsBeside } from './identity-match.js';
import { normalizeName, peelForms, readKey } from './identity-names.js';

type Files = Partial<Record<FactSource, { facts: ModelFacts[] }>>;

const differs = (a: number | null | undefined, b: number | null | undefined) => a != null && b != null && Math.abs(a - b) > 1e-9;
const nameOf = (id: string) => `${id.split('/')[0]}|${normalizeName(id.split('/')[1]!)}`;
const madeFrom = (r: ModelRecord) => normalizeName(r.upstream_id.split('/').pop()!.replace(/:\d+$/, ''));

/**
 * Rule 2: our first-party models of a dated snapshot whose name the rules would place on another
 * model, beside its other snapshots, were they not there (a snapshot at a price of its own stays).
 */
function placedElsewhere(files: Files, identity: IdentityMap, models: readonly ModelRecord[], makerPrice: ReadonlyMap<string, TokenPrices>): Map<string, string> {
  const snapshotName = new Map<string, string>();
  for (const r of models) {
    const [author = '', slug = ''] = r.id.split('/');
    const base = peelForms({ name: normalizeName(slug), snapshot: null, author })[1];
    if (r.origin !== 'first-party' || isSetAside(r) || base?.kind !== 'snapshot') continue;
    // A snapshot at a price of its own (`gpt-4o-mini-tts-2025-03-20` at $2.50/$10 beside $0.60/$12) stays a model of its own.
    const own = makerPrice.get(`${author}|${normalizeName(slug)}`);
    const current = makerPrice.get(`${author}|${base.name}`);
    if (own === undefined || current === undefined || differs(own.input, current.input) || differs(own.output, current.output)) continue;
    snapshotName.set(`${author}|${normalizeName(slug)}`, r.id);
  }
  const out = new Map<string, string>();
  if (snapshotName.size === 0) return out;
  const without = models.filter((r) => ![...snapshotName.values()].includes(r.id));
  // Only where one source places several dated snapshots on one model (rule 5: they all say the
  // same): the one dated snapshot of a model (`grok-2-1212` beside `grok-2`) stands for it only
  // while no model of its own is there, which it then is.
  for (const [target, bySource] of attachAllFacts(files, identity, without.map((r) => r.id).sort(), without).byModel) {
    for (const list of Object.values(bySource)) {
      const snapshots = (list ?? []).filter((f) => f.match.kind === 'snapshot');
      if (snapshots.length < 2) continue;
      for (const f of snapshots) {
        const read = f.author === null ? null : readKey(f);
        const id = read?.author == null ? undefined : snapshotName.get(`${read.author}|${read.name}`);
        if (id !== undefined) out.set(id, target);
      }
    }
  }
  return out;
}

type MakersRecords = Map<FactSource, { facts: Array<{ fact: ModelFacts; name: string }>; beside: RecordsBeside }>;

/** The maker's own records (first-party price records, the makers' pages) by author and source, with the name each reads as, and the records beside them. */
function makersRecords(files: Files): Map<string, MakersRecords> {
  const out = new Map<string, MakersRecords>();
  for (const source of FACT_SOURCES) {
    if (source === 'artificialanalysis') continue;
    const all = files[source]?.facts ?? [];
    const beside = recordsBeside(all);
    for (const fact of all) {
      const read = fact.author === null || fact.provider === null ? null : readKey(fact);
      if (read?.author == null) continue;
      const bySource = out.get(read.author) ?? out.set(read.author, new Map()).get(read.author)!;
      const entry = bySource.get(source) ?? bySource.set(source, { facts: [], beside }).get(source)!;
      entry.facts.push({ fact, name: read.name });
    }
  }
  return out;
}

/** Whether every placement is a dated snapshot only peeled to the model (rule 6 leaves those apart). */
function onlyPeeled(placements: ReadonlyArray<{ name: string; kind: string; author: string }>, target: string): boolean {
  const targetName = normalizeName(target.split('/')[1]!);
  return placements.every((p) => p.kind === 'snapshot' && peelForms({ name: p.name, snapshot: null, author: p.author }).some((f) => f.kind === 'snapshot' && f.name === targetName));
}

/**
 * Pure: our first-party models that are part of another model, each to that model (followed to the
 * end of a chain); both the active ones and those set aside before without saying of what.
 */
export function firstPartyMerges(files: Files, identity: IdentityMap, models: ReadonlyMap<string, ModelRecord>, makerPrice: ReadonlyMap<string, TokenPrices>): Map<string, string> {
  const list = [...models.values()];
  const partOf = new Map<string, string>();
  const catalogNames = new Map<string, string>();
  for (const r of list) if (r.origin !== 'first-party') catalogNames.set(nameOf(r.id), r.id);
  const open = list.filter((r) => r.origin === 'first-party' && r.part_of === undefined);
  // Rule 1: OpenRouter lists the name.
  for (const r of open) {
    const listed = catalogNames.get(nameOf(r.id));
    if (listed !== undefined) partOf.set(r.id, listed);
  }
  // Rule 2, on the models still in play.
  for (const [id, target] of placedElsewhere(files, identity, list.filter((r) => !partOf.has(r.id)), makerPrice)) if (!partOf.has(id)) partOf.set(id, target);
  // Rule 3: each remaining one weighed without itself, the least canonical first.
  const makersApiNames = new Set<string>();
  for (const source of FACT_SOURCES) for (const f of files[source]?.facts ?? []) if (isLifecycleSource(f.source) && f.author !== null) makersApiNames.add(normalizeName(f.source_key));
  const byAuthor = makersRecords(files);
  const makers = makerNames(FACT_SOURCES.flatMap((s) => files[s]?.facts ?? []));
  const aside = new Set(list.filter((r) => isSetAside(r) || partOf.has(r.id)).map((r) => r.id));
  const weighed = open
    .filter((r) => !partOf.has(r.id))
    .sort((a, b) => Number(makersApiNames.has(normalizeName(a.id.split('/')[1]!))) - Number(makersApiNames.has(normalizeName(b.id.split('/')[1]!))) || (a.id < b.id ? -1 : 1));
  for (const record of weighed) {
    const author = record.id.split('/')[0]!;
    const names = new Set([normalizeName(record.id.split('/')[1]!), madeFrom(record)]);
    const records = byAuthor.get(author);
    if (records === undefined) continue;
    // The maker's records name only the maker's models (identity rule 1's author hint): weighed among those.
    const others = list.filter((r) => r.id !== record.id && !aside.has(r.id) && r.id.startsWith(`${author}/`));
    const ids = others.map((r) => r.id).sort();
    const context = { models: modelShapes(others), ...makers };
    const placements: Array<{ id: string; name: string; kind: string; author: string }> = [];
    for (const [source, { facts, beside }] of records) {
      const mine = facts.filter((f) => names.has(f.name));
      if (mine.length === 0) continue;
      const curated = identity[source] ?? {};
      for (const { fact, name } of mine) {
        if (!Object.hasOwn(curated, fact.source_key)) continue;
        const id = curated[fact.source_key];
        if (id != null) placements.push({ id, name, kind: 'curated', author });
      }
      // By its own name only (no alternates): genai-prices' other names (`gpt-4o-transcribe` also
      // prices `gpt-4o-transcribe-diarize`) share a price, not a model.
      const judged = mine.filter((f) => !Object.hasOwn(curated, f.fact.source_key));
      const name = new Map(judged.map((f) => [f.fact.source_key, f.name]));
      for (const m of matchFacts(judged.map((f) => f.fact), ids, context, beside).matches) placements.push({ id: m.model_id, name: name.get(m.source_key)!, kind: m.kind, author });
    }
    const targets = new Set(placements.map((p) => p.id));
    if (targets.size !== 1) continue;
    const target = [...targets][0]!;
    if (onlyPeeled(placements, target)) continue;
    partOf.set(record.id, target);
    aside.add(record.id);
  }
  // Stored and new, followed to the end: a model part of one that is itself part of another.
  const final = (id: string): string => {
    const seen = new Set<string>();
    let at = id;
    for (;;) {
      const next = partOf.get(at) ?? models.get(at)?.part_of;
      if (next === undefined || seen.has(next)) return at;
      seen.add(at);
      at = next;
    }
  };
  for (const r of list) if (r.part_of !== undefined) partOf.set(r.id, r.part_of);
  return new Map([...partOf.keys()].map((id) => [id, final(id)]));
}
