import { ModelPulseError } from '../../client/client.js';
import type { ApiOffer, ModelDetail } from '../../types/api-types.js';
import { priceChart } from '../chart.js';
import { api, type Page } from '../context.js';
import { externalLink, h, scrollTable, replaceChildren } from '../dom.js';
import { formatPrice, formatTime, formatTokens, formatUptime, unitPriceText, type UnitPrice } from '../format.js';
import { plural, utcDate } from '../freshness.js';
import { markdownBlocks, modelLinks } from '../markdown.js';
import { routes } from '../../render/page-routes.js';
import { cell, note, pageTitle, table, yesNo } from './common.js';
import { lifecycleWords, type LifecycleWords } from '../lifecycle.js';
import { costBox } from './cost-box.js';
import { modelStatusSection } from './model-status.js';
import { modelStateBadge } from './model-words.js';
import { dataAge } from '../freshness.js';
import { liveObservedAt } from './live-line.js';
import type { StatusAnswer } from '../../client/client.js';

/** Fields the data-truth work adds to offers (#19); offers from older data lack them and still show. */
type Offer = ApiOffer & { provider_name?: string; region?: string | null; kind?: string };
type CheapestOffer = { provider: string; source: string; provider_name?: string; price?: { input: number | null; output: number | null; blended: number | null } };
/** Fields the data-truth work adds to the model (#19, #27): prices per unit, the deprecation notice, the lifecycle. */
type Deprecation = { retirement_date: string | null; deprecated_at: string | null; note: string | null; replacement: string | null; replacement_id: string | null; source_url: string };
type Shown = ModelDetail & { unit_prices?: UnitPrice[]; deprecation?: Deprecation | null };

/** The lifecycle on the reader's day (web/lifecycle.ts), with the replacement and the maker's notice where there is one. */
function lifecycleNote(model: Shown, words: LifecycleWords): HTMLElement | null {
  if (words.status === null) return null;
  const d = model.deprecation ?? null;
  const replacement = d === null ? null : d.replacement_id !== null ? h('a', { attrs: { href: routes.model(d.replacement_id) } }, d.replacement ?? d.replacement_id) : d.replacement;
  const source = d?.source_url ?? model.lifecycle.source_url;
  return note(
    h('span', { attrs: { 'data-lifecycle': words.status } }, words.sentence, replacement === null ? null : h('span', {}, ' Replacement: ', replacement, '.'), source === null ? null : h('span', {}, ' ', externalLink(source, "The maker's notice"))),
  );
}

function facts(entries: Array<[string, string | Node]>): HTMLDListElement {
  return h('dl', { class: 'facts' }, ...entries.flatMap(([term, value]) => [h('dt', {}, term), h('dd', {}, value)]));
}

const SOURCE_NAMES: Record<string, string> = { maker: "the maker's page", openrouter: 'OpenRouter', 'genai-prices': 'genai-prices', litellm: 'LiteLLM', modelsdev: 'models.dev' };

/** Fields the data-truth work adds (#27): each history entry's source, offers' daily windows, changes announced ahead. */
type HistoryPoint = ModelDetail['price_history'][number] & { source?: string; source_date?: string | null };
type Upcoming = { at: string; source_date: string | null; current: { input: number | null; output: number | null } };

/** An offer's kind as people read it: its daily window for a time-of-day price. */
function kindText(e: Offer & { time_window?: { start: string; end: string } | null }): string {
  if (e.kind === undefined || e.kind === 'standard') return '—';
  if (e.kind === 'time_window' && e.time_window) return `${e.time_window.start}–${e.time_window.end} UTC`;
  return e.kind.replace(/_/g, ' ');
}

/** The provider as people know it: its display name where the data has one. */
const providerName = (offer: { provider: string; provider_name?: string }) => offer.provider_name ?? offer.provider;

/**
 * The names each provider's API accepts for this model (every offer's `api_names`, by provider):
 * what usage logs call it. Older data without them shows nothing.
 */
function apiNamesList(model: ModelDetail): HTMLElement {
  const byProvider = new Map<string, { name: string; names: Set<string> }>();
  for (const offer of model.endpoints as Offer[]) {
    const names = (offer as { api_names?: string[] }).api_names ?? [];
    if (names.length === 0) continue;
    const entry = byProvider.get(offer.provider) ?? { name: providerName(offer), names: new Set<string>() };
    for (const name of names) entry.names.add(name);
    byProvider.set(offer.provider, entry);
  }
  if (byProvider.size === 0) return note('No API names known for this model.');
  const rows = [...byProvider].sort(([a], [b]) => (a < b ? -1 : 1)).map(([id, { name, names }]) =>
    h('tr', { attrs: { 'data-api-names': id } }, h('th', { attrs: { scope: 'row' } }, name), h('td', {}, ...[...names].sort().flatMap((n, i) => [i === 0 ? '' : ', ', h('code', {}, n)]))),
  );
  return scrollTable('API names', table('The names each provider\'s API accepts for this model (dated snapshots, aliases, regional ids)', ['Provider', 'API names'], rows));
}

