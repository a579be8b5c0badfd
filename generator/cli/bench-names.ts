/**
 * The API-name line of `npm run bench`: of the names genai-prices' `match` clauses spell out (each
 * first-party record's id and its `equals` names) and LiteLLM's keys for the makers' own APIs, as
 * data/ holds them, how many `resolveModel` resolves, on the published files, to the model the
 * identity rules attach the record to, at the record's own input and output price in force on the
 * data's as-of day.
 * - right: that model, that price (at the comparison precision);
 * - wrong: another model, or another price with no source of higher precedence to explain it
 *   (must be 0);
 * - priced by genai-prices: a LiteLLM key whose offer genai-prices (the makers' prices, checked
 *   by people) prices otherwise: the sources disagree and the curated price is published;
 * - the name's own record: a name genai-prices lists beside a family record (`gpt-4o`'s match
 *   lists `gpt-4o-2024-05-13`) that another source keys as a model of its own in our catalog, or
 *   that the maker's own page points elsewhere (Mistral's `-latest` aliases, xAI's redirects of
 *   retired names): resolved there, by the rule that a source's own key and the maker's word
 *   decide (sources/api-names.ts); counted apart, with how many of them differ in price;
 * - not resolved: the record is on none of our models, the name is ambiguous, or no offer takes it.
 * Also on its own: `tsx generator/cli/bench-names.ts [--data-dir data] [--verbose]`.
 */
import { priceInForce } from '../models/dated-prices.js';
import { samePriceAtPrecision } from '../models/price.js';
import { resolveModel, ResolveError, type ApiNamesIndex, type NamedModel } from '../query/resolve.js';
import { indexedNames } from '../render/api-names.js';
import { renderApi } from '../render/site.js';
import { factNameClaims, nameKey, nameOwners } from '../sources/api-names.js';
import { isLifecycleSource, type ModelFacts } from '../sources/facts.js';
import { loadContentState } from '../store/content-store.js';
import { loadDataset } from '../store/data-store.js';
import { parseCli, runMain } from './args.js';

export interface NameFigures {
  asOf: string | null;
  /** The published index's size, and how many names it resolves. */
  indexBytes: number;
  indexed: number;
  names: number;
  right: number;
  wrong: string[];
  pricedByGenai: string[];
  ownRecord: string[];
  ownRecordOtherPrice: number;
  unresolved: Record<string, number>;
}

const SOURCES = ['genai-prices', 'litellm'] as const;

export async function nameFigures(dataDir: string): Promise<NameFigures> {
  const dataset = await loadDataset(dataDir);
  const files = renderApi(dataset, { siteUrl: 'https://bench.invalid', contentTimes: await loadContentState(dataDir) });
  const body = (path: string) => (files.find((f) => f.path === `api/v1/${path}`) as { body?: { data: unknown; meta: { as_of: string | null } } } | undefined)?.body;
  const indexBody = body('api-names.json')!;
  const asOf = indexBody.meta.as_of;
  const data = { index: indexBody.data as ApiNamesIndex, detail: (id: string) => body(`models/${id}.json`)?.data as NamedModel | undefined, asOf };
  const attached = new Map<string, string>();
  for (const [id, facts] of dataset.factsByModel) for (const source of SOURCES) for (const f of facts[source] ?? []) attached.set(`${source}\u0000${f.source_key}`, id);
  const indexBytes = Buffer.byteLength(JSON.stringify(indexBody));
  const indexed = indexedNames(indexBody.data as ApiNamesIndex);
  const figures: NameFigures = { asOf, indexBytes, indexed, names: 0, right: 0, wrong: [], pricedByGenai: [], ownRecord: [], ownRecordOtherPrice: 0, unresolved: {} };
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
          continue;
        }
        try {
          const r = resolveModel({ provider: claim.provider, model: claim.name }, data);
          const line = `${source} ${claim.provider} ${claim.name}: expected ${model} ${expected.input}/${expected.output}, resolved ${r.model} ${r.price.input}/${r.price.output} (${r.offer.source} ${r.offer.source_key})`;
          const samePrice = r.price.input !== null && r.price.output !== null && expected.input !== null && expected.output !== null && samePriceAtPrecision(r.price.input, expected.input) && samePriceAtPrecision(r.price.output, expected.output);
          if (r.model === model && samePrice) figures.right += 1;
          else if (r.model === model && source === 'litellm' && r.offer.source === 'genai-prices') figures.pricedByGenai.push(line);
          else if (r.model !== model && (r.moved_from !== null || ownRecordOf(claim.provider, claim.name, r.model))) {
            figures.ownRecord.push(`${line}${r.moved_from === null ? '' : ' (the maker redirects it)'}`);
            if (!samePrice) figures.ownRecordOtherPrice += 1;
          }
          else figures.wrong.push(line);
        } catch (error) {
          if (!(error instanceof ResolveError)) throw error;
          miss(error.code);
        }
      }
    }
  }
  return figures;
}

export async function namesBench(dataDir: string, verbose = false): Promise<void> {
  const f = await nameFigures(dataDir);
  const pct = (n: number) => `${(f.names === 0 ? 0 : (100 * n) / f.names).toFixed(1)}%`;
  console.log(`\nAPI names on ${dataDir} (genai-prices' match names and LiteLLM's keys of the makers' own APIs, as of ${f.asOf}): ${f.names} names; resolveModel gives the record's own model at its price for ${f.right} (${pct(f.right)}), ${f.wrong.length} wrong`);
  console.log(`  also resolved: ${f.ownRecord.length} to the name's own record (${f.ownRecordOtherPrice} of them at another price than genai-prices' family record says), ${f.pricedByGenai.length} at genai-prices' price where LiteLLM says otherwise; with these ${pct(f.right + f.ownRecord.length + f.pricedByGenai.length)}`);
  console.log(`  /api/v1/api-names.json: ${f.indexed} names, ${(f.indexBytes / 1024).toFixed(0)} KiB (ten times the names: about ${((10 * f.indexBytes) / 1024 / 1024).toFixed(1)} MiB; a catalog-wide list may be 4 MiB)`);
  console.log(`  not resolved: ${Object.entries(f.unresolved).map(([why, n]) => `${n} ${why}`).join(', ') || 'none'}`);
  for (const line of f.wrong) console.log(`  wrong: ${line}`);
  if (verbose) for (const line of f.pricedByGenai) console.log(`  priced by genai-prices: ${line}`);
  if (verbose) for (const line of f.ownRecord) console.log(`  the name's own record: ${line}`);
}

async function main(): Promise<number> {
  const args = parseCli(process.argv.slice(2), { 'data-dir': { type: 'string', default: 'data' }, verbose: { type: 'boolean', default: false } });
  await namesBench(args['data-dir'], args.verbose);
  return 0;
}

if (process.argv[1]?.endsWith('bench-names.ts')) runMain(main);
