import { ModelPulseError, type CheapestResponse } from '../../client/client.js';
import type { ModelEntry } from '../../render/api-types.js';
import { api, type Page } from '../context.js';
import { routes } from '../routes.js';
import { h, replaceChildren, scrollTable } from '../dom.js';
import { formatPrice, formatTokens } from '../format.js';
import { cell, errorMessage, note, pageTitle } from './common.js';

/** The table's sortable columns, each with how to read the value it sorts by. */
export const SORT_KEYS = ['name', 'blended', 'input', 'output', 'context', 'intelligence'] as const;
export type SortKey = (typeof SORT_KEYS)[number];

const sortValue: Record<SortKey, (m: ModelEntry) => number | string | null> = {
  name: (m) => m.name.toLowerCase(),
  blended: (m) => m.price.blended,
  input: (m) => m.price.input,
  output: (m) => m.price.output,
  context: (m) => m.context_length,
  intelligence: (m) => m.benchmarks.intelligence_index,
};

/** Pure: a stable sort in either direction; unknown values always go last. */
export function sortModels(models: readonly ModelEntry[], key: SortKey, direction: 'ascending' | 'descending'): ModelEntry[] {
  const sign = direction === 'ascending' ? 1 : -1;
  return models
    .map((model, index) => ({ model, index, value: sortValue[key](model) }))
    .sort((a, b) => {
      if (a.value === null || b.value === null) return a.value === b.value ? a.index - b.index : a.value === null ? 1 : -1;
      if (a.value !== b.value) return (a.value < b.value ? -1 : 1) * sign;
      return a.index - b.index;
    })
    .map((e) => e.model);
}

const CONTEXT_CHOICES: Array<[string, string]> = [['', 'any'], ['32000', '32K'], ['128000', '128K'], ['200000', '200K'], ['262144', '256K'], ['1000000', '1M']];
const LIMIT_CHOICES = ['5', '10', '20', '50', '100'];
const FLAGS = [['vision', 'Vision'], ['reasoning', 'Reasoning'], ['tools', 'Tools']] as const;

function select(name: string, label: string, choices: Array<[string, string]>, value: string): HTMLElement {
  const control = h('select', { attrs: { id: `f-${name}`, name } }, ...choices.map(([v, text]) => h('option', { attrs: { value: v, selected: v === value } }, text)));
  return h('div', { class: 'field' }, h('label', { attrs: { for: `f-${name}` } }, label), control);
}

function filterForm(query: URLSearchParams, onChange: (q: URLSearchParams) => void): HTMLFormElement {
  const form = h(
    'form',
    { class: 'filters', attrs: { 'aria-label': 'Filters' } },
    h('div', { class: 'field' }, h('label', { attrs: { for: 'f-min_intel' } }, 'Min. intelligence'), h('input', { attrs: { id: 'f-min_intel', name: 'min_intel', type: 'number', min: 0, max: 100, step: 1, inputmode: 'numeric', value: query.get('min_intel') ?? '' } })),
    select('min_context', 'Min. context', CONTEXT_CHOICES, query.get('min_context') ?? ''),
    ...FLAGS.map(([name, label]) => h('div', { class: 'field check' }, h('input', { attrs: { id: `f-${name}`, name, type: 'checkbox', value: '1', checked: query.get(name) === '1' } }), h('label', { attrs: { for: `f-${name}` } }, label))),
    select('limit', 'Show', LIMIT_CHOICES.map((v) => [v, v]), query.get('limit') ?? '20'),
  );
  const read = () => {
    const next = new URLSearchParams();
    for (const [name, value] of new FormData(form)) if (typeof value === 'string' && value !== '') next.set(name, value);
    return next;
  };
  form.addEventListener('change', () => onChange(read()));
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    onChange(read());
  });
  return form;
}

function capabilityText(m: ModelEntry): string {
  return FLAGS.filter(([flag]) => m.capabilities[flag]).map(([, label]) => label.toLowerCase()).join(', ') || '—';
}

