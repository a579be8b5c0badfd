/**
 * The API-name line of `npm run bench`, held out: of the names genai-prices (each first-party
 * record's id and its `equals` names), LiteLLM (its keys) and models.dev (its ids) give for the
 * makers' own APIs, as data/ holds them, what `resolveModel` answers on the published files,
 * judged by the other sources only (name-verdict.ts; docs/api.md, "API names": how right it is).
 * Then the real-log corpus: genai-prices' own test set of recorded responses, priced by name
 * (usage-corpus.ts). Also on its own: `tsx generator/cli/bench-names.ts [--data-dir data]
 * [--verbose]` (`--verbose` lists every name not plainly right and every name not resolved).
 */
import { priceInForce } from '../models/dated-prices.js';
import { bestPattern, resolveModel, ResolveError, type ApiNamesIndex, type NamedModel, type PublishedPattern } from '../query/resolve.js';
import { indexedNames } from '../render/api-names.js';
import { renderApi } from '../render/site.js';
import { factNameClaims, nameKey } from '../sources/api-names.js';
import { isLifecycleSource, type FactSource, type ModelFacts } from '../sources/facts.js';
import { loadContentState } from '../store/content-store.js';
import { loadDataset } from '../store/data-store.js';
import { parseCli, runMain } from './args.js';
import { nameVerdict, type Judge, type NameVerdict, type Rates } from './name-verdict.js';
import { corpusFigures, corpusLines, loadCorpus, type CorpusFigures } from './usage-corpus.js';

/** The sources whose names are graded (each by the others). */
const NAME_SOURCES = ['genai-prices', 'litellm', 'modelsdev'] as const;
const KINDS: Array<NameVerdict['kind']> = ['right', 'redirect', 'right_model', 'other_price', 'wrong_model', 'unresolved', 'unjudged'];

export interface NameFigures {
  asOf: string | null;
  /** The published index's size, how many names it resolves, and how many patterns it publishes. */
  indexBytes: number;
  indexed: number;
  patterns: number;
  names: number;
  /** Names by verdict (name-verdict.ts), by the source that gave them too, and each line not plainly right. */
  verdicts: Record<NameVerdict['kind'], number>;
  bySource: Record<string, Record<NameVerdict['kind'], number>>;
  /** Right, though another judge states another price. */
  contested: number;
  lines: Record<NameVerdict['kind'], string[]>;
  corpus: CorpusFigures | null;
}

type Detail = NamedModel & { price?: Rates };

const priceOf = (f: ModelFacts, asOf: string | null): Rates | null => {
  if (f.price === null) return f.input_only_price === undefined ? null : { input: f.input_only_price, output: null };
  const p = f.dated_prices === undefined ? f.price : (priceInForce(f.dated_prices, asOf)?.price ?? f.price);
  return { input: p.input, output: p.output };
};

const judgeText = (j: Judge) => `${j.source} ${j.model ?? '(on no model)'}${j.price === null ? '' : ` ${j.price.input}/${j.price.output}`}`;

