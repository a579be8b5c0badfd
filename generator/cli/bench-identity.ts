/**
 * The identity section of `npm run bench`: precision and recall of the identity rules on the
 * labelled set (sources/identity-labels/labels.json), first on the set's own records, then on the real
 * recorded files in ../shared/upstream when they are present (said so when they are not), with the
 * first-party retirement dates the rules find there.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArtificialAnalysis, translateArtificialAnalysis } from '../sources/artificialanalysis/index.js';
import { isLifecycleSource, type ModelFacts } from '../sources/facts.js';
import type { MatchedFacts } from '../sources/identity.js';
import { makerStatement } from '../models/lifecycle.js';
import { LIFECYCLE_PAGES, parseAnthropicPage, parseGooglePage, parseMistralDefinitions, parseOpenAiPage, parseXaiGuide, translateLifecyclePage } from '../sources/firstparty/index.js';
import { splitConcatenatedFiles } from '../sources/firstparty/recordings.js';
import { makerNames, modelShapes } from '../sources/identity-context.js';
import { IDENTITY_LABEL_IDS, IDENTITY_LABELS, labelledContext, labelledFacts, scoreIdentity, type IdentityScore } from '../sources/identity-labels.js';
import { matchFacts, type IdentityContext } from '../sources/identity-match.js';
import { parseLiteLlm, translateLiteLlm } from '../sources/litellm/index.js';
import { parseModelsDev, translateModelsDev } from '../sources/modelsdev/index.js';
import { mergeCatalog } from '../models/merge.js';
import { parseCatalog } from '../sources/openrouter/parse.js';
import { translateCatalog } from '../sources/openrouter/translate.js';
import type { ModelRecord } from '../models/types.js';

const FILES = {
  openrouter: ['openrouter/models-2026-03-29.json', 'openrouter/models-2026-05-01.json', 'openrouter/models-2026-08-01.json'],
  litellm: 'litellm/model_prices_and_context_window-2026-08-01.json',
  modelsdev: 'modelsdev/api-2026-06-13.trimmed.json',
  aa: 'artificialanalysis/llms-models-2026-03-25.scraper-wrapped.json',
  anthropic: 'firstparty/anthropic-deprecations-2026-10-06.from-html.md',
  openai: 'firstparty/openai-deprecations-2026-09-11.md',
  google: 'firstparty/google-deprecations-2026-09-22.md',
  xai: 'firstparty/xai-deprecations-2026-05-15.md',
  mistral: 'firstparty/mistral-models-2026-08-21.ts.txt',
};

function line(name: string, score: IdentityScore): string {
  return `${name.padEnd(34)} precision ${score.precision.toFixed(3)}  recall ${score.recall.toFixed(3)}  (${score.true_positives} of ${score.positives} positives, ${score.false_positives} wrong, ${score.judged} labels judged)`;
}

/** The rules as `update` runs them: one source at a time, with what they know beside the records. */
function matchBySource(facts: readonly ModelFacts[], ids: readonly string[], context: IdentityContext) {
  const bySource = new Map<string, ModelFacts[]>();
  for (const f of facts) bySource.set(f.source, [...(bySource.get(f.source) ?? []), f]);
  const results = [...bySource.values()].map((list) => matchFacts(list, ids, context));
  return { matches: results.flatMap((r) => r.matches), ambiguous: results.flatMap((r) => r.ambiguous) };
}

function lifecycleFacts(upstreamDir: string): ModelFacts[] {
  const text = (file: string) => readFileSync(join(upstreamDir, file), 'utf8');
  const mistral = splitConcatenatedFiles(text(FILES.mistral));
  return [
    translateLifecyclePage(parseAnthropicPage(text(FILES.anthropic), FILES.anthropic), LIFECYCLE_PAGES['anthropic-deprecations']),
    translateLifecyclePage(parseOpenAiPage(text(FILES.openai), FILES.openai), LIFECYCLE_PAGES['openai-deprecations']),
    translateLifecyclePage(parseGooglePage(text(FILES.google), FILES.google), LIFECYCLE_PAGES['google-deprecations']),
    translateLifecyclePage(parseXaiGuide(text(FILES.xai), FILES.xai), LIFECYCLE_PAGES['xai-deprecations']),
    translateLifecyclePage(parseMistralDefinitions({ index: mistral['index.ts'] ?? '', files: mistral }, FILES.mistral), LIFECYCLE_PAGES['mistral-deprecations']),
  ].flatMap((o) => o.facts);
}