const COLUMNS: Array<{ label: string; key: SortKey | null; numeric: boolean }> = [
  { label: 'Model', key: 'name', numeric: false },
  { label: 'Blended', key: 'blended', numeric: true },
  { label: 'Input', key: 'input', numeric: true },
  { label: 'Output', key: 'output', numeric: true },
  { label: 'Context', key: 'context', numeric: true },
  { label: 'Intelligence', key: 'intelligence', numeric: true },
  { label: 'Capabilities', key: null, numeric: false },
];

function modelTable(models: readonly ModelEntry[], sort: { key: SortKey; direction: 'ascending' | 'descending' } | null, onSort: (key: SortKey) => void): HTMLTableElement {
  const head = COLUMNS.map((c) => {
    const sorted = sort !== null && sort.key === c.key;
    const content = c.key === null ? c.label : h('button', { class: 'sort', attrs: { type: 'button' }, on: { click: () => onSort(c.key!) } }, c.label, h('span', { class: 'sort-mark', attrs: { 'aria-hidden': 'true' } }, sorted ? (sort!.direction === 'ascending' ? ' ▲' : ' ▼') : ''));
    return h('th', { class: c.numeric ? 'num' : undefined, attrs: { scope: 'col', 'aria-sort': sorted ? sort!.direction : null, 'data-key': c.key } }, content);
  });
  const rows = models.map((m) =>
    h(
      'tr',
      { attrs: { 'data-model': m.id } },
      h('th', { attrs: { scope: 'row' } }, h('a', { attrs: { href: routes.model(m.id) } }, m.name), h('span', { class: 'muted block' }, m.id)),
      cell(formatPrice(m.price.blended), 'num'),
      cell(formatPrice(m.price.input), 'num'),
      cell(formatPrice(m.price.output), 'num'),
      cell(formatTokens(m.context_length), 'num'),
      cell(m.benchmarks.intelligence_index ?? '—', 'num'),
      cell(capabilityText(m)),
    ),
  );
  return h('table', { class: 'models' }, h('caption', { class: 'visually-hidden' }, 'Cheapest models for the filters, USD per 1M tokens'), h('thead', {}, h('tr', {}, ...head)), h('tbody', {}, ...rows));
}

export const modelsPage: Page = async ({ main, query, noteMeta }) => {
  const status = h('p', { class: 'lead', attrs: { role: 'status', 'aria-live': 'polite' } });
  const results = h('div', {});
  let current: ModelEntry[] = [];
  let sort: { key: SortKey; direction: 'ascending' | 'descending' } | null = null;
  let request = 0;

  let loaded: string | null = null;

  const draw = () => {
    // A redraw must not drop keyboard focus from the sort button the user is on.
    const focusedKey = results.contains(document.activeElement) ? document.activeElement?.closest('th')?.getAttribute('data-key') : null;
    replaceChildren(results, scrollTable('Models', modelTable(sort === null ? current : sortModels(current, sort.key, sort.direction), sort, onSort)));
    if (focusedKey) results.querySelector<HTMLButtonElement>(`th[data-key="${focusedKey}"] button`)?.focus();
  };
  const onSort = (key: SortKey) => {
    sort = { key, direction: sort?.key === key && sort.direction === 'ascending' ? 'descending' : 'ascending' };
    draw();
  };
  const load = async (q: URLSearchParams) => {
    // A control that loses focus fires `change` again with the same filters: nothing to reload.
    if (q.toString() === loaded) return;
    loaded = q.toString();
    const mine = ++request;
    status.textContent = 'Loading…';
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
    status.textContent = `${current.length} models with a known paid price, cheapest first by blended price (${response.computed ? 'computed in your browser' : 'precomputed'}). Prices in USD per 1M tokens.`;
    draw();
  };
  const form = filterForm(query, (next) => {
    // Keep the filters in the address without re-rendering the page (focus stays on the control).
    history.replaceState(null, '', routes.models(next));
    void load(next);
  });
  main.replaceChildren(pageTitle('Models by price'), form, status, results);
  await load(query);
};
