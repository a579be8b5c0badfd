import type { Deprecation, PriceChange } from '../../render/api-types.js';
import { api, type Page } from '../context.js';
import { routes } from '../routes.js';
import { externalLink, h, scrollTable, replaceChildren } from '../dom.js';
import { formatChangePct, formatPrice, formatTime } from '../format.js';
import { cell, note, pageTitle, table, yesNo } from './common.js';

const modelLink = (id: string, name: string) => h('a', { attrs: { href: routes.model(id) } }, name);

export const priceChangesPage: Page = async ({ main, noteMeta }) => {
  const response = await api.priceChanges();
  noteMeta(response.meta);
  const changes = response.data as PriceChange[];
  const rows = changes.map((c) =>
    h(
      'tr',
      {},
      cell(formatTime(c.at)),
      h('th', { attrs: { scope: 'row' } }, modelLink(c.model_id, c.name)),
      cell(`${formatPrice(c.previous.input)} → ${formatPrice(c.current.input)}`, 'num'),
      cell(`${formatPrice(c.previous.output)} → ${formatPrice(c.current.output)}`, 'num'),
      cell(formatChangePct(c.change_pct), `num ${c.change_pct === null ? '' : c.change_pct < 0 ? 'down' : 'up'}`),
    ),
  );
  replaceChildren(
    main,
    pageTitle('Price changes'),
    h('p', { class: 'lead' }, 'Every change of the last 90 days (at least the latest 100), newest first. USD per 1M tokens. ', h('a', { attrs: { href: 'api/v1/feeds/price-changes.atom' } }, 'Atom feed')),
    rows.length === 0 ? note('No price changes recorded.') : scrollTable('Price changes', table('Price changes', ['When', 'Model', 'Input', 'Output', 'Blended change'], rows)),
  );
};

export const deprecationsPage: Page = async ({ main, noteMeta }) => {
  const response = await api.deprecations();
  noteMeta(response.meta);
  const items = response.data as Deprecation[];
  const rows = items.map((d) =>
    h(
      'tr',
      { class: d.retired ? 'retired' : undefined },
      cell(d.retirement_date),
      h('th', { attrs: { scope: 'row' } }, modelLink(d.model_id, d.name)),
      cell(yesNo(d.retired)),
      cell(d.replacement === null ? '—' : modelLink(d.replacement, d.replacement)),
      cell(externalLink(d.source_url, 'source')),
    ),
  );
  replaceChildren(
    main,
    pageTitle('Deprecations'),
    h('p', { class: 'lead' }, 'Models with an announced retirement date, soonest first. ', h('a', { attrs: { href: 'api/v1/feeds/deprecations.atom' } }, 'Atom feed'), ' · ', h('a', { attrs: { href: 'api/v1/feeds/retirements.ics' } }, 'Calendar (iCalendar)')),
    rows.length === 0 ? note('No retirements announced.') : scrollTable('Deprecations', table('Deprecations', ['Retires', 'Model', 'Retired', 'Replacement', 'Source'], rows)),
  );
};
