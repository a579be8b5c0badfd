/**
 * The identity section of `npm run bench`: precision and recall of the identity rules on the
 * labelled set (sources/identity-labels.ts), first on the set's own records, then on the real
 * recorded files in ../shared/upstream when they are present (said so when they are not), with
 * the first-party retirement dates the rules find there.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArtificialAnalysis, translateArtificialAnalysis } from '../sources/artificialanalysis/index.js';
import type { ModelFacts } from '../sources/facts.js';
import { IDENTITY_CONTEXT, IDENTITY_LABEL_IDS, IDENTITY_LABELS, scoreIdentity, type IdentityScore } from '../sources/identity-labels.js';
import { matchFacts, type IdentityMatch } from '../sources/identity-match.js';
import { parseLiteLlm, translateLiteLlm } from '../sources/litellm/index.js';
import { parseModelsDev, translateModelsDev } from '../sources/modelsdev/index.js';
import { parseCatalog } from '../sources/openrouter/parse.js';
import { translateCatalog } from '../sources/openrouter/translate.js';

const FILES = {
  openrouter: ['openrouter/models-2026-03-29.json', 'openrouter/models-2026-05-01.json', 'openrouter/models-2026-08-01.json'],
  litellm: 'litellm/model_prices_and_context_window-2026-08-01.json',
  modelsdev: 'modelsdev/api-2026-06-13.trimmed.json',
  aa: 'artificialanalysis/llms-models-2026-03-25.scraper-wrapped.json',
};

function line(name: string, score: IdentityScore): string {
  return `${name.padEnd(34)} precision ${score.precision.toFixed(3)}  recall ${score.recall.toFixed(3)}  (${score.true_positives} of ${score.positives} positives, ${score.false_positives} wrong, ${score.judged} labels judged)`;
}

function labelFacts(): ModelFacts[] {
  const seen = new Map<string, ModelFacts>();
  for (const r of [...IDENTITY_LABELS, ...IDENTITY_CONTEXT]) {
    const name = r.source === 'modelsdev' ? r.key.slice(r.key.indexOf('/') + 1) : r.key;
    seen.set(`${r.source} ${r.key}`, { source: r.source, source_key: r.key, provider: r.provider, author: r.author, model_name: name, price: null, price_tiers: [], context_length: null, max_output: null, retirement_date: null, deprecated: false, benchmarks: {} });
  }
  return [...seen.values()];
}

export function identityBench(upstreamDir: string): void {
  console.log('\nidentity (labelled set in generator/sources/identity-labels.ts)');
  console.log(line('labelled records alone', scoreIdentity(matchFacts(labelFacts(), IDENTITY_LABEL_IDS).matches, IDENTITY_LABELS)));
  const missing = [...FILES.openrouter, FILES.litellm, FILES.modelsdev, FILES.aa].filter((f) => !existsSync(join(upstreamDir, f)));
  if (missing.length > 0) {
    console.log(`real recorded files: not found in ${upstreamDir} (${missing.length} missing, e.g. ${missing[0]}); skipped`);
    return;
  }
  const read = (file: string) => JSON.parse(readFileSync(join(upstreamDir, file), 'utf8')) as unknown;
  const ids = new Set<string>();
  for (const file of FILES.openrouter) for (const m of translateCatalog(parseCatalog([read(file) as Parameters<typeof parseCatalog>[0][number]], file)).models) ids.add(m.id);
  const aa = read(FILES.aa) as { models: unknown[] };
  const facts = [
    ...translateLiteLlm(parseLiteLlm(read(FILES.litellm), FILES.litellm)).facts,
    ...translateModelsDev(parseModelsDev(read(FILES.modelsdev), FILES.modelsdev)).facts,
    ...translateArtificialAnalysis(parseArtificialAnalysis({ status: 200, data: aa.models }, FILES.aa)).facts,
  ];
  const result = matchFacts(facts, [...ids].sort());
  const present = new Set(facts.map((f) => `${f.source} ${f.source_key}`));
  const labels = IDENTITY_LABELS.filter((l) => present.has(`${l.source} ${l.key}`));
  const score = scoreIdentity(result.matches, labels);
  console.log(line('real files (../shared/upstream)', score));
  for (const error of score.errors) console.log(`  ${error}`);
  const models = new Set(result.matches.map((m) => m.model_id));
  console.log(`  ${result.matches.length} of ${facts.length} records matched to ${models.size} of ${ids.size} models; ${result.ambiguous.length} ambiguous (listed, not matched)`);
  const byKey = new Map(facts.map((f) => [`${f.source} ${f.source_key}`, f]));
  const dates = new Map<string, { date: string; match: IdentityMatch }>();
  for (const match of result.matches) {
    const date = byKey.get(`${match.source} ${match.source_key}`)?.retirement_date ?? null;
    if (date === null || !match.sets_model_retirement) continue;
    const known = dates.get(match.model_id);
    if (known === undefined || date < known.date) dates.set(match.model_id, { date, match });
  }
  console.log(`  first-party retirement dates found: ${dates.size}`);
  for (const [id, { date, match }] of [...dates].sort()) console.log(`    ${id.padEnd(36)} ${date}  (${match.source} ${match.source_key}, ${match.kind})`);
}
