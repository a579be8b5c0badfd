/**
 * Small deprecation pages in each maker's real format (learned from the recorded pages in
 * ../shared/upstream/firstparty; not copies of them), for tests and the simulated world.
 */

export interface StatusRow {
  name: string;
  state: string;
  deprecated: string;
  retirement: string;
}

export interface HistoryRow {
  retirement: string;
  name: string;
  replacement: string;
}

/** A bare name as a code span; a cell already written with code spans (or empty) as it is. */
const asCode = (cell: string) => (cell === '' || cell.includes('`') ? cell : `\`${cell}\``);

/** Anthropic's page, `.md` form: a status table, then one history table per announcement. */
export function anthropicPage(status: StatusRow[], history: Array<{ date: string; title: string; rows: HistoryRow[] }>): string {
  const lines = ['# Model deprecations', '', '## Model status', '', '| API model name | Current state | Deprecated | Tentative retirement date |', '| --- | --- | --- | --- |'];
  for (const r of status) lines.push(`| ${r.name} | ${r.state} | ${r.deprecated} | ${r.retirement} |`);
  lines.push('', '## Deprecation history', '');
  for (const h of history) {
    lines.push(`### ${h.date}: ${h.title}`, '', '<Note>', '  These models were retired.', '</Note>', '', '| Retirement date | Deprecated model | Recommended replacement |', '| --------------- | ---------------- | ----------------------- |');
    for (const r of h.rows) lines.push(`| ${r.retirement} | \`${r.name}\` | ${asCode(r.replacement)} |`);
    lines.push('');
  }
  lines.push('## API parameter deprecations', '', '| Parameter | Status | Behavior | Recommended replacement |', '|---|---|---|---|', '| `temperature` | Deprecated | Returns a 400 error. | Omit it. |');
  return lines.join('\n');
}

/** OpenAI's page, `.md` form: one table per dated announcement; `model` cells are written as on the page. */
export function openAiPage(sections: Array<{ date: string; title: string; header?: string; rows: Array<{ shutdown: string; model: string; replacement: string }> }>, aliases: string[] = []): string {
  const lines = ['# Deprecations', '', '## Upcoming deprecations', ''];
  for (const s of sections) {
    lines.push(`### ${s.date}: ${s.title}`, '', `| Shutdown date | ${s.header ?? 'Model / system'} | Recommended replacement |`, '| ------------- | --------------- | ----------------------- |');
    for (const r of s.rows) lines.push(`| ${r.shutdown} | ${r.model} | ${r.replacement} |`);
    lines.push('');
  }
  lines.push('### 2026-06-03: Agent Builder', '', '| Date | Update |', '| --- | --- |', '| June 3, 2026 | Deprecation announced. |');
  // The page's closing list, `- snapshot | alias, alias`.
  if (aliases.length > 0) lines.push('', '### Plain-text aliases', '', ...aliases.map((a) => `- ${a}`));
  return lines.join('\n');
}

/** The Gemini API's page, `.md.txt` form: bold headers and a `Preview models` divider row. */
export function googlePage(rows: Array<{ name: string; shutdown: string; replacement: string; preview?: boolean }>): string {
  const lines = ['<br />', '', '## Gemini models', '', '| **Model** | **Release date** | **Shutdown date** | **Recommended replacement** |', '|---|---|---|---|'];
  for (const r of rows.filter((x) => !x.preview)) lines.push(`| \`${r.name}\` | May 1, 2026 | ${r.shutdown} | ${r.replacement || '\u00a0 '} |`);
  lines.push('| Preview models ||||');
  for (const r of rows.filter((x) => x.preview)) lines.push(`| \`${r.name}\` | May 1, 2026 | ${r.shutdown} | ${r.replacement || '\u00a0 '} |`);
  return lines.join('\n');
}

/** An xAI migration guide, `.md` form. */
export function xaiGuide(date: string, rows: Array<{ name: string; target: string }>): string {
  const lines = ['#### Migration Guides', '', `# Grok Model Retirement on ${date}`, '', '| Model being retired | Redirect target after the date |', '|---|---|'];
  for (const r of rows) lines.push(`| \`${r.name}\` | ${r.target} |`);
  return lines.join('\n');
}

export interface MistralDefinition {
  file: string;
  name: string;
  status: string;
  apiNames: string[];
  metadata?: { deprecationDate?: string; retirementDate?: string; replacement?: string };
  /** USD per 1M tokens, written as Mistral writes a price range; or a `pricing` block's text as is. */
  pricing?: { input: number; output: number; cachedInput?: number } | string;
}

/** A definition's `pricing` block, in Mistral's own layout. */
export function mistralPricing(pricing: NonNullable<MistralDefinition['pricing']>): string {
  if (typeof pricing === 'string') return pricing;
  const entry = (price: number, label?: string) => `      { type: 'range', price: ${price}, priceEur: ${Math.round(price * 87) / 100}, denominator: '/M Tokens'${label === undefined ? '' : `, label: '${label}'`} },`;
  const input = pricing.cachedInput === undefined ? [entry(pricing.input)] : [entry(pricing.input, 'Input'), entry(pricing.cachedInput, 'Cached input')];
  return ['  pricing: {', "    type: 'custom',", '    free: false,', '    input: [', ...input, '    ],', '    output: [', entry(pricing.output, pricing.cachedInput === undefined ? undefined : 'Output'), '    ],', '  },'].join('\n');
}

/** Mistral's docs source: index.ts and one TypeScript definition per model, as routes under `base`. */
export function mistralFiles(definitions: MistralDefinition[]): Record<string, string> {
  const index = [`import { defineModels } from '../schema';`, ...definitions.map((d, i) => `import m${i} from './${d.file}';`), `export const MODELS = defineModels([${definitions.map((_, i) => `m${i}`).join(', ')}] as const);`].join('\n');
  const files: Record<string, string> = { 'index.ts': index };
  for (const d of definitions) {
    const meta = Object.entries(d.metadata ?? {}).map(([k, v]) => `${k}: '${v}'`).join(', ');
    files[`${d.file}.ts`] = [
      `import { StaticModel } from '../schema';`,
      'export default {',
      `  name: '${d.name}',`,
      `  slug: '${d.file}',`,
      `  status: '${d.status}',`,
      `  weights: [ { name: 'Weights', license: 'Apache 2.0' } ],`,
      ...(d.pricing === undefined ? [] : [mistralPricing(d.pricing)]),
      `  identifiers: { apiNames: [${d.apiNames.map((n) => `'${n}'`).join(', ')}] },`,
      `  metadata: {${meta}},`,
      '} as const satisfies StaticModel;',
    ].join('\n');
  }
  return files;
}
