/**
 * Proposes data/identity.json entries for review, from recorded source files (no network):
 *
 *   tsx generator/tools/suggest-identity.ts --data-dir data --litellm FILE --modelsdev FILE --aa FILE [--write]
 *
 * The rule is exact, not fuzzy: a record sold by its author (or an Artificial Analysis record) is
 * proposed for `<author>/<slug>` only when exactly one of our models has that author and a slug
 * equal to the record's name after lower-casing and reading `.` as `-` (LiteLLM writes
 * `claude-sonnet-4-5` for `claude-sonnet-4.5`), and never for floating names (`deepseek-chat`,
 * `*-latest`). Existing entries are never changed; anything
 * else (hosted copies such as `azure/gpt-4o`, renamed models) is for maintainers to add by hand.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseCli, runMain } from '../cli/args.js';
import { parseArtificialAnalysis, translateArtificialAnalysis } from '../sources/artificialanalysis/index.js';
import type { FactSource, ModelFacts } from '../sources/facts.js';
import { IDENTITY_FILE, loadIdentity } from '../store/identity-store.js';
import { AUTHOR_ALIASES, FLOATING_NAMES } from '../sources/identity-match.js';
import { parseLiteLlm, translateLiteLlm } from '../sources/litellm/index.js';
import { parseModelsDev, translateModelsDev } from '../sources/modelsdev/index.js';
import { loadDataset } from '../store/data-store.js';
import { writeFileAtomic } from '../store/files.js';
import { stableStringify } from '../text/stable-json.js';

export { AUTHOR_ALIASES, FLOATING_NAMES };

export function isFloatingName(name: string): boolean {
  const lower = name.toLowerCase();
  return FLOATING_NAMES.includes(lower) || lower.endsWith('-latest') || lower.endsWith('latest');
}

export function normalizeSlug(slug: string): string {
  return slug.toLowerCase().replace(/\./g, '-');
}

/** Pure: the proposals for one source's facts against our ids. */
export function suggest(facts: readonly ModelFacts[], ourIds: readonly string[]): Record<string, string> {
  const byKey = new Map<string, string[]>();
  for (const id of ourIds) {
    const [author, slug] = id.split('/') as [string, string];
    const key = `${author}/${normalizeSlug(slug)}`;
    byKey.set(key, [...(byKey.get(key) ?? []), id]);
  }
  const proposals: Record<string, string> = {};
  for (const fact of facts) {
    if (fact.author === null) continue;
    if (fact.source !== 'artificialanalysis' && fact.provider === null) continue;
    const author = AUTHOR_ALIASES[fact.author] ?? fact.author;
    const name = fact.source === 'artificialanalysis' ? fact.source_key.split('/')[1] ?? '' : fact.model_name;
    if (isFloatingName(name)) continue;
    const candidates = byKey.get(`${author}/${normalizeSlug(name)}`) ?? [];
    if (candidates.length === 1) proposals[fact.source_key] = candidates[0]!;
  }
  return proposals;
}

function readJson(path: string): unknown {
  return JSON.parse(readFileSync(path, 'utf8')) as unknown;
}

async function main(): Promise<number> {
  const args = parseCli(process.argv.slice(2), {
    'data-dir': { type: 'string', default: 'data' },
    litellm: { type: 'string' },
    modelsdev: { type: 'string' },
    aa: { type: 'string' },
    write: { type: 'boolean', default: false },
  });
  const dataset = await loadDataset(args['data-dir']);
  const ids = [...dataset.models.keys()].sort();
  const identity = (await loadIdentity(args['data-dir'], new Set(ids))).map;
  const inputs: Array<[FactSource, string | undefined, (json: unknown, url: string) => ModelFacts[]]> = [
    ['litellm', args.litellm, (json, url) => translateLiteLlm(parseLiteLlm(json, url)).facts],
    ['modelsdev', args.modelsdev, (json, url) => translateModelsDev(parseModelsDev(json, url)).facts],
    ['artificialanalysis', args.aa, (json, url) => translateArtificialAnalysis(parseArtificialAnalysis(json, url)).facts],
  ];
  for (const [source, file, read] of inputs) {
    if (file === undefined) continue;
    const proposals = suggest(read(readJson(file), file), ids);
    let added = 0;
    for (const [key, id] of Object.entries(proposals)) {
      if (Object.hasOwn(identity[source], key)) continue;
      identity[source][key] = id;
      added += 1;
    }
    console.log(`${source}: ${Object.keys(proposals).length} exact matches, ${added} new`);
  }
  if (args.write) {
    await writeFileAtomic(join(args['data-dir'], IDENTITY_FILE), stableStringify(identity));
    console.log(`wrote ${join(args['data-dir'], IDENTITY_FILE)}: review the diff before committing`);
  } else {
    console.log(stableStringify(identity));
  }
  return 0;
}

// Only when run as a command, so tests can import `suggest`.
if (process.argv[1]?.endsWith('suggest-identity.ts')) runMain(main);
