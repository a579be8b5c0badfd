/**
 * The genai-prices lines of `npm run bench` (identity section), measured on a data directory (the
 * committed data/) and the recorded copies in ../shared/upstream/genai-prices when present:
 *  - of the newest copy's first-party prices: on one of our models with the copy's input and output
 *    price published (in force on the data's as-of day), overruled (a fresher word stands: the
 *    maker's page, or a source that moved since; docs/data.md, "Witnesses"), wrong (published at
 *    another price for no such reason, or on another maker's model: must be 0), ambiguous, unmatched,
 *    and those whose one output price is the model's image rate, whose offer gives way to a text
 *    rate (render/image-output-rate.ts);
 *  - how many of our models genai-prices priced in the oldest copy (June 2025) show history from
 *    before the first OpenRouter catalog (2026-03-29);
 *  - Claude Sonnet 5's price, and whether every price change states its window.
 * `--verbose` lists every first-party match, for a reviewer's eye.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { priceInForce } from '../models/dated-prices.js';
import { sourcedModel, type SourcedModel } from '../render/model-sources.js';
import { priceChanges } from '../render/models.js';
import { parseGenaiPrices, translateGenaiPrices } from '../sources/genaiprices/index.js';
import { canonicalAuthor } from '../sources/identity-names.js';
import { loadDataset } from '../store/data-store.js';
import { lastRunAt, recordedAsOfTime } from '../render/site.js';
import { parseCli, runMain } from './args.js';
import { loadContentState } from '../store/content-store.js';
import type { ModelFacts } from '../sources/facts.js';

export const OLDEST_COPY = 'genai-prices/data-2025-06-23.json';
export const NEWEST_COPY = 'genai-prices/data-2026-07-25.json';
/** The first recorded OpenRouter catalog: history from before it can only be another source's. */
export const FIRST_CATALOG = '2026-03-29T00:00:00Z';

export interface GenaiFigures {
  asOf: string;
  firstParty: number;
  right: number;
  wrong: string[];
  /** Output priced at the image rate, which another source's text rate stands for. */
  imageRate: string[];
  /** Published at another price because a fresher word stands (the offer's witnesses disagree). */
  overruled: string[];
  ambiguous: number;
  unmatched: number;
  matches: string[];
  juneModels: number;
  juneWithEarlyHistory: number;
  sonnet5: string;
  changes: number;
  changesWithoutWindow: number;
}

function copyFacts(upstreamDir: string, file: string, asOf: string): ModelFacts[] {
  return translateGenaiPrices(parseGenaiPrices(JSON.parse(readFileSync(join(upstreamDir, file), 'utf8')), file), asOf).facts;
}

