/**
 * The duplicate check of `npm run bench` (also on its own: `tsx generator/cli/bench-duplicates.ts
 * [--data-dir data] [--verbose]`): on a data directory, how many model records there are, how many
 * are part of another model (sources/first-party-merge.ts), the pairs of published models the check
 * still finds (sources/duplicate-models.ts: what `update` left to the build), the pairs the build
 * publishes (render/part-of.ts: none, by construction, printed to show it), and where the makers'
 * replacements resolve. Prints figures; asserts nothing.
 */
import { asPublished, publishedPartOf } from '../render/part-of.js';
import { sourcedModel } from '../render/model-sources.js';
import { findDuplicateModels } from '../sources/duplicate-models.js';
import { LIFECYCLE_SOURCES } from '../sources/facts.js';
import { loadDataset } from '../store/data-store.js';
import { parseCli, runMain } from './args.js';

export async function duplicatesBench(dataDir: string, verbose = false): Promise<void> {
  const dataset = await loadDataset(dataDir);
  const records = [...dataset.models.values()];
  const partOf = records.filter((r) => r.part_of !== undefined);
  const lifecycle = LIFECYCLE_SOURCES.flatMap((s) => dataset.facts[s]?.facts ?? []);
  const left = findDuplicateModels(records, lifecycle);
  const published = publishedPartOf(dataset);
  const after = findDuplicateModels(records.map((r) => asPublished(r, published)), lifecycle);
  console.log(`\nduplicate check on ${dataDir}: ${records.length} model records, ${records.length - partOf.length} published as models, ${partOf.length} part of another model (delisted, kept at their address)`);
  const reasons = new Map<string, number>();
  for (const p of left) reasons.set(p.reason, (reasons.get(p.reason) ?? 0) + 1);
  console.log(`  pairs of published models that are one model, as stored (update's DuplicateModelsError): ${left.length}${left.length === 0 ? '' : ` (${[...reasons].map(([r, n]) => `${n} ${r}`).join(', ')})`}`);
  for (const p of left) console.log(`    ${p.models.join(' ~ ')}: ${p.reason} ${p.name}${p.said_by === null ? '' : ` (${p.said_by})`}`);
  console.log(`  pairs the build publishes: ${after.length} (of each pair left, one is published as part of the other)`);
  // The makers' replacements: one named model resolves to one listed model, never to a model part of another.
  const asOf = dataset.sources.openrouter?.last_success_at ?? null;
  let named = 0;
  let resolved = 0;
  const toPart: string[] = [];
  const unresolved: string[] = [];
  for (const record of records) {
    const model = sourcedModel(dataset, asPublished(record, published), asOf);
    if (model.facts.maker?.replacement_names.length !== 1) continue;
    named += 1;
    if (model.replacementId === null) unresolved.push(`${record.id}: ${model.facts.maker.replacement_names[0]}`);
    else if (published.has(model.replacementId)) toPart.push(`${record.id} → ${model.replacementId}`);
    else resolved += 1;
  }
  console.log(`  the makers' replacements naming one model: ${named}; resolved to a published model ${resolved}, to a model part of another ${toPart.length}, to none of ours (kept as the maker wrote it) ${unresolved.length}`);
  for (const line of toPart) console.log(`    part of another: ${line}`);
  if (verbose) for (const line of unresolved) console.log(`    not ours: ${line}`);
}

async function main(): Promise<number> {
  const args = parseCli(process.argv.slice(2), { 'data-dir': { type: 'string', default: 'data' }, verbose: { type: 'boolean', default: false } });
  await duplicatesBench(args['data-dir'], args.verbose);
  return 0;
}

if (process.argv[1]?.endsWith('bench-duplicates.ts')) runMain(main);
