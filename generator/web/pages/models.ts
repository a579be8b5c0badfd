import type { ApiNamesIndex } from '../../query/resolve.js';
import { readCostIndex } from '../../client/client.js';
import type { CostCandidate } from '../../query/cost-index.js';
import type { ModelEntry } from '../../types/api-types.js';
import { apiNamesByModel, catalogueParams, mixCosts, parseCatalogueAddress, viewCatalogue, type CatalogueState, type MixCosts } from '../catalogue.js';
import { mixParams } from '../mix.js';
import { mixFields } from './cost-box.js';
import { api, type Page } from '../context.js';
import { h, replaceChildren } from '../dom.js';
import { plural } from '../freshness.js';
import { routes } from '../../render/page-routes.js';
import { note, pageTitle } from './common.js';
import { readForm, selectField, sharedFilterFields, sharedFilters, viewTabs } from './filters.js';
import { COLUMN_LABELS, modelTable, nextSort, redrawKeepingFocus } from './model-table.js';

/** What the reader searched for, shortened for the status line (a long paste stays readable). */
const quoted = (q: string) => `“${q.length > 60 ? `${q.slice(0, 60)}…` : q}”`;

function searchField(value: string): HTMLElement {
  return h(
    'div',
    { class: 'field field-search' },
    h('label', { attrs: { for: 'f-q' } }, 'Search name, id or API name'),
    h('input', { attrs: { id: 'f-q', name: 'q', type: 'search', value, autocomplete: 'off', spellcheck: 'false' } }),
  );
}

function authorField(models: readonly ModelEntry[], value: string | null): HTMLElement {
  const counts = new Map<string, number>();
  for (const m of models) counts.set(m.author, (counts.get(m.author) ?? 0) + 1);
  const choices: Array<[string, string]> = [['', `all (${models.length})`], ...[...counts].sort(([a], [b]) => (a < b ? -1 : 1)).map(([a, n]): [string, string] => [a, `${a} (${n})`])];
  return selectField('author', 'Author', choices, value ?? '');
}

/** Previous / next as links to the addresses they show, so they work as links too. */
function pager(state: CatalogueState, pages: number, go: (page: number) => void): HTMLElement {
  const link = (page: number, text: string, rel: string) =>
    page < 1 || page > pages
      ? h('span', { class: 'pager-off', attrs: { 'aria-hidden': 'true' } }, text)
      : h('a', { attrs: { href: routes.models(catalogueParams({ ...state, page })), rel, 'data-page': page }, on: { click: (event) => (event.preventDefault(), go(page)) } }, text);
  return h('nav', { class: 'pager', attrs: { 'aria-label': 'Pages of models' } }, link(state.page - 1, '← Previous', 'prev'), h('span', {}, `Page ${state.page} of ${pages}`), link(state.page + 1, 'Next →', 'next'));
}

