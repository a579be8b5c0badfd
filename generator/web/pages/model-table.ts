import { CHEAPEST_FLAGS } from '../../query/cheapest.js';
import type { EntryStatus, ModelEntry } from '../../types/api-types.js';
import { usdAmount } from '../../render/presentation.js';
import { FIRST_ORDER, type MixCosts, type SortKey, type SortOrder } from '../catalogue.js';
import { h, scrollTable } from '../dom.js';
import { formatLatency, formatPrice, formatThroughput, formatTokens, unitPriceText, type UnitPrice } from '../format.js';
import { routes } from '../../render/page-routes.js';
import { cell } from './common.js';

export interface TableSort {
  key: SortKey;
  order: SortOrder;
}

const COLUMNS: ReadonlyArray<{ label: string; key: SortKey; numeric: boolean }> = [
  { label: 'Model', key: 'name', numeric: false },
  { label: 'Author', key: 'author', numeric: false },
  { label: 'Blended', key: 'blended', numeric: true },
  { label: 'Input', key: 'input', numeric: true },
  { label: 'Output', key: 'output', numeric: true },
  { label: 'Context', key: 'context', numeric: true },
  { label: 'Intelligence', key: 'intelligence', numeric: true },
  { label: 'Capabilities', key: 'capabilities', numeric: false },
];

/** Shown after intelligence where the rows carry a speed (the models lists; not cheapest's entries). */
const SPEED_COLUMNS = [
  { label: 'Speed', key: 'throughput', numeric: true },
  { label: 'Latency', key: 'latency', numeric: true },
] as const;

/** Shown after the author when the reader states a token mix. */
const COST_COLUMN = { label: 'Cost', key: 'cost', numeric: true } as const;

export const COLUMN_LABELS = Object.fromEntries([...COLUMNS, COST_COLUMN, ...SPEED_COLUMNS].map((c) => [c.key, c.label])) as Record<SortKey, string>;

/** A model's cost for the mix, and the offer it is at when that is not the headline price. */
function costCell(costs: MixCosts, id: string): HTMLTableCellElement {
  const estimate = costs.get(id);
  if (estimate === undefined) return cell('—', 'num');
  return h('td', { class: 'num', attrs: { 'data-cost': estimate.total_usd } }, usdAmount(estimate.total_usd), estimate.provider === null ? null : h('span', { class: 'muted block' }, `via ${estimate.provider}`));
}

/** A list entry's speed and where it comes from: OpenRouter's best provider, or Artificial Analysis' median (marked). */
function speedCells(m: ModelEntry): HTMLTableCellElement[] {
  const status = (m as { status?: EntryStatus }).status;
  const source = status?.speed_source === 'artificialanalysis' ? h('span', { class: 'muted block' }, 'Artificial Analysis') : null;
  return [
    h('td', { class: 'num', attrs: { 'data-throughput': status?.throughput_tps ?? null } }, formatThroughput(status?.throughput_tps), status?.throughput_tps == null ? null : source),
    h('td', { class: 'num', attrs: { 'data-latency': status?.latency_ms ?? null } }, formatLatency(status?.latency_ms), status?.latency_ms == null ? null : source?.cloneNode(true)),
  ];
}

function capabilityText(m: ModelEntry): string {
  return CHEAPEST_FLAGS.filter((flag) => m.capabilities[flag]).join(', ') || '—';
}

/** The next sort after a click on `key`: the other direction on the sorted column, else its first direction. */
export function nextSort(current: TableSort | null, key: SortKey): TableSort {
  if (current?.key === key) return { key, order: current.order === 'asc' ? 'desc' : 'asc' };
  return { key, order: FIRST_ORDER[key] };
}

/**
 * Models as a table in a scrollable region, every column header a sort button with `aria-sort`.
 * A redraw keeps keyboard focus on the sort button the reader was on.
 */
export function modelTable(caption: string, models: readonly ModelEntry[], sort: TableSort | null, onSort: (key: SortKey) => void, costs: MixCosts | null = null): HTMLElement {
  // Speed where the rows have it: the models lists' entries do, cheapest's do not.
  const speed = models.some((m) => (m as { status?: unknown }).status !== undefined);
  const base = speed ? [...COLUMNS.slice(0, 7), ...SPEED_COLUMNS, ...COLUMNS.slice(7)] : COLUMNS;
  const columns = costs === null ? base : [...base.slice(0, 2), COST_COLUMN, ...base.slice(2)];
  const head = columns.map((c) => {
    const sorted = sort !== null && sort.key === c.key;
    const mark = sorted ? (sort.order === 'asc' ? ' ▲' : ' ▼') : '';
    return h(
      'th',
      { class: c.numeric ? 'num' : undefined, attrs: { scope: 'col', 'aria-sort': sorted ? (sort.order === 'asc' ? 'ascending' : 'descending') : null, 'data-key': c.key } },
      h('button', { class: 'sort', attrs: { type: 'button' }, on: { click: () => onSort(c.key) } }, c.label, h('span', { class: 'sort-mark', attrs: { 'aria-hidden': 'true' } }, mark)),
    );
  });
  const rows = models.map((m) =>
    h(
      'tr',
      { attrs: { 'data-model': m.id } },
      // A model that is not a chat model says what it is (embedding, image, audio…) under its id.
      h('th', { attrs: { scope: 'row' } }, h('a', { attrs: { href: routes.model(m.id) } }, m.name), h('span', { class: 'muted block' }, m.id), m.type === undefined || m.type === 'chat' ? null : h('span', { class: 'muted block', attrs: { 'data-type': m.type } }, m.type)),
      cell(m.author),
      costs === null ? null : costCell(costs, m.id),
      // A model sold per song or image has no token price: its unit price stands in the price column.
      cell((m.price.blended === null ? unitPriceText((m as { unit_prices?: UnitPrice[] }).unit_prices) : null) ?? formatPrice(m.price.blended), 'num'),
      cell(formatPrice(m.price.input), 'num'),
      cell(formatPrice(m.price.output), 'num'),
      cell(formatTokens(m.context_length), 'num'),
      cell(m.benchmarks.intelligence_index ?? '—', 'num'),
      ...(speed ? speedCells(m) : []),
      cell(capabilityText(m)),
    ),
  );
  return scrollTable(caption, h('table', { class: 'models' }, h('caption', { class: 'visually-hidden' }, caption), h('thead', {}, h('tr', {}, ...head)), h('tbody', {}, ...rows)));
}

/** Redraws `into` with `draw()`, keeping focus on the same sort button when it had it. */
export function redrawKeepingFocus(into: HTMLElement, draw: () => void): void {
  const focusedKey = into.contains(document.activeElement) ? document.activeElement?.closest('th')?.getAttribute('data-key') : null;
  draw();
  if (focusedKey) into.querySelector<HTMLButtonElement>(`th[data-key="${focusedKey}"] button`)?.focus();
}
