import type { PriceChange } from '../../types/api-types.js';
import { statedWindow } from '../../render/change-window.js';
import { orderDeprecations, relativeDay, type DeprecationRow } from '../deprecations.js';
import { plural, utcDate } from '../freshness.js';
import { api, type Page } from '../context.js';
import { routes } from '../../render/page-routes.js';
import { externalLink, h, scrollTable, replaceChildren } from '../dom.js';
import { formatChangePct, formatPrice, formatTime } from '../format.js';
import { cell, note, pageTitle, table } from './common.js';

const modelLink = (id: string, name: string) => h('a', { attrs: { href: routes.model(id) } }, name);

/** Fields the data-truth work adds to a change (#27); changes from older data lack them and show their time alone. */
type Change = PriceChange & Partial<Pick<PriceChange, 'previous_seen_at' | 'source_date' | 'upcoming'>>;

/** When a change happened, as honestly as the data knows it. */
function changeWhen(c: Change): string {
  if (c.upcoming === true) return `from ${c.source_date ?? formatTime(c.at)} (announced)`;
  if (c.source_date != null) return `${c.source_date} (dated by its source)`;
  const window = statedWindow(c);
  return window === null ? formatTime(c.at) : `between ${formatTime(window.from)} and ${formatTime(window.to)}`;
}

export const priceChangesPage: Page = async ({ main, noteMeta }) => {
  const response = await api.priceChanges();
  noteMeta(response.meta);
  const changes = response.data as Change[];
  const rows = changes.map((c) =>
    h(
      'tr',
      { class: c.upcoming === true ? 'upcoming' : undefined },
      cell(changeWhen(c)),
      h('th', { attrs: { scope: 'row' } }, modelLink(c.model_id, c.name)),
      cell(`${formatPrice(c.previous.input)} → ${formatPrice(c.current.input)}`, 'num'),
      cell(`${formatPrice(c.previous.output)} → ${formatPrice(c.current.output)}`, 'num'),
      cell(formatChangePct(c.change_pct), `num ${c.change_pct === null ? '' : c.change_pct < 0 ? 'down' : 'up'}`),
    ),
  );
  replaceChildren(
    main,
    pageTitle('Price changes'),
    h(
      'p',
      { class: 'lead' },
      "Every change of the last 90 days (at least the latest 100), newest first, and the changes a maker dates ahead. A change seen between two reads shows when the old price was last seen and the new one first seen. USD per 1M tokens. ",
      h('a', { attrs: { href: 'api/v1/feeds/price-changes.atom' } }, 'Atom feed'),
    ),
    rows.length === 0 ? note('No price changes recorded.') : scrollTable('Price changes', table('Price changes', ['When', 'Model', 'Input', 'Output', 'Blended change'], rows)),
  );
};

export const deprecationsPage: Page = async ({ main, noteMeta, now }) => {
  const response = await api.deprecations();
  noteMeta(response.meta);
  const today = utcDate(now());
  const shown = orderDeprecations(response.data as DeprecationRow[], today);
  const announced = shown.some((d) => d.row.deprecated_at != null);
  const rows = shown.map(({ row, retired, days, replacementId }) =>
    h(
      'tr',
      { class: retired ? 'retired' : undefined, attrs: { 'data-model': row.model_id } },
      cell(row.retirement_date, 'date'),
      cell(relativeDay(days)),
      h('th', { attrs: { scope: 'row' } }, modelLink(row.model_id, row.name)),
      announced ? cell(row.deprecated_at ?? '—', 'date') : null,
      cell(replacementId !== null ? modelLink(replacementId, row.replacement ?? replacementId) : (row.replacement ?? '—')),
      cell(externalLink(row.source_url, h('span', {}, 'source', h('span', { class: 'visually-hidden' }, ` of ${row.name}`)))),
    ),
  );
  const upcoming = shown.filter((d) => !d.retired).length;
  const headers = ['Retires', 'When', 'Model', ...(announced ? ['Announced'] : []), 'Replacement', 'Source'];
  replaceChildren(
    main,
    pageTitle('Deprecations'),
    h(
      'p',
      { class: 'lead' },
      `Models with an announced retirement date: ${plural(upcoming, 'upcoming retirement')} first, soonest first, then ${plural(shown.length - upcoming, 'retired model')}, most recent first, judged on today's date (${today}, UTC). `,
      h('a', { attrs: { href: 'api/v1/feeds/deprecations.atom' } }, 'Atom feed'),
      ' · ',
      h('a', { attrs: { href: 'api/v1/feeds/retirements.ics' } }, 'Calendar (iCalendar)'),
    ),
    rows.length === 0 ? note('No retirements announced.') : scrollTable('Deprecations', table('Deprecations', headers, rows)),
  );
};
