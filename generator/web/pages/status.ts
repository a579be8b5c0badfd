import type { ServiceDetail, ServiceEntry } from '../../render/status.js';
import { api, type Page } from '../context.js';
import { routes } from '../routes.js';
import { externalLink, h, scrollTable, replaceChildren } from '../dom.js';
import { formatLatency, formatTime, formatUptime, meanUptime, statusWords, uptimeClass } from '../format.js';
import { cell, note, pageTitle, table } from './common.js';

type Incident = ServiceEntry['active_incidents'][number];

function statusBadge(status: string): HTMLElement {
  return h('span', { class: `status status-${status}` }, statusWords(status));
}

/** 90 small bars, oldest first; the label and each bar's title carry the numbers as text. */
type RecentIncident = ServiceDetail['recent_incidents'][number];

/** The incidents that were open at some time during the UTC day. */
function incidentsOn(date: string, incidents: readonly RecentIncident[]): RecentIncident[] {
  const start = `${date}T00:00:00Z`;
  const end = `${date}T23:59:59Z`;
  return incidents.filter((i) => i.started_at !== null && i.started_at <= end && (i.resolved_at === null || i.resolved_at >= start));
}

/** What one day of the bar says: both figures and the day's incidents. */
export function dayText(day: ServiceDetail['uptime_90d'][number], incidents: readonly RecentIncident[]): string {
  const on = incidentsOn(day.date, incidents);
  const list = on.length === 0 ? 'no incidents' : `incidents: ${on.map((i) => `${i.name} (${i.impact})`).join('; ')}`;
  return `${day.date}: official ${formatUptime(day.official)}, our probes ${formatUptime(day.probe)}; ${list}`;
}

/**
 * The 90-day bar: each day colored by the combined figure, its official and probe figures and
 * incidents on hover and on keyboard focus (one tab stop per bar; arrow keys move between days),
 * shown in a line under the bar that screen readers hear.
 */
export function uptimeBar(days: ServiceDetail['uptime_90d'], incidents: readonly RecentIncident[] = []): HTMLElement {
  const mean = meanUptime(days);
  const detail = h('p', { class: 'uptime-detail muted', attrs: { 'aria-live': 'polite' } });
  const show = (text: string) => () => {
    detail.textContent = text;
  };
  const cells = days.map((d, i) => {
    const text = dayText(d, incidents);
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

function incidentItem(incident: Incident & { resolved_at?: string | null }): HTMLLIElement {
  return h(
    'li',
    { class: 'incident' },
    externalLink(incident.url, h('span', { class: 'incident-name' }, incident.name)),
    ' ',
    h('span', { class: 'muted' }, `${incident.status}, ${incident.impact} impact, since ${formatTime(incident.started_at)}`),
    incident.resolved_at ? h('span', { class: 'muted' }, `, resolved ${formatTime(incident.resolved_at)}`) : null,
  );
}

function probeText(service: ServiceEntry): string {
  const probe = service.probe;
  if (probe === null) return 'no probe';
  if (probe.ok === null) return 'probe inconclusive';
  const answer = probe.http_status === null ? (probe.error ?? 'no answer') : `HTTP ${probe.http_status}`;
  return `${probe.ok ? 'reachable' : 'failing'}: ${answer}, ${formatLatency(probe.latency_ms)}`;
}

function serviceCard(service: ServiceEntry, detail: ServiceDetail | null): HTMLElement {
  return h(
    'article',
    { class: 'service', attrs: { 'data-service': service.id } },
    h('h2', {}, h('a', { attrs: { href: routes.status(service.id) } }, service.name)),
    statusBadge(service.status),
    h('p', { class: 'service-line' }, 'Official: ', externalLink(service.official.url, service.official.description || service.official.indicator), service.official.stale ? ' (stale)' : ''),
    h('p', { class: 'service-line' }, 'Our probe: ', probeText(service)),
    detail === null ? note('Uptime unavailable.') : uptimeBar(detail.uptime_90d, detail.recent_incidents),
    service.active_incidents.length === 0 ? null : h('ul', { class: 'incidents', attrs: { 'aria-label': `Active incidents at ${service.name}` } }, ...service.active_incidents.map(incidentItem)),
  );
}

export const statusBoard: Page = async ({ main, noteMeta }) => {
  const response = await api.status();
  noteMeta(response.meta);
  const services = response.data as ServiceEntry[];
  // Each card's uptime bar comes from the service's own file; one failing file spoils one card only.
  const details = await Promise.all(services.map((s) => api.service(s.id).then((r) => r.data as ServiceDetail, () => null)));
  const counts = new Map<string, number>();
  for (const s of services) counts.set(s.status, (counts.get(s.status) ?? 0) + 1);
  replaceChildren(
    main,
    pageTitle('AI service status'),
    h('p', { class: 'lead' }, `${services.length} services: `, [...counts].map(([status, n]) => `${n} ${statusWords(status).toLowerCase()}`).join(', '), `. Checked ${formatTime(response.meta.checked_at as string | null)}.`),
    h('div', { class: 'board' }, ...services.map((s, i) => serviceCard(s, details[i] ?? null))),
  );
};

export const servicePage: Page = async ({ main, params, noteMeta }) => {
  const id = params.join('/');
  const response = await api.service(id);
  noteMeta(response.meta);
  const service = response.data as ServiceDetail;
  const rows = service.recent_incidents.map((i) =>
    h('tr', {}, cell(externalLink(i.url, i.name)), cell(i.status), cell(i.impact), cell(formatTime(i.started_at)), cell(formatTime(i.resolved_at)), cell(i.source)),
  );
  replaceChildren(
    main,
    pageTitle(service.name),
    statusBadge(service.status),
    h('p', {}, 'Official: ', externalLink(service.official.url, service.official.description || service.official.indicator), ` (fetched ${formatTime(service.official.fetched_at)})`),
    service.official.error ? note(`Last read of the status page failed: ${service.official.error}`, 'error') : null,
    h('p', {}, 'Our probe: ', probeText(service), ` (checked ${formatTime(service.probe?.checked_at)})`),
    h('h2', {}, '90-day uptime'),
    uptimeBar(service.uptime_90d, service.recent_incidents),
    h('h2', {}, 'Active incidents'),
    service.active_incidents.length === 0 ? note('None.') : h('ul', { class: 'incidents' }, ...service.active_incidents.map(incidentItem)),
    h('h2', {}, 'Recent incidents'),
    rows.length === 0 ? note('None recorded.') : scrollTable('Recent incidents', table('Recent incidents', ['Incident', 'Status', 'Impact', 'Started', 'Resolved', 'Source'], rows)),
    h('p', {}, 'JSON: ', h('a', { attrs: { href: `api/v1/status/${service.id}.json` } }, `/api/v1/status/${service.id}`), ' · Badges: ', h('a', { attrs: { href: `api/v1/badges/${service.id}/status.json` } }, 'status'), ', ', h('a', { attrs: { href: `api/v1/badges/${service.id}/uptime.json` } }, 'uptime')),
  );
};