export async function genaiFigures(dataDir: string, upstreamDir: string): Promise<GenaiFigures> {
  const dataset = await loadDataset(dataDir);
  // The time the build judges dated prices at: the data's as-of (render/site.ts).
  const contentTimes = await loadContentState(dataDir);
  const asOf = recordedAsOfTime(lastRunAt(dataset, contentTimes), contentTimes);
  if (asOf === null) throw new Error(`${dataDir} records no update run yet: nothing to judge genai-prices' dated prices at`);
  const models = new Map<string, SourcedModel>();
  const model = (id: string) => {
    if (!models.has(id)) models.set(id, sourcedModel(dataset, dataset.models.get(id)!, asOf));
    return models.get(id)!;
  };
  const attached = new Map<string, string>();
  for (const [id, facts] of dataset.factsByModel) for (const f of facts['genai-prices'] ?? []) attached.set(f.source_key, id);
  const ambiguous = new Set(dataset.identity.ambiguous.filter((a) => a.source === 'genai-prices').map((a) => a.source_key));
  const figures: GenaiFigures = { asOf, firstParty: 0, right: 0, wrong: [], overruled: [], imageRate: [], ambiguous: 0, unmatched: 0, matches: [], juneModels: 0, juneWithEarlyHistory: 0, sonnet5: 'not in the catalog', changes: 0, changesWithoutWindow: 0 };
  for (const fact of copyFacts(upstreamDir, NEWEST_COPY, asOf).filter((f) => f.author !== null && f.price !== null)) {
    figures.firstParty += 1;
    const id = attached.get(fact.source_key);
    if (id === undefined) {
      if (ambiguous.has(fact.source_key)) figures.ambiguous += 1;
      else figures.unmatched += 1;
      continue;
    }
    const expected = fact.dated_prices === undefined ? fact.price! : priceInForce(fact.dated_prices, asOf)!.price;
    // The maker's offer as published: this key's, or the key genai-prices lists beside it for the same offer.
    const offer = model(id).offers.find((o) => o.source === 'genai-prices' && o.source_key === fact.source_key && o.time_window === null) ?? model(id).offers.find((o) => o.source === 'genai-prices' && o.first_party && o.kind === 'standard');
    const sameMaker = canonicalAuthor(fact.author!) === id.split('/')[0];
    const line = `${fact.source_key} → ${id}: ${expected.input}/${expected.output}, published ${offer?.price.input ?? '—'}/${offer?.price.output ?? '—'}`;
    figures.matches.push(line);
    const imageRate = model(id).kind.unit_prices.some((p) => p.kind === 'output_image' && p.unit === '1m_tokens' && p.usd === expected.output);
    if (sameMaker && offer !== undefined && offer.price.input === expected.input && offer.price.output === expected.output) figures.right += 1;
    else if (sameMaker && offer === undefined && imageRate) figures.imageRate.push(line);
    else if (sameMaker && model(id).witnessed.disagreements.some((d) => d.words.some((w) => w.source === 'genai-prices' && w.source_key === fact.source_key) && (d.published.source !== 'genai-prices' || d.published.source_key !== fact.source_key))) {
      const standing = model(id).witnessed.disagreements.find((d) => d.words.some((w) => w.source === 'genai-prices' && w.source_key === fact.source_key))!;
      figures.overruled.push(`${line} (${standing.published.source} ${standing.published.source_key}, ${standing.reason})`);
    } else figures.wrong.push(line);
  }
  const june = new Set(copyFacts(upstreamDir, OLDEST_COPY, '2025-06-23T00:00:00Z').map((f) => f.source_key));
  const juneModels = [...new Set([...june].map((key) => attached.get(key) ?? null).filter((id): id is string => id !== null))];
  figures.juneModels = juneModels.length;
  figures.juneWithEarlyHistory = juneModels.filter((id) => model(id).headline.history.some((p) => p.at < FIRST_CATALOG)).length;
  if (dataset.models.has('anthropic/claude-sonnet-5')) {
    const price = model('anthropic/claude-sonnet-5').record.price_history.at(-1);
    figures.sonnet5 = `$${price?.input}/$${price?.output} (${model('anthropic/claude-sonnet-5').headline.source})`;
  }
  const changes = priceChanges([...dataset.models.keys()].map(model), asOf);
  figures.changes = changes.length;
  figures.changesWithoutWindow = changes.filter((c) => c.previous_seen_at === null).length;
  return figures;
}

export async function genaiBench(dataDir: string, upstreamDir: string, verbose = false): Promise<void> {
  console.log(`\ngenai-prices on ${dataDir} (newest copy ${NEWEST_COPY})`);
  if (![OLDEST_COPY, NEWEST_COPY].every((f) => existsSync(join(upstreamDir, f)))) {
    console.log(`recorded copies: not found in ${upstreamDir}; skipped`);
    return;
  }
  const f = await genaiFigures(dataDir, upstreamDir);
  console.log(`as of ${f.asOf}: ${f.firstParty} first-party prices; ${f.right} on the right model at the right input/output price, ${f.overruled.length} overruled by a fresher word, ${f.wrong.length} wrong, ${f.imageRate.length} whose output price is the image rate (another source's text rate stands), ${f.ambiguous} ambiguous, ${f.unmatched} unmatched`);
  for (const line of f.overruled) console.log(`  overruled: ${line}`);
  for (const line of f.wrong) console.log(`  wrong: ${line}`);
  for (const line of f.imageRate) console.log(`  image rate: ${line}`);
  if (verbose) for (const line of f.matches) console.log(`  ${line}`);
  console.log(`models genai-prices priced in June 2025 with history before ${FIRST_CATALOG.slice(0, 10)}: ${f.juneWithEarlyHistory} of ${f.juneModels}`);
  console.log(`Claude Sonnet 5: ${f.sonnet5}; price changes: ${f.changes}, ${f.changesWithoutWindow} without a window`);
}

async function main(): Promise<number> {
  const args = parseCli(process.argv.slice(2), {
    'data-dir': { type: 'string', default: 'data' },
    upstream: { type: 'string', default: join('..', 'shared', 'upstream') },
    verbose: { type: 'boolean', default: false },
  });
  await genaiBench(args['data-dir'], args.upstream, args.verbose);
  return 0;
}

if (process.argv[1]?.endsWith('bench-genai.ts')) runMain(main);
