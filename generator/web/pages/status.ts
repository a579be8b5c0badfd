import type { ServiceDetail, ServiceEntry, ServiceListEntry } from '../../render/status.js';
import { api, type Page } from '../context.js';
import type { LiveFallback } from '../../client/client.js';
import { routes } from '../../render/page-routes.js';
import { externalLink, h, scrollTable, replaceChildren, type Child } from '../dom.js';
import { formatLatency, formatShare, formatTime, formatUptime, statusWords } from '../format.js';
import { dataAge, newestTime, plural, REFRESH_MINUTES } from '../freshness.js';
import { addDays } from '../../models/dates.js';
import { cell, errorMessage, note, pageTitle, table } from './common.js';
import { dayText, uptimeBar, type BarDay } from './uptime-bar.js';
import { liveLine, liveObservedAt } from './live-line.js';
import { healthText, incidentItem } from './model-words.js';
import { modelsInTrouble } from './models-in-trouble.js';

type Incident = ServiceEntry['active_incidents'][number];

/** The combined status; once the data is stale it reads as the past it is ("Was operational"), in grey. */
function statusBadge(status: string, stale: boolean): HTMLElement {
  if (stale && status !== 'unknown') return h('span', { class: 'status status-unknown', attrs: { 'data-status': status } }, `Was ${statusWords(status).toLowerCase()}`);
  return h('span', { class: `status status-${status}`, attrs: { 'data-status': status } }, statusWords(status));
}

/** The service's newest observation (page read or probe), and whether it missed two refreshes. */
function serviceAge(service: ServiceEntry, now: number) {
  return dataAge(newestTime(service.official.fetched_at, service.probe?.checked_at), now);
}

/** "69 days ago", or a plain statement when there is no time. */
function ago(at: string | null | undefined, now: number): string {
  const age = dataAge(at, now).age;
  return age === null ? 'never' : age === 'less than a minute' ? 'just now' : `${age} ago`;
}

/** What the official status page says, or why there is nothing to say. */
function officialText(service: ServiceEntry, now: number): Child[] {
  const o = service.official;
  if (o.platform === 'none') {
    return o.url === null ? ['No machine-readable status page: our probe is the only check.'] : ['No machine-readable ', externalLink(o.url, 'status page'), ': our probe is the only check.'];
  }
  if (o.error !== null) {
    const last = o.fetched_at === null ? ' No good read yet.' : ` Last good read ${ago(o.fetched_at, now)}: “${o.description}”.`;
    return [h('span', { class: 'problem' }, `Could not read the status page: ${o.error}.`), last];
  }
  if (o.fetched_at === null) return ['Status page not read yet.'];
  return [externalLink(o.url, o.description || o.indicator), ` (read ${ago(o.fetched_at, now)}${o.stale ? ', stale' : ''})`];
}

/** What our probe saw, or why there is no probe result. */
function probeText(service: ServiceEntry, now: number): string {
  const probe = service.probe;
  if (probe === null) return service.probe_configured === false ? 'No probe configured for this service.' : 'Not probed yet.';
  const when = ` (checked ${ago(probe.checked_at, now)})`;
  if (probe.ok === null) return `Inconclusive: every probe failed at once, most likely our own network${when}.`;
  const answer = probe.http_status === null ? (probe.error ?? 'no answer') : `HTTP ${probe.http_status}`;
  return `${probe.ok ? 'Reachable' : 'Failing'}: ${answer}, ${formatLatency(probe.latency_ms)}${when}.`;
}

/** The third signal: the share of requests failing on the service's own endpoints (real traffic), or why there is none. */
function trafficText(service: ServiceEntry, now: number): Child[] {
  const traffic = (service as Partial<ServiceEntry>).traffic;
  if (traffic === undefined) return ['No real-traffic figures in this response.'];
  if (traffic.failing_share === null || traffic.counted_endpoints === 0) return ['No fresh real-traffic figures for its own endpoints.'];
  const counted = `${plural(traffic.counted_endpoints, 'endpoint')} of ${plural(traffic.counted_models, 'model')}`;
  return [healthText(traffic.health, dataAge(traffic.observed_at, now).stale), `: ${formatShare(traffic.failing_share)} of requests failing over 5 minutes (${counted}, read ${ago(traffic.observed_at, now)}).`];
}