/** The whole catalogue from models.json: search, author and capability filters, any sort, pages. */
export const modelsPage: Page = async ({ main, query, noteMeta }) => {
  const response = await api.models();
  noteMeta(response.meta);
  const models = response.data as ModelEntry[];
  const parsed = parseCatalogueAddress(query, new Set(models.map((m) => m.author)));
  if (!parsed.ok) {
    const { problem } = parsed;
    replaceChildren(
      main,
      pageTitle(problem.kind === 'not_found' ? 'No such models' : 'Unknown filter'),
      note(problem.message, 'error'),
      h('p', {}, h('a', { attrs: { href: routes.models() } }, `See all ${plural(models.length, 'model')}`)),
    );
    return;
  }
  let state = parsed.state;
  const status = h('p', { class: 'lead', attrs: { role: 'status', 'aria-live': 'polite', 'data-count': '' } });
  const results = h('div', { class: 'results' });
  const mixNow = state.mix === null ? new URLSearchParams() : mixParams(state.mix);
  const mixGroup = h('fieldset', { class: 'mix' }, h('legend', {}, 'Cost of a request (tokens): fill in to price and sort every model'), ...mixFields(mixNow, 'f'));
  const form = h('form', { class: 'filters', attrs: { 'aria-label': 'Search and filters', role: 'search' } }, searchField(state.q), authorField(models, state.author), ...sharedFilterFields(catalogueParams(state)), mixGroup);
  // The cost index is asked for once, when a mix is first stated; each mix is priced once.
  let candidates: Promise<CostCandidate[]> | null = null;
  let costs: { key: string; costs: MixCosts } | null = null;
  const costsOf = async (s: CatalogueState): Promise<MixCosts | null> => {
    if (s.mix === null) return null;
    const key = mixParams(s.mix).toString();
    if (costs !== null && costs.key === key) return costs.costs;
    candidates ??= api.costIndex().then((r) => readCostIndex(r.data));
    const priced = mixCosts(await candidates, s.mix);
    costs = { key, costs: priced };
    return priced;
  };
  // The API names, asked for once as the page opens (without holding up its first draw), so a
  // search reads them as soon as it is typed; a site without them searches names and ids.
  const apiNames = api.apiNames().then((r) => apiNamesByModel(r.data as Pick<ApiNamesIndex, 'providers'>)).catch(() => new Map<string, string[]>());
  const apiNamesOf = async (s: CatalogueState): Promise<Map<string, string[]>> => (s.q === '' ? new Map() : apiNames);
  const tabs = viewTabs('all', { all: routes.models(), cheapest: routes.cheapest() });

  const draw = async () => {
    const drawn = state;
    const mixed = await costsOf(drawn);
    const names = await apiNamesOf(drawn);
    // A newer change drew (or will draw) the page: this one is out of date.
    if (drawn !== state) return;
    const view = viewCatalogue(models, state, mixed ?? undefined, names);
    const sortText = `sorted by ${state.sort === 'name' ? 'name' : COLUMN_LABELS[state.sort].toLowerCase()} (${state.order === 'asc' ? 'ascending' : 'descending'})`;
    status.dataset.count = String(view.matched.length);
    const search = state.q === '' ? '' : ` matching ${quoted(state.q)}`;
    status.textContent =
      view.matched.length === 0
        ? `No model${search} passes these filters.`
        : `${view.from}–${view.from + view.rows.length - 1} of ${plural(view.matched.length, 'model')}${search}, ${sortText}. Prices in USD per 1M tokens${mixed === null ? '' : `; cost in USD of the stated request, each model at its cheapest known offer (${plural(mixed.size, 'model')} with a known cost)`}.`;
    // A page past the last one is an address we cannot show: say so rather than show nothing.
    const missingPage = view.matched.length > 0 && state.page > view.pages;
    redrawKeepingFocus(results, () =>
      replaceChildren(
        results,
        missingPage ? note(`There is no page ${state.page}: these filters give ${plural(view.pages, 'page')}.`, 'error') : null,
        view.rows.length === 0 ? null : modelTable('Models, USD per 1M tokens', view.rows, { key: state.sort, order: state.order }, onSort, mixed),
        view.pages > 1 || missingPage ? pager(state, view.pages, go) : null,
      ),
    );
    history.replaceState(null, '', routes.models(catalogueParams(state)));
    tabs.querySelector('a[href^="#/cheapest"]')?.setAttribute('href', routes.cheapest(sharedFilters(catalogueParams(state))));
  };
  const onSort = (key: Parameters<typeof nextSort>[1]) => {
    const sort = nextSort({ key: state.sort, order: state.order }, key);
    state = { ...state, sort: sort.key, order: sort.order, page: 1 };
    void draw();
  };
  const go = async (page: number) => {
    state = { ...state, page };
    await draw();
    status.scrollIntoView({ block: 'nearest' });
    results.querySelector<HTMLAnchorElement>(`.pager a[data-page="${page + 1}"], .pager a[data-page="${page - 1}"]`)?.focus();
  };
  const onInput = () => {
    const next = parseCatalogueAddress(readForm(form), new Set(models.map((m) => m.author)));
    if (!next.ok) {
      status.textContent = next.problem.message;
      return;
    }
    // A changed filter starts again at the first page; the sort stays, except that a first mix
    // ranks by its cost (from the default order) and a cost sort without a mix goes back to names.
    const first = state.mix === null && next.state.mix !== null && state.sort === 'name';
    const gone = next.state.mix === null && state.sort === 'cost';
    const sort = first || gone ? { sort: next.state.sort, order: next.state.order } : { sort: state.sort, order: state.order };
    state = { ...next.state, ...sort, page: 1 };
    void draw();
  };
  form.addEventListener('input', onInput);
  form.addEventListener('change', onInput);
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    onInput();
  });
  main.replaceChildren(pageTitle('Models'), tabs, form, status, results);
  await draw();
};
