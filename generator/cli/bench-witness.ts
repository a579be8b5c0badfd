/**
 * The witness lines of `npm run bench` (prices section), measured on a data directory (the
 * committed data/; docs/data.md, "Witnesses"), judged as of the data's as-of:
 *  - how many published price changes have a witness, by kind: OpenRouter's own listing (the
 *    seller's word on its offer), a source's own date, the maker's page, two sources within the
 *    slack; and how many have none (must be 0). Both the changes /price-changes lists (the models'
 *    prices) and every change in the published offers' own histories;
 *  - how many moves of the sources' records were read as corrections (by source), and how many
 *    stand as one source's word alone (kept, never news);
 *  - the disagreements with the makers' pages: every offer whose maker's page states today's price,
 *    whether the published offer says it, and who said otherwise.
 * Also on its own: `tsx generator/cli/bench-witness.ts [--data-dir data] [--verbose]`.
 */
import { sourcedModel, type SourcedModel } from '../render/model-sources.js';
import { loadDataset } from '../store/data-store.js';
import { lastRunAt, recordedAsOfTime } from '../render/site.js';
import { loadContentState } from '../store/content-store.js';
import { sameRates } from '../models/witness/series.js';
import { parseCli, runMain } from './args.js';

export interface WitnessFigures {
  asOf: string;
  /** The models' price changes (the headline's `change` points), by the kind of witness. */
  modelChanges: Record<string, number>;
  /** Every change in the published offers' own histories, by the kind of witness. */
  offerChanges: Record<string, number>;
  unwitnessed: string[];
  corrections: Record<string, number>;
  /** Moves one source made alone that stand as its word (never news). */
  alone: number;
  /** Offers whose maker's page states today's price, how many are published at it, and each one a record (or the published price) disagrees with. */
  maker: { stated: number; agree: number; disagreements: string[] };
}

const bump = (counts: Record<string, number>, key: string) => {
  counts[key] = (counts[key] ?? 0) + 1;
};

/** The kind of witness of a model's price change (a headline point with `change`). */
function headlineWitness(model: SourcedModel, at: string, source: string, sourceDate: string | null): string {
  if (source === 'openrouter') return 'openrouter (the seller)';
  const judged = model.witnessed.offers.flatMap((o) => (o.source === source || source === 'maker' ? o.price_history : [])).find((p) => p.at === at && p.change);
  if (judged?.verdict != null) return judged.verdict;
  // The maker's dated price taking over after OpenRouter's last read (render/headline.ts).
  return sourceDate !== null ? 'dated' : 'none';
}

export async function witnessFigures(dataDir: string): Promise<WitnessFigures> {
  const dataset = await loadDataset(dataDir);
  const contentTimes = await loadContentState(dataDir);
  const asOf = recordedAsOfTime(lastRunAt(dataset, contentTimes), contentTimes);
  if (asOf === null) throw new Error(`${dataDir} records no update run yet: nothing to judge`);
  const figures: WitnessFigures = { asOf, modelChanges: {}, offerChanges: {}, unwitnessed: [], corrections: {}, alone: 0, maker: { stated: 0, agree: 0, disagreements: [] } };
  for (const record of [...dataset.models.values()].sort((a, b) => (a.id < b.id ? -1 : 1))) {
    const model = sourcedModel(dataset, record, asOf);
    for (const point of model.headline.history.filter((p) => p.change)) {
      const kind = headlineWitness(model, point.at, point.source, point.source_date);
      bump(figures.modelChanges, kind);
      if (kind === 'none' || kind === 'unwitnessed' || kind === 'correction') figures.unwitnessed.push(`${record.id} ${point.at} (${point.source})`);
    }
    for (const offer of model.witnessed.offers) for (const point of offer.price_history) if (point.change) bump(figures.offerChanges, point.verdict ?? 'none');
    for (const c of model.witnessed.corrections) bump(figures.corrections, c.source);
    figures.alone += model.witnessed.moves.filter((m) => m.verdict === 'unwitnessed').length;
    for (const word of model.witnessed.makerWords) {
      figures.maker.stated += 1;
      const agrees = sameRates(word.published, word.maker);
      if (agrees) figures.maker.agree += 1;
      if (!agrees || word.others.length > 0) {
        const others = word.others.map((o) => `${o.source} ${o.source_key} ${o.input}/${o.output}`).join(', ');
        figures.maker.disagreements.push(`${record.id} ${word.provider}: ${word.source} ${word.key} says ${word.maker.input}/${word.maker.output}; published ${word.published.input}/${word.published.output}${others === '' ? '' : `; otherwise: ${others}`}`);
      }
    }
  }
  return figures;
}

const counts = (c: Record<string, number>) => Object.entries(c).sort(([a], [b]) => (a < b ? -1 : 1)).map(([k, n]) => `${n} ${k}`).join(', ') || 'none';
const total = (c: Record<string, number>) => Object.values(c).reduce((a, b) => a + b, 0);

export async function witnessBench(dataDir: string, verbose = false): Promise<void> {
  console.log(`\nwitnesses of the price changes on ${dataDir} (docs/data.md, "Witnesses")`);
  const f = await witnessFigures(dataDir);
  console.log(`as of ${f.asOf}: the models' price changes: ${total(f.modelChanges)} (${counts(f.modelChanges)}); without a witness: ${f.unwitnessed.length}`);
  for (const line of f.unwitnessed) console.log(`  without a witness: ${line}`);
  console.log(`  changes in the published offers' own histories: ${total(f.offerChanges)} (${counts(f.offerChanges)})`);
  console.log(`moves read as corrections: ${total(f.corrections)} (${counts(f.corrections)}); moves one source made alone, kept as its word: ${f.alone}`);
  console.log(`the makers' pages: ${f.maker.stated} offers whose maker states today's price, ${f.maker.agree} published at it; offers where a source (or the published price) disagrees with the maker's page: ${f.maker.disagreements.length}`);
  for (const line of verbose ? f.maker.disagreements : f.maker.disagreements.slice(0, 20)) console.log(`  ${line}`);
  if (!verbose && f.maker.disagreements.length > 20) console.log(`  … and ${f.maker.disagreements.length - 20} more (--verbose)`);
}

async function main(): Promise<number> {
  const args = parseCli(process.argv.slice(2), { 'data-dir': { type: 'string', default: 'data' }, verbose: { type: 'boolean', default: false } });
  await witnessBench(args['data-dir'], args.verbose);
  return 0;
}

if (process.argv[1]?.endsWith('bench-witness.ts')) runMain(main);