/** The official status, the probe and real traffic, side by side (stacked on a phone), never averaged. */
function sides(service: ServiceEntry, now: number): HTMLElement {
  return h(
    'dl',
    { class: 'sides' },
    h('div', {}, h('dt', {}, 'Official status page'), h('dd', {}, ...officialText(service, now))),
    h('div', {}, h('dt', {}, 'Our probe'), h('dd', {}, probeText(service, now))),
    h('div', { attrs: { 'data-signal': 'traffic' } }, h('dt', {}, 'Real traffic'), h('dd', {}, ...trafficText(service, now))),
  );
}

/** A stale marker when the service's newest observation is older than two refreshes. */
function staleness(service: ServiceEntry, now: number): HTMLElement {
  const age = serviceAge(service, now);
  if (age.age === null) return h('p', { class: 'service-age muted' }, 'No observation recorded yet.');
  return h(
    'p',
    { class: `service-age${age.stale ? ' stale' : ' muted'}` },
    age.stale ? h('span', { class: 'tag-stale' }, 'Stale') : null,
    age.stale ? ` Latest observation ${age.age} old.` : `Latest observation ${age.age} old.`,
  );
}

/** The board's bar from status.json's compact summary: one figure a day. */
function summaryDays(summary: ServiceListEntry['uptime_90d_summary'] | undefined): BarDay[] | null {
  if (summary === undefined || !Array.isArray(summary.uptime) || !/^\d{4}-\d{2}-\d{2}$/.test(summary.first_date)) return null;
  return summary.uptime.map((uptime, i) => ({ date: addDays(summary.first_date, i), uptime }));
}

function serviceCard(service: ServiceListEntry, now: number): HTMLElement {
  const days = summaryDays(service.uptime_90d_summary);
  return h(
    'article',
    { class: 'service', attrs: { 'data-service': service.id } },
    h('div', { class: 'service-head' }, h('h2', {}, h('a', { attrs: { href: routes.status(service.id) } }, service.name)), statusBadge(service.status, serviceAge(service, now).stale)),
    staleness(service, now),
    sides(service, now),
    days === null ? note('No 90-day summary in this response.') : uptimeBar(days, (d) => `${d.date}: ${formatUptime(d.uptime)}`),
    service.active_incidents.length === 0 ? null : h('ul', { class: 'incidents', attrs: { 'aria-label': `Active incidents at ${service.name}` } }, ...service.active_incidents.map(incidentItem)),
  );
}

/** A card that cannot be drawn says so, and which service it is: never a blank card. */
function safeCard(entry: unknown, now: number): HTMLElement {
  try {
    return serviceCard(entry as ServiceListEntry, now);
  } catch (error) {
    const id = typeof (entry as { id?: unknown } | null)?.id === 'string' ? (entry as { id: string }).id : 'Unnamed service';
    return h('article', { class: 'service', attrs: { 'data-service': id } }, h('div', { class: 'service-head' }, h('h2', {}, id)), note(`This service's entry could not be read (${errorMessage(error)}).`, 'error'));
  }
}

/**
 * How old the page's data is, against the reader's clock; a warning once it missed two refreshes.
 * A live answer says so, with the age of the monitor's newest observation instead.
 */
function freshness(meta: Record<string, unknown>, fallback: LiveFallback | null, now: number): Child[] {
  const line = liveLine(meta, fallback, now);
  if (liveObservedAt(meta) !== null) return [line];
  return [line, boardFreshness(typeof meta.checked_at === 'string' ? meta.checked_at : null, now)];
}

function boardFreshness(checkedAt: string | null, now: number): HTMLElement {
  const age = dataAge(checkedAt, now);
  if (age.age === null) return note('No status check has been recorded yet.');
  const cadence = `the checks are meant to run every ${REFRESH_MINUTES} minutes`;
  if (age.stale) return h('p', { class: 'note note-warning', attrs: { 'data-age': 'stale' } }, h('strong', {}, `This status data is ${age.age} old.`), ` Last checked ${formatTime(checkedAt)}; ${cadence}. What it shows may no longer be true.`);
  return h('p', { class: 'lead', attrs: { 'data-age': 'fresh' } }, `Checked ${ago(checkedAt, now)} (${formatTime(checkedAt)}); ${cadence}.`);
}