function offersTable(model: ModelDetail): HTMLElement {
  const offers = model.endpoints as Offer[];
  if (offers.length === 0) return note('No offers known yet (OpenRouter endpoints are refreshed a few models per run).');
  const rows = offers.map((e) =>
    h(
      'tr',
      { attrs: { 'data-offer': `${e.source}:${e.source_key}` } },
      h('th', { attrs: { scope: 'row' } }, providerName(e), e.free ? ' (free)' : '', e.first_party ? ' (author)' : ''),
      cell(e.region ?? '—'),
      cell(kindText(e)),
      cell(SOURCE_NAMES[e.source] ?? e.source),
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
  const headers = ['Provider', 'Region', 'Kind', 'Source', 'Input', 'Output', 'Blended', 'Context', 'Max output', 'Quantization', 'Uptime 1d', 'Retires'];
  return scrollTable('Offers', table(`Every offer we know (${plural(offers.length, 'offer')}), cheapest first, USD per 1M tokens`, headers, rows));
}

function historyTable(model: ModelDetail): HTMLElement {
  const rows = [...(model.price_history as HistoryPoint[])]
    .reverse()
    .map((p) =>
      h(
        'tr',
        {},
        cell(p.source_date ? p.source_date : formatTime(p.at)),
        cell(formatPrice(p.input), 'num'),
        cell(formatPrice(p.output), 'num'),
        cell(formatPrice(p.blended), 'num'),
        cell(formatPrice(p.cache_read), 'num'),
        cell(formatPrice(p.cache_write), 'num'),
        cell(p.source === undefined ? '—' : (SOURCE_NAMES[p.source] ?? p.source)),
      ),
    );
  return h(
    'details',
    {},
    h('summary', {}, `Price history as a table (${plural(rows.length, 'entry', 'entries')}, newest first)`),
    scrollTable('Price history', table('Price history, USD per 1M tokens', ['Since', 'Input', 'Output', 'Blended', 'Cache read', 'Cache write', 'Source'], rows)),
  );
}

/** The maker's changes dated ahead: announced, not yet the price. */
function upcomingNote(model: ModelDetail): HTMLElement | null {
  const upcoming = ((model as { upcoming_price_changes?: Upcoming[] }).upcoming_price_changes ?? []);
  if (upcoming.length === 0) return null;
  return note(upcoming.map((u) => `From ${u.source_date ?? formatTime(u.at)}: ${formatPrice(u.current.input)} / ${formatPrice(u.current.output)} (announced by the maker).`).join(' '));
}

function cheapestOfferText(offer: CheapestOffer | null): string {
  if (offer === null) return 'none with a known paid price';
  const price = offer.price === undefined ? '' : `: ${formatPrice(offer.price.input)} in / ${formatPrice(offer.price.output)} out`;
  return `${providerName(offer)} (via ${SOURCE_NAMES[offer.source] ?? offer.source})${price}`;
}

/** An address with a model id we do not know: say so, and offer the search. */
function notFound(main: HTMLElement, id: string, error: ModelPulseError): void {
  const slug = id.split('/').at(-1) ?? id;
  replaceChildren(
    main,
    pageTitle('Model not found'),
    note(error.status === 404 ? `No model “${id}” is in the catalogue.` : `“${id}” is not a model id (ids look like openai/gpt-4o).`, 'error'),
    // The API's hint where only the case is wrong: ids are lower case.
    error.hint === null ? null : h('p', {}, 'Model ids are lower case: ', h('a', { attrs: { href: routes.model(id.toLowerCase()) } }, id.toLowerCase()), '?'),
    h('p', {}, h('a', { attrs: { href: routes.models(new URLSearchParams([['q', slug]])) } }, `Search the catalogue for “${slug}”`), ' · ', h('a', { attrs: { href: routes.models() } }, 'All models')),
  );
}

export const modelPage: Page = async ({ main, params, query, noteMeta, freshness, now }) => {
  const id = params.join('/');
  let response: StatusAnswer;
  try {
    // Where status is live, the detail with the monitor's newest status and figures; else the file.
    response = await api.liveModel(id);
  } catch (error) {
    if (error instanceof ModelPulseError && (error.status === 404 || error.status === 400)) return notFound(main, id, error);
    throw error;
  }
  noteMeta(response.meta);
  const model = response.data as Shown;
  const units = unitPriceText(model.unit_prices);
  // The chart runs to the last check of the data (a price holds until it changes).
  const fresh = await freshness();
  const checked = fresh?.run_at ?? null;
  // The state was judged at the live observation, else at the last status check.
  const judgedAt = liveObservedAt(response.meta) ?? fresh?.sources.find((s) => s.id === 'status')?.last_success_at ?? null;
  // Older data has no status (issue 39): the page shows without it.
  const state = (model as { status?: ModelDetail['status'] }).status?.state;
  const asOf = checked ?? (response.meta.updated_at as string | null) ?? model.price_history[model.price_history.length - 1]?.at ?? model.first_seen_at;
  const chart = priceChart(model.price_history, asOf);
  const lifecycle = lifecycleWords(model.lifecycle, model.deprecation ?? null, model.retirement_date, utcDate(now()));
  const caps = (['vision', 'reasoning', 'tools'] as const).map((c) => `${c}: ${yesNo(model.capabilities[c])}`).join(', ');
  replaceChildren(
    main,
    pageTitle(model.name),
    h('p', { class: 'muted' }, model.id, ' · by ', model.author, state === undefined ? null : ' · ', state === undefined ? null : modelStateBadge(state, dataAge(judgedAt, now()).stale)),
    // One model found under two ids (docs/data.md, "Identity"): this address says which one it is part of.
    model.part_of == null
      ? model.delisted_at === null
        ? null
        : note(`No longer offered since ${formatTime(model.delisted_at)}; its history is kept.`)
      : note(h('span', { attrs: { 'data-part-of': model.part_of } }, 'Part of ', h('a', { attrs: { href: routes.model(model.part_of) } }, model.part_of), ': the same model under another id. Its offers, price history and lifecycle are there.')),
    lifecycleNote(model, lifecycle),
    h('div', { class: 'description' }, ...markdownBlocks(model.description, modelLinks)),
    facts([
      // Issue 35 (catalog): what the model is for, and its prices not per text token, with their units.
      ['Type', model.type ?? '—'],
      ['Modalities', model.modalities === undefined ? '—' : `${model.modalities.input.join(', ') || '—'} → ${model.modalities.output.join(', ') || '—'}`],
      ...(units === null ? [] : [['Unit prices', units] as [string, string]]),
      ['Input', `${formatPrice(model.price.input)} per 1M tokens`],
      ['Output', `${formatPrice(model.price.output)} per 1M tokens`],
      ['Blended (3:1)', formatPrice(model.price.blended)],
      ['Cache read / write', `${formatPrice(model.price.cache_read)} / ${formatPrice(model.price.cache_write)}`],
      ['Cheapest offer', cheapestOfferText(model.cheapest_offer as CheapestOffer | null)],
      ['Context', formatTokens(model.context_length)],
      ['Max output', formatTokens(model.max_output)],
      ['Capabilities', caps],
      ['Intelligence / coding / math', [model.benchmarks.intelligence_index, model.benchmarks.coding_index, model.benchmarks.math_index].map((v) => v ?? '—').join(' / ')],
      ['Retirement date', lifecycle.retirement],
      ['Source', externalLink(model.source_url, model.source_url)],
    ]),
    model.pending_price === null ? null : note(`A price change to ${formatPrice(model.pending_price.input)} / ${formatPrice(model.pending_price.output)} (seen ${formatTime(model.pending_price.at)}) waits for confirmation.`),
    ...modelStatusSection(model, { meta: response.meta, fallback: response.fallback, judgedAt, now: now() }),
    // The address keeps the mix, so a priced request can be shared.
    costBox(model, query, (mix) => history.replaceState(null, '', `${routes.model(model.id)}?${mix.toString()}`)),
    h('h2', {}, 'Price history'),
    h('p', { class: 'legend' }, h('span', { class: 'key key-input' }, 'input'), ' ', h('span', { class: 'key key-output' }, 'output'), ' USD per 1M tokens'),
    chart ?? note('No price recorded yet.'),
    upcomingNote(model),
    historyTable(model),
    h('h2', {}, 'Offers'),
    offersTable(model),
    h('h2', {}, 'API names'),
    apiNamesList(model),
    h('p', {}, 'JSON: ', h('a', { attrs: { href: `api/v1/models/${model.id}.json` } }, `/api/v1/models/${model.id}`)),
  );
};
