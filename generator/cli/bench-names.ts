/**
 * The API-name line of `npm run bench`: of the names genai-prices' `match` clauses spell out (each
 * first-party record's id and its `equals` names) and LiteLLM's keys for the makers' own APIs, as
 * data/ holds them, how many `resolveModel` resolves, on the published files, to the right model
 * at the right price on the data's as-of day. What is right where the sources disagree is
 * name-verdict.ts's rule (docs/api.md, "API names"): the maker's redirect, then the name's own
 * record, then the record tested, its price right where it is the record's or a second source
 * states it; other answers are disagreements (listed, not counted as right) or wrong (must be 0).
 * Names of records on none of our models are not resolved; fine-tune prices give no names
 * (sources/api-names.ts). Also on its own: `tsx generator/cli/bench-names.ts [--data-dir data]
 * [--verbose]` (`--verbose` lists every answer not plainly right and every name not resolved).
 */
import { priceInForce } from '../models/dated-prices.js';
import { resolveModel, ResolveError, type ApiNamesIndex, type NamedModel } from '../query/resolve.js';
import { indexedNames } from '../render/api-names.js';
import { renderApi } from '../render/site.js';
import { factNameClaims, nameKey, nameOwners } from '../sources/api-names.js';
import { isLifecycleSource, type ModelFacts } from '../sources/facts.js';
import { loadContentState } from '../store/content-store.js';
import { loadDataset } from '../store/data-store.js';
import { parseCli, runMain } from './args.js';
import { nameVerdict, type NameVerdict, type PriceWitnesses, type Rates } from './name-verdict.js';

export interface NameFigures {
  asOf: string | null;
  /** The published index's size, and how many names it resolves. */
  indexBytes: number;
  indexed: number;
  names: number;
  /** Counts by verdict (name-verdict.ts), and each line that is not plainly right. */
  verdicts: Record<NameVerdict['kind'], number>;
  lines: Record<NameVerdict['kind'], string[]>;
  /** Names resolved to their own record at another price than the family record, believed by a second source. */
  ownRecordOtherPrice: number;
  unresolved: Record<string, number>;
  unresolvedNames: string[];
}

const SOURCES = ['genai-prices', 'litellm'] as const;
const KINDS: Array<NameVerdict['kind']> = ['right', 'own_record', 'redirect', 'other_source', 'disagreement', 'wrong'];

type Detail = NamedModel & { direct_prices?: PriceWitnesses['direct']; price?: Rates; provenance?: { price?: { source?: string } } };

function witnessesIn(detail: Detail | undefined): PriceWitnesses {
  const source = detail?.provenance?.price?.source;
  return { direct: detail?.direct_prices ?? [], listed: detail?.price !== undefined && source !== undefined ? { source, price: detail.price } : null };
}

