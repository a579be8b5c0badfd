import type { ModelDetail } from '../../render/api-types.js';
import { priceChart } from '../chart.js';
import { api, type Page } from '../context.js';
import { externalLink, h, scrollTable, replaceChildren } from '../dom.js';
import { formatPrice, formatTime, formatTokens, formatUptime } from '../format.js';
import { cell, note, pageTitle, table, yesNo } from './common.js';

function facts(entries: Array<[string, string | Node]>): HTMLDListElement {
  return h('dl', { class: 'facts' }, ...entries.flatMap(([term, value]) => [h('dt', {}, term), h('dd', {}, value)]));
}

const SOURCE_NAMES = { openrouter: 'OpenRouter', litellm: 'LiteLLM', modelsdev: 'models.dev' } as const;

function endpointsTable(model: ModelDetail): HTMLElement {
  if (model.endpoints.length === 0) return note('No offers known yet (OpenRouter endpoints are refreshed a few models per run).');
  const rows = model.endpoints.map((e) =>
    h(
      'tr',
      { attrs: { 'data-offer': `${e.source}:${e.source_key}` } },
      h('th', { attrs: { scope: 'row' } }, e.provider, e.free ? ' (free)' : '', e.first_party ? ' (author)' : ''),
      cell(SOURCE_NAMES[e.source]),
      cell(formatPrice(e.price.input), 'num'),
      cell(formatPrice(e.price.output), 'num'),
      cell(formatPrice(e.price.blended), 'num'),
      cell(formatTokens(e.context_length), 'num'),
      cell(formatTokens(e.max_output), 'num'),
      cell(e.quantization ?? '—'),
      cell(e.uptime_1d === null ? '—' : formatUptime(e.uptime_1d), 'num'),
      cell(e.retirement_date ?? '—'),
    ),
  );
  return scrollTable('Offers', table('Every offer we know, cheapest first, USD per 1M tokens', ['Provider', 'Source', 'Input', 'Output', 'Blended', 'Context', 'Max output', 'Quantization', 'Uptime 1d', 'Retires'], rows));
}

function historyTable(model: ModelDetail): HTMLElement {
  const rows = [...model.price_history].reverse().map((p) => h('tr', {}, cell(formatTime(p.at)), cell(formatPrice(p.input), 'num'), cell(formatPrice(p.output), 'num'), cell(formatPrice(p.blended), 'num')));
  return h('details', {}, h('summary', {}, `Price history as a table (${rows.length} entries, newest first)`), scrollTable('Price history', table('Price history, USD per 1M tokens', ['Since', 'Input', 'Output', 'Blended'], rows)));
}

export const modelPage: Page = async ({ main, params, noteMeta, freshness }) => {
  const id = params.join('/');
  const response = await api.model(id);
  noteMeta(response.meta);
  const model = response.data as ModelDetail;
  // The chart runs to the last check of the data (a price holds until it changes).
  const checked = (await freshness())?.run_at ?? null;
  const asOf = checked ?? (response.meta.updated_at as string | null) ?? model.price_history[model.price_history.length - 1]?.at ?? model.first_seen_at;
  const chart = priceChart(model.price_history, asOf);
  const caps = (['vision', 'reasoning', 'tools'] as const).map((c) => `${c}: ${yesNo(model.capabilities[c])}`).join(', ');
  replaceChildren(
    main,
    pageTitle(model.name),
    h('p', { class: 'muted' }, model.id, ' · by ', model.author),
    model.delisted_at === null ? null : note(`No longer offered since ${formatTime(model.delisted_at)}; its history is kept.`),
    h('p', { class: 'description' }, model.description),
    facts([
      ['Input', `${formatPrice(model.price.input)} per 1M tokens`],
      ['Output', `${formatPrice(model.price.output)} per 1M tokens`],
      ['Blended (3:1)', formatPrice(model.price.blended)],
      ['Cache read / write', `${formatPrice(model.price.cache_read)} / ${formatPrice(model.price.cache_write)}`],
      ['Context', formatTokens(model.context_length)],
      ['Max output', formatTokens(model.max_output)],
      ['Capabilities', caps],
      ['Intelligence / coding / math', [model.benchmarks.intelligence_index, model.benchmarks.coding_index, model.benchmarks.math_index].map((v) => v ?? '—').join(' / ')],
      ['Retirement date', model.retirement_date ?? 'none announced'],
      ['Source', externalLink(model.source_url, model.source_url)],
    ]),
    model.pending_price === null ? null : note(`A price change to ${formatPrice(model.pending_price.input)} / ${formatPrice(model.pending_price.output)} (seen ${formatTime(model.pending_price.at)}) waits for confirmation.`),
    h('h2', {}, 'Price history'),
    h('p', { class: 'legend' }, h('span', { class: 'key key-input' }, 'input'), ' ', h('span', { class: 'key key-output' }, 'output'), ' USD per 1M tokens'),
    chart ?? note('No price recorded yet.'),
    historyTable(model),
    h('h2', {}, 'Offers'),
    endpointsTable(model),
    h('p', {}, 'JSON: ', h('a', { attrs: { href: `api/v1/models/${model.id}.json` } }, `/api/v1/models/${model.id}`)),
  );
};