const LEGEND: Array<[string, string]> = [['day-ok', '99.9% or more'], ['day-minor', '95% or more'], ['day-major', 'less'], ['day-none', 'no data']];

export const statusBoard: Page = async ({ main, noteMeta, now }) => {
  // The models' status is read beside the services'; a failure of it leaves the services shown.
  const [response, models] = await Promise.all([api.status(), api.modelStatus().catch((error: unknown) => (error instanceof Error ? error : new Error(String(error))))]);
  noteMeta(response.meta);
  const services = Array.isArray(response.data) ? (response.data as unknown[]) : [];
  const clock = now();
  // Counted as the cards read: a stale "operational" counts as "was operational".
  const counts = new Map<string, number>();
  for (const s of services) {
    let label = 'unknown';
    try {
      label = statusBadge((s as ServiceEntry).status, serviceAge(s as ServiceEntry, clock).stale).textContent!.toLowerCase();
    } catch {
      // An unreadable entry counts as unknown; its card says why.
    }
    counts.set(label, (counts.get(label) ?? 0) + 1);
  }
  replaceChildren(
    main,
    pageTitle('AI service status'),
    ...freshness(response.meta, response.fallback, clock),
    modelsInTrouble(models, clock),
    h('h2', { class: 'board-heading' }, 'Services'),
    h('p', {}, `${plural(services.length, 'service')}: `, [...counts].map(([label, n]) => `${n} ${label}`).join(', '), '.'),
    h('p', { class: 'legend muted' }, 'Each bar: the last 90 days, one a day, oldest first: ', ...LEGEND.flatMap(([shade, text], i) => [h('span', { class: `swatch ${shade}`, attrs: { 'aria-hidden': 'true' } }), ` ${text}${i < LEGEND.length - 1 ? ', ' : '.'}`])),
    services.length === 0 ? note('No services are monitored (data/services.json is empty).') : h('div', { class: 'board' }, ...services.map((s) => safeCard(s, clock))),
  );
};

export const servicePage: Page = async ({ main, params, noteMeta, now }) => {
  const id = params.join('/');
  const response = await api.service(id);
  noteMeta(response.meta);
  const service = response.data as ServiceDetail;
  const clock = now();
  const rows = service.recent_incidents.map((i) =>
    h('tr', {}, cell(externalLink(i.url, i.name)), cell(i.status), cell(i.impact), cell(formatTime(i.started_at)), cell(formatTime(i.resolved_at)), cell(i.source)),
  );
  replaceChildren(
    main,
    pageTitle(service.name),
    h('div', { class: 'service-head' }, statusBadge(service.status, serviceAge(service, clock).stale)),
    ...freshness(response.meta, response.fallback, clock),
    staleness(service, clock),
    sides(service, clock),
    h('h2', {}, '90-day uptime'),
    uptimeBar(service.uptime_90d, (d) => dayText(d as ServiceDetail['uptime_90d'][number], service.recent_incidents)),
    h('h2', {}, 'Active incidents'),
    service.active_incidents.length === 0 ? note('None.') : h('ul', { class: 'incidents' }, ...service.active_incidents.map(incidentItem)),
    h('h2', {}, 'Recent incidents'),
    rows.length === 0 ? note('None recorded in the last 90 days.') : scrollTable('Recent incidents', table('Recent incidents', ['Incident', 'Status', 'Impact', 'Started', 'Resolved', 'Source'], rows)),
    h('p', {}, 'JSON: ', h('a', { attrs: { href: `api/v1/status/${service.id}.json` } }, `/api/v1/status/${service.id}`), ' · Badges: ', h('a', { attrs: { href: `api/v1/badges/${service.id}/status.json` } }, 'status'), ', ', h('a', { attrs: { href: `api/v1/badges/${service.id}/uptime.json` } }, 'uptime')),
  );
};