export async function nameFigures(dataDir: string): Promise<NameFigures> {
  const dataset = await loadDataset(dataDir);
  const files = renderApi(dataset, { siteUrl: 'https://bench.invalid', contentTimes: await loadContentState(dataDir) });
  const body = (path: string) => (files.find((f) => f.path === `api/v1/${path}`) as { body?: { data: unknown; meta: { as_of: string | null } } } | undefined)?.body;
  const indexBody = body('api-names.json')!;
  const asOf = indexBody.meta.as_of;
  const detail = (id: string) => body(`models/${id}.json`)?.data as Detail | undefined;
  const data = { index: indexBody.data as ApiNamesIndex, detail, asOf };
  const attached = new Map<string, string>();
  for (const [id, facts] of dataset.factsByModel) for (const source of SOURCES) for (const f of facts[source] ?? []) attached.set(`${source}\u0000${f.source_key}`, id);
  const indexBytes = Buffer.byteLength(JSON.stringify(indexBody));
  const indexed = indexedNames(indexBody.data as ApiNamesIndex);
  const figures: NameFigures = {
    asOf, indexBytes, indexed, names: 0, ownRecordOtherPrice: 0, unresolved: {}, unresolvedNames: [],
    verdicts: Object.fromEntries(KINDS.map((k) => [k, 0])) as NameFigures['verdicts'],
    lines: Object.fromEntries(KINDS.map((k) => [k, []])) as unknown as NameFigures['lines'],
  };
  const owners = nameOwners(dataset.factsByModel);
  // The name is the resolved model's by its own key there, or by the maker's page.
  const ownRecordOf = (provider: string, name: string, model: string) => (owners.get(nameKey(provider, name))?.claims ?? []).some((c) => c.model === model && (c.strength === 'key' || isLifecycleSource(c.source)));
  const miss = (why: string) => (figures.unresolved[why] = (figures.unresolved[why] ?? 0) + 1);
  const seen = new Set<string>();
  for (const source of SOURCES) {
    for (const fact of (dataset.facts[source]?.facts ?? []).filter((f: ModelFacts) => f.author !== null && f.price !== null)) {
      const expected = fact.dated_prices === undefined ? fact.price! : (priceInForce(fact.dated_prices, asOf)?.price ?? fact.price!);
      const model = attached.get(`${source}\u0000${fact.source_key}`);
      for (const claim of factNameClaims(fact)) {
        const key = `${source}\u0000${claim.provider}\u0000${claim.name}`;
        if (seen.has(key)) continue;
        seen.add(key);
        figures.names += 1;
        if (model === undefined) {
          miss('record on none of our models');
          figures.unresolvedNames.push(`${source} ${claim.provider} ${claim.name} (${fact.source_key}, ${fact.price!.input}/${fact.price!.output})`);
          continue;
        }
        try {
          const r = resolveModel({ provider: claim.provider, model: claim.name }, data);
          const verdict = nameVerdict({
            expected: { model, price: expected },
            recordSource: source,
            resolved: { model: r.model, provider: r.provider, price: r.price, offerSource: r.offer.source, movedFrom: r.moved_from },
            ownRecord: ownRecordOf(claim.provider, claim.name, r.model),
            witnesses: witnessesIn(detail(r.model)),
          });
          figures.verdicts[verdict.kind] += 1;
          if (verdict.kind === 'own_record' && !verdict.samePrice) figures.ownRecordOtherPrice += 1;
          const why = verdict.kind === 'own_record' || verdict.kind === 'other_source' ? ` (also stated by ${verdict.witnesses.join(', ') || 'the record tested, whose price it is'})` : verdict.kind === 'disagreement' ? ` (believed: ${verdict.believed}; no second source states it)` : '';
          figures.lines[verdict.kind].push(`${source} ${claim.provider} ${claim.name}: record ${model} ${expected.input}/${expected.output}, resolved ${r.model} ${r.price.input}/${r.price.output} (${r.offer.source} ${r.offer.source_key})${why}`);
        } catch (error) {
          if (!(error instanceof ResolveError)) throw error;
          miss(error.code);
          figures.unresolvedNames.push(`${source} ${claim.provider} ${claim.name}: ${error.code}`);
        }
      }
    }
  }
  return figures;
}

/** Right: every source agrees, the name's own record, the maker's redirect, or a price a second source states. */
export const rightNames = (f: NameFigures): number => f.verdicts.right + f.verdicts.own_record + f.verdicts.redirect + f.verdicts.other_source;

export async function namesBench(dataDir: string, verbose = false): Promise<void> {
  const f = await nameFigures(dataDir);
  const pct = (n: number) => `${(f.names === 0 ? 0 : (100 * n) / f.names).toFixed(1)}%`;
  const v = f.verdicts;
  console.log(`\nAPI names on ${dataDir} (genai-prices' match names and LiteLLM's keys of the makers' own APIs, as of ${f.asOf}): ${f.names} names; resolveModel gives the right model at the right price for ${rightNames(f)} (${pct(rightNames(f))}), ${v.wrong} wrong`);
  console.log(`  right: ${v.right} where the record's model and price are the ones published; ${v.own_record} to the name's own record (${f.ownRecordOtherPrice} of them at another price than genai-prices' family record, which a second source states); ${v.redirect} to where the maker's page says the name redirects; ${v.other_source} at another source's price than the record's, which a second source states`);
  console.log(`  disagreements (the sources differ and no second source states the price published; not counted as right): ${v.disagreement}`);
  console.log(`  /api/v1/api-names.json: ${f.indexed} names, ${(f.indexBytes / 1024).toFixed(0)} KiB (ten times the names: about ${((10 * f.indexBytes) / 1024 / 1024).toFixed(1)} MiB; a catalog-wide list may be 4 MiB)`);
  console.log(`  not resolved: ${Object.entries(f.unresolved).map(([why, n]) => `${n} ${why}`).join(', ') || 'none'}`);
  for (const line of f.lines.wrong) console.log(`  wrong: ${line}`);
  for (const line of f.lines.disagreement) console.log(`  disagreement: ${line}`);
  if (verbose) for (const kind of ['own_record', 'redirect', 'other_source'] as const) for (const line of f.lines[kind]) console.log(`  ${kind.replace('_', ' ')}: ${line}`);
  if (verbose) for (const line of f.unresolvedNames) console.log(`  not resolved: ${line}`);
}

async function main(): Promise<number> {
  const args = parseCli(process.argv.slice(2), { 'data-dir': { type: 'string', default: 'data' }, verbose: { type: 'boolean', default: false } });
  await namesBench(args['data-dir'], args.verbose);
  return 0;
}

if (process.argv[1]?.endsWith('bench-names.ts')) runMain(main);
