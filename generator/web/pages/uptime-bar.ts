import type { ServiceDetail } from '../../render/status.js';
import { h } from '../dom.js';
import { formatUptime, meanUptime, uptimeClass } from '../format.js';

/** One day of a bar: its date and combined figure (the detail's days carry more, for `describe`). */
export interface BarDay {
  date: string;
  uptime: number | null;
}

type RecentIncident = ServiceDetail['recent_incidents'][number];

/** The incidents that were open at some time during the UTC day. */
function incidentsOn(date: string, incidents: readonly RecentIncident[]): RecentIncident[] {
  const start = `${date}T00:00:00Z`;
  const end = `${date}T23:59:59Z`;
  return incidents.filter((i) => i.started_at !== null && i.started_at <= end && (i.resolved_at === null || i.resolved_at >= start));
}

/** What one day of the service page's bar says: both figures and the day's incidents. */
export function dayText(day: ServiceDetail['uptime_90d'][number], incidents: readonly RecentIncident[]): string {
  const on = incidentsOn(day.date, incidents);
  const list = on.length === 0 ? 'no incidents' : `incidents: ${on.map((i) => `${i.name} (${i.impact})`).join('; ')}`;
  return `${day.date}: official ${formatUptime(day.official)}, our probes ${formatUptime(day.probe)}; ${list}`;
}

/**
 * The 90-day bar: each day colored by its combined figure, what `describe` says of it on hover
 * and on keyboard focus (one tab stop per bar; arrow keys move between days), shown in a line
 * under the bar that screen readers hear.
 */
export function uptimeBar<D extends BarDay>(days: readonly D[], describe: (day: D) => string): HTMLElement {
  const mean = meanUptime(days);
  const detail = h('p', { class: 'uptime-detail muted', attrs: { 'aria-live': 'polite' } });
  const show = (text: string) => () => {
    detail.textContent = text;
  };
  const cells = days.map((d, i) => {
    const text = describe(d);
    return h('span', {
      class: `day ${uptimeClass(d.uptime)}`,
      attrs: { role: 'listitem', title: text, 'aria-label': text, tabindex: i === days.length - 1 ? '0' : '-1', 'data-date': d.date },
      on: { focus: show(text), mouseenter: show(text) },
    });
  });
  const move = (event: KeyboardEvent) => {
    const at = cells.indexOf(event.target as HTMLSpanElement);
    const to = event.key === 'ArrowLeft' ? at - 1 : event.key === 'ArrowRight' ? at + 1 : event.key === 'Home' ? 0 : event.key === 'End' ? cells.length - 1 : null;
    if (at === -1 || to === null || to < 0 || to >= cells.length) return;
    event.preventDefault();
    cells[at]!.setAttribute('tabindex', '-1');
    cells[to]!.setAttribute('tabindex', '0');
    cells[to]!.focus();
  };
  return h(
    'div',
    { class: 'uptime-block' },
    h(
      'div',
      { class: 'uptime' },
      h('span', { class: 'uptime-days', attrs: { role: 'list', 'aria-label': `90-day uptime ${formatUptime(mean)}, one entry a day: use the arrow keys` }, on: { keydown: move as EventListener } }, ...cells),
      h('span', { class: 'uptime-figure', attrs: { 'aria-hidden': 'true' } }, formatUptime(mean)),
    ),
    detail,
  );
}
