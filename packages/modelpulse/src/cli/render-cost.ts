/**
 * What `modelpulse cost` and `modelpulse cheapest --input … --output …` print by default: the
 * cost of a token mix line by line, and a ranking by it, with the attribution. Pure.
 */
import type { CostEstimate } from '../../../../generator/query/cost.js';
import { usdAmount as dollars } from '../../../../generator/render/presentation.js';
import type { CostRankingResponse, CostResponse } from '../client.js';
import { attribution, describeQuery } from './render.js';
import { table, tokens, usd } from './format.js';

const count = (n: number) => n.toLocaleString('en-US');
const PART_NAMES: Record<string, string> = { input: 'fresh input', cache_read: 'cache read', cache_write: 'cache write', output: 'output', input_audio: 'audio input', cache_read_audio: 'audio cache read', output_image: 'image output', output_audio: 'audio output' };

/** `headline price` or `anthropic (genai-prices)`, and the tier crossed. */
export function offerText(estimate: Pick<CostEstimate, 'provider' | 'source'>): string {
  return estimate.provider === null ? 'headline price' : `${estimate.provider} (${estimate.source ?? 'unknown source'})`;
}

function tierText(estimate: CostEstimate): string {
  if (estimate.missing.includes('price_tiers')) return 'long-context rates not known for this offer';
  return estimate.tier === null ? 'base rates' : `long-context rates (prompt above ${tokens(estimate.tier.min_prompt_tokens)} tokens)`;
}

/** Why there is no total: the rates the mix needs that are not known. */
export function missingText(missing: readonly string[]): string {
  if (missing.includes('price_tiers')) return "Total unknown: the prompt is past a context tier the model has, and this offer's rates there are not known.";
  const names = missing.map((m) => `the ${PART_NAMES[m] ?? m} price`);
  return `Total unknown: ${names.join(' and ')} ${names.length === 1 ? 'is' : 'are'} not known.`;
}

const NOTE = 'Rates: USD per 1M tokens. input_tokens counts the whole prompt; fresh input is what is left after cache reads and writes (and audio input); output is what is left of output_tokens after image and audio output.';

export function renderCost(id: string, response: CostResponse): string {
  const estimate = response.data;
  const rows = [
    ...estimate.lines.map((l) => ({ part: PART_NAMES[l.part]!, tokens: count(l.tokens), rate: usd(l.usd_per_million), cost: l.cost_usd === null ? 'unknown' : dollars(l.cost_usd) })),
    { part: 'TOTAL', tokens: '', rate: '', cost: dollars(estimate.total_usd) },
  ];
  const lines = [
    `Cost of ${id} at ${estimate.provider === null ? 'its headline price' : `${estimate.provider}'s standard offer (price from ${estimate.source})`}, ${tierText(estimate)}`,
    '',
    table(rows, [
      { title: 'PART', value: (r) => r.part },
      { title: 'TOKENS', value: (r) => r.tokens, align: 'right' },
      { title: 'RATE', value: (r) => r.rate, align: 'right' },
      { title: 'COST', value: (r) => r.cost, align: 'right' },
    ]),
  ];
  if (estimate.missing.length > 0) lines.push('', missingText(estimate.missing));
  lines.push('', NOTE, attribution(response.meta));
  return lines.join('\n');
}

export function renderCostRanking(response: CostRankingResponse): string {
  const { query, usage } = response.meta;
  const mix = [`${count(usage.input_tokens)} input`, usage.cache_read_tokens ? `${count(usage.cache_read_tokens)} cache read` : '', usage.cache_write_tokens ? `${count(usage.cache_write_tokens)} cache write` : '', `${count(usage.output_tokens)} output tokens`].filter((p) => p !== '');
  const body = response.data.length === 0
    ? 'No model matches with a known cost for this mix.'
    : table(response.data, [
        { title: 'MODEL', value: (r) => r.model_id },
        { title: 'COST', value: (r) => dollars(r.total_usd), align: 'right' },
        { title: 'OFFER', value: (r) => offerText(r) },
        { title: 'RATES', value: (r) => (r.tier === null ? 'base' : `above ${tokens(r.tier.min_prompt_tokens)}`) },
      ]);
  return [`Cheapest models for ${mix.join(', ')}; ${describeQuery(query)} (each at its cheapest offer for the mix)`, '', body, '', NOTE, attribution(response.meta, [response.meta.benchmarks_attribution])].join('\n');
}
