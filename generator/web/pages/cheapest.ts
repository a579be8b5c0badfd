import { ModelPulseError, type CheapestResponse } from '../../client/client.js';
import type { ModelEntry } from '../../types/api-types.js';
import { sortModels } from '../catalogue.js';
import { api, type Page } from '../context.js';
import { h, replaceChildren } from '../dom.js';
import { plural } from '../freshness.js';
import { readParams } from '../../query/params.js';
import { routes } from '../../render/page-routes.js';
import { errorMessage, pageTitle } from './common.js';
import { readForm, selectField, sharedFilterFields, sharedFilters, viewTabs } from './filters.js';
import { modelTable, nextSort, redrawKeepingFocus, type TableSort } from './model-table.js';

const LIMIT_CHOICES = ['5', '10', '20', '50', '100'];

/** The `cheapest` query as a page: its filters, answered precomputed or computed in the browser. */
export const cheapestPage: Page = async ({ main, query, noteMeta }) => {
  const status = h('p', { class: 'lead', attrs: { role: 'status', 'aria-live': 'polite' } });
  const results = h('div', {});
  let current: ModelEntry[] = [];
  let sort: TableSort | null = null;
  let request = 0;
  let loaded: string | null = null;
  const tabs = viewTabs('cheapest', { all: routes.models(sharedFilters(query)), cheapest: routes.cheapest(query) });

  const draw = () =>
    redrawKeepingFocus(results, () =>
      replaceChildren(results, modelTable('Cheapest models for the filters, USD per 1M tokens', sort === null ? current : sortModels(current, sort.key, sort.order), sort, onSort)),
    );
  const onSort = (key: Parameters<typeof nextSort>[1]) => {
    sort = nextSort(sort, key);
    draw();
  };
  const load = async (q: URLSearchParams) => {
    // A control that loses focus fires `change` again with the same filters: nothing to reload.
    if (q.toString() === loaded) return;
    loaded = q.toString();
    const mine = ++request;
    status.textContent = 'Loading…';
    // A parameter given twice in the address is refused, as every host that reads values does.
    const read = readParams('cheapest', q);
    if (!read.ok && 'repeated' in read) {
      status.textContent = `Invalid filter: ${read.message}`;
      replaceChildren(results);
      return;
    }
    const input = Object.fromEntries([['limit', '20'], ...q]);
    let response: CheapestResponse;
    try {
      response = await api.cheapest(input);
    } catch (error) {
      if (mine !== request) return;
      status.textContent = error instanceof ModelPulseError && error.status === 400 ? `Invalid filter: ${error.message}` : `Could not load models: ${errorMessage(error)}`;
      replaceChildren(results);
      return;
    }
    if (mine !== request) return;
    noteMeta(response.meta);
    current = response.data as ModelEntry[];
    status.textContent = `${plural(current.length, 'model')} on sale with a known paid price, cheapest first by blended price (${response.computed ? 'computed in your browser' : 'precomputed'}). Sorting a column reorders these rows only. Prices in USD per 1M tokens.`;
    draw();
  };
  const form = h('form', { class: 'filters', attrs: { 'aria-label': 'Filters' } }, ...sharedFilterFields(query), selectField('limit', 'Show', LIMIT_CHOICES.map((v) => [v, v]), query.get('limit') ?? '20'));
  const onChange = () => {
    const next = readForm(form);
    // Keep the filters in the address without re-rendering the page (focus stays on the control).
    history.replaceState(null, '', routes.cheapest(next));
    tabs.querySelector('a')?.setAttribute('href', routes.models(sharedFilters(next)));
    void load(next);
  };
  form.addEventListener('change', onChange);
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    onChange();
  });
  main.replaceChildren(pageTitle('Cheapest models'), tabs, form, status, results);
  await load(query);
};