export async function nameFigures(dataDir: string, corpusPath?: string): Promise<NameFigures> {
  const dataset = await loadDataset(dataDir);
  const files = renderApi(dataset, { siteUrl: 'https://bench.invalid', contentTimes: await loadContentState(dataDir) });
  const body = (path: string) => (files.find((f) => f.path === `api/v1/${path}`) as { body?: { data: unknown; meta: { as_of: string | null } } } | undefined)?.body;
  const indexBody = body('api-names.json')!;
  const index = indexBody.data as ApiNamesIndex;
  const asOf = indexBody.meta.as_of;
  const detail = (id: string) => body(`models/${id}.json`)?.data as Detail | undefined;
  const data = { index, detail, asOf };
  // Where the identity rules place each record, and every source's records of each (provider, name).
  const attached = new Map<string, string>();
  for (const [id, facts] of dataset.factsByModel) for (const list of Object.values(facts)) for (const f of list ?? []) attached.set(`${f.source}\u0000${f.source_key}`, id);
  const records = new Map<string, Array<{ source: FactSource; fact: ModelFacts }>>();
  for (const [source, file] of Object.entries(dataset.facts)) {
    for (const fact of file?.facts ?? []) {
      for (const claim of factNameClaims(fact)) {
        const key = nameKey(claim.provider, claim.name);
        records.set(key, [...(records.get(key) ?? []), { source: source as FactSource, fact }]);
      }
    }
  }
  const genaiFamilies = (dataset.facts['genai-prices']?.facts ?? []).filter((f) => f.patterns !== undefined);
  const judgesOf = (from: string, provider: string, name: string): Judge[] => {
    const judges: Judge[] = (records.get(nameKey(provider, name)) ?? [])
      .filter((r) => r.source !== from && r.source !== 'artificialanalysis')
      .map(({ source, fact }) => ({ source, model: attached.get(`${source}\u0000${fact.source_key}`) ?? null, price: isLifecycleSource(source) ? null : priceOf(fact, asOf), maker: isLifecycleSource(source) }));
    if (from !== 'genai-prices' && !judges.some((j) => j.source === 'genai-prices')) {
      const own = genaiFamilies.filter((f) => factNameClaims(f)[0]?.provider === provider);
      const patterns: PublishedPattern[] = own.map((f) => ({ match: f.patterns!, name: f.source_key }));
      const family = bestPattern(patterns, name);
      const fact = own.find((f) => f.source_key === family?.name);
      // A family speaks to the price it gives the name, never to its model (render/api-name-patterns.ts).
      if (fact !== undefined) judges.push({ source: 'genai-prices family', model: null, price: priceOf(fact, asOf), maker: false });
    }
    return judges;
  };
  const figures: NameFigures = {
    asOf, indexBytes: Buffer.byteLength(JSON.stringify(indexBody)), indexed: indexedNames(index), patterns: Object.values(index.patterns ?? {}).reduce((n, l) => n + l.length, 0), names: 0, contested: 0,
    verdicts: Object.fromEntries(KINDS.map((k) => [k, 0])) as NameFigures['verdicts'],
    bySource: Object.fromEntries(NAME_SOURCES.map((s) => [s, Object.fromEntries(KINDS.map((k) => [k, 0]))])) as NameFigures['bySource'],
    lines: Object.fromEntries(KINDS.map((k) => [k, []])) as unknown as NameFigures['lines'],
    corpus: null,
  };
  const seen = new Set<string>();
  for (const source of NAME_SOURCES) {
    for (const fact of (dataset.facts[source]?.facts ?? []).filter((f: ModelFacts) => f.author !== null && f.price !== null)) {
      for (const claim of factNameClaims(fact)) {
        const key = `${source}\u0000${claim.provider}\u0000${claim.name}`;
        if (seen.has(key)) continue;
        seen.add(key);
        figures.names += 1;
        let resolved: { model: string; price: Rates; movedFrom: string | null } | null = null;
        let why = '';
        try {
          const r = resolveModel({ provider: claim.provider, model: claim.name }, data);
          resolved = { model: r.model, price: r.price, movedFrom: r.moved_from };
          why = `${r.model} ${r.price.input}/${r.price.output} (${r.offer.source} ${r.offer.source_key})`;
        } catch (error) {
          if (!(error instanceof ResolveError)) throw error;
          why = error.code;
        }
        const verdict = nameVerdict({ resolved, judges: judgesOf(source, claim.provider, claim.name) });
        figures.verdicts[verdict.kind] += 1;
        figures.bySource[source]![verdict.kind] += 1;
        if (verdict.kind === 'right' && verdict.contested) figures.contested += 1;
        const judged = 'judges' in verdict ? `; judged by ${verdict.judges.map(judgeText).join(', ')}` : verdict.kind === 'right' ? `; by ${verdict.by.join(', ')}` : '';
        figures.lines[verdict.kind].push(`${source} ${claim.provider} ${claim.name}: ${why}${judged}`);
      }
    }
  }
  figures.corpus = corpusFigures(await loadCorpus(corpusPath), data);
  return figures;
}

/** Right: a judge other than the name's source states the model and price resolved, or the maker redirects it. */
export const rightNames = (f: NameFigures): number => f.verdicts.right + f.verdicts.redirect;
/** The names another source judges. */
export const judgedNames = (f: NameFigures): number => f.names - f.verdicts.unjudged;

export async function namesBench(dataDir: string, verbose = false): Promise<void> {
  const f = await nameFigures(dataDir);
  const judged = judgedNames(f);
  const pct = (n: number) => `${(judged === 0 ? 0 : (100 * n) / judged).toFixed(1)}%`;
  const v = f.verdicts;
  console.log(`\nAPI names on ${dataDir} (the makers' own APIs' names genai-prices, LiteLLM and models.dev give, each judged by the other sources, as of ${f.asOf}): ${f.names} names, ${judged} of them judged; resolveModel gives a model and price another source states for ${rightNames(f)} (${pct(rightNames(f))} of those judged), ${v.wrong_model} on another model than the judges say`);
  console.log(`  right: ${v.right} (${f.contested} of them where another judge states another price); ${v.redirect} where the maker's page says the name redirects; right model, no other source's price to judge by: ${v.right_model}; other price: ${v.other_price}; not resolved: ${v.unresolved}; no other source writes the name: ${v.unjudged}`);
  for (const source of NAME_SOURCES) {
    const s = f.bySource[source]!;
    console.log(`  names from ${source}: ${KINDS.map((k) => `${s[k]} ${k.replace('_', ' ')}`).join(', ')}`);
  }
  console.log(`  /api/v1/api-names.json: ${f.indexed} names and ${f.patterns} patterns, ${(f.indexBytes / 1024).toFixed(0)} KiB (ten times the names: about ${((10 * f.indexBytes) / 1024 / 1024).toFixed(1)} MiB; a catalog-wide list may be 4 MiB)`);
  for (const line of f.lines.wrong_model) console.log(`  wrong model: ${line}`);
  if (verbose) for (const kind of ['other_price', 'unresolved', 'redirect'] as const) for (const line of f.lines[kind]) console.log(`  ${kind.replace('_', ' ')}: ${line}`);
  if (f.corpus !== null) for (const line of corpusLines(f.corpus)) console.log(line);
}

async function main(): Promise<number> {
  const args = parseCli(process.argv.slice(2), { 'data-dir': { type: 'string', default: 'data' }, verbose: { type: 'boolean', default: false } });
  await namesBench(args['data-dir'], args.verbose);
  return 0;
}

if (process.argv[1]?.endsWith('bench-names.ts')) runMain(main);