export function identityBench(upstreamDir: string): void {
  console.log('\nidentity (labelled set in generator/sources/identity-labels/labels.json)');
  const own = labelledFacts();
  console.log(line('labelled records alone', scoreIdentity(matchBySource(own, IDENTITY_LABEL_IDS, labelledContext(own)).matches, IDENTITY_LABELS)));
  const missing = Object.values(FILES).flat().filter((f) => !existsSync(join(upstreamDir, f)));
  if (missing.length > 0) {
    console.log(`real recorded files: not found in ${upstreamDir} (${missing.length} missing, e.g. ${missing[0]}); skipped`);
    return;
  }
  const read = (file: string) => JSON.parse(readFileSync(join(upstreamDir, file), 'utf8')) as unknown;
  // Our models as the catalog replays leave them: every id ever listed, with its latest shape.
  let models = new Map<string, ModelRecord>();
  FILES.openrouter.forEach((file, i) => {
    const observation = translateCatalog(parseCatalog([read(file) as Parameters<typeof parseCatalog>[0][number]], file));
    models = mergeCatalog(models, observation, { now: `2026-0${i + 3}-01T00:00:00Z`, maxDelistShare: 1, force: true }).models;
  });
  const ids = [...models.keys()].sort();
  const aa = read(FILES.aa) as { models: unknown[] };
  const lifecycle = lifecycleFacts(upstreamDir);
  const facts = [
    ...translateLiteLlm(parseLiteLlm(read(FILES.litellm), FILES.litellm)).facts,
    ...translateModelsDev(parseModelsDev(read(FILES.modelsdev), FILES.modelsdev)).facts,
    ...translateArtificialAnalysis(parseArtificialAnalysis({ status: 200, data: aa.models }, FILES.aa)).facts,
    ...lifecycle,
  ];
  const result = matchBySource(facts, ids, { models: modelShapes(models.values()), ...makerNames(facts) });
  const present = new Set(facts.map((f) => `${f.source} ${f.source_key}`));
  const labels = IDENTITY_LABELS.filter((l) => present.has(`${l.source} ${l.key}`));
  const score = scoreIdentity(result.matches, labels);
  console.log(line('real files (../shared/upstream)', score));
  for (const error of score.errors) console.log(`  ${error}`);
  const matched = new Set(result.matches.map((m) => m.model_id));
  console.log(`  ${result.matches.length} of ${facts.length} records matched to ${matched.size} of ${ids.length} models; ${result.ambiguous.length} ambiguous (listed, not matched)`);
  // What the makers' pages give each model, as the merge decides it (models/lifecycle.ts).
  const byKey = new Map(facts.map((f) => [`${f.source} ${f.source_key}`, f]));
  const perModel = new Map<string, MatchedFacts[]>();
  for (const match of result.matches) {
    const fact = byKey.get(`${match.source} ${match.source_key}`);
    if (fact !== undefined && isLifecycleSource(fact.source)) perModel.set(match.model_id, [...(perModel.get(match.model_id) ?? []), { ...fact, match }]);
  }
  const statements = [...perModel].map(([id, list]) => [id, makerStatement(list)] as const).filter(([, s]) => s !== null && s.retirement_date !== null);
  console.log(`  retirement dates from the makers' own pages: ${statements.length} models (${perModel.size} listed)`);
  for (const [id, s] of statements.sort(([a], [b]) => (a < b ? -1 : 1))) console.log(`    ${id.padEnd(44)} ${s!.retirement_date}  (${s!.source} ${s!.source_key}; replacement ${s!.replacement ?? 'none'})`);
}
