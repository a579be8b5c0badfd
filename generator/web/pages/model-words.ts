/**
 * Model status in words (docs/api.md, "The state of a model"): the state as a badge, why, each
 * provider endpoint's health, and an incident as a list item. Shared by the model page and the
 * status board.
 */
import type { EndpointHealthName, ModelIncident, ModelStateName } from '../../types/api-types.js';
import { routes } from '../../render/page-routes.js';
import { externalLink, h } from '../dom.js';
import { formatTime } from '../format.js';

const STATE_WORDS: Record<ModelStateName, string> = { operational: 'Operational', degraded: 'Degraded', outage: 'Outage', unknown: 'Unknown' };
/** The stylesheet's status colours: a model's outage is the services' major outage red. */
const STATE_CLASS: Record<ModelStateName, string> = { operational: 'operational', degraded: 'degraded', outage: 'major_outage', unknown: 'unknown' };

/** Why a model reads its state (status/model-state.ts STATE_REASONS), as a clause. */
export const REASON_WORDS: Record<string, string> = {
  incident: 'an open official incident names it',
  all_providers_down: 'every provider with figures is failing it',
  no_provider_up: 'no provider serves it fully',
  most_providers_failing: 'more than half of its providers are failing it',
  some_providers_failing: 'some providers are failing it, the others serve it',
  providers_up: 'every provider with figures serves it',
  no_figures: 'no real-traffic figures yet (OpenRouter publishes none for it, or none has been read)',
  figures_stale: 'its newest figures are over an hour old, too old to trust',
  no_traffic: 'its figures show no requests to judge by',
};

export const reasonWords = (reason: string): string => REASON_WORDS[reason] ?? reason.replace(/_/g, ' ');

/**
 * The state as a badge. Once the judgement is stale on the reader's clock it reads as the past
 * ("Was operational"), in grey, as the services' badges do.
 */
export function modelStateBadge(state: ModelStateName, stale = false): HTMLElement {
  const known = STATE_WORDS[state] ?? state;
  if (stale && state !== 'unknown') return h('span', { class: 'status status-unknown', attrs: { 'data-state': state } }, `Was ${known.toLowerCase()}`);
  return h('span', { class: `status status-${STATE_CLASS[state] ?? 'unknown'}`, attrs: { 'data-state': state } }, known);
}

const HEALTH_WORDS: Record<EndpointHealthName, string> = { up: 'Up', degraded: 'Degraded', down: 'Down', unknown: 'No verdict' };

/** An endpoint's (or a service's traffic) verdict in words; from figures stale on the reader's clock, as the past ("Was down"), in grey. */
export function healthText(health: EndpointHealthName, stale = false): HTMLElement {
  const words = HEALTH_WORDS[health] ?? health;
  if (stale && health !== 'unknown') return h('span', { class: 'health health-unknown', attrs: { 'data-health': health } }, `Was ${words.toLowerCase()}`);
  return h('span', { class: `health health-${health}`, attrs: { 'data-health': health } }, words);
}

/** An incident: its name (a link to the page that published it), status, impact, start and end. */
export function incidentItem(incident: Pick<ModelIncident, 'name' | 'url' | 'status' | 'impact' | 'started_at'> & { resolved_at?: string | null; service_id?: string }): HTMLLIElement {
  return h(
    'li',
    { class: 'incident' },
    incident.service_id === undefined ? null : h('a', { class: 'incident-service', attrs: { href: routes.status(incident.service_id) } }, incident.service_id),
    incident.service_id === undefined ? null : ': ',
    externalLink(incident.url, h('span', { class: 'incident-name' }, incident.name)),
    ' ',
    h('span', { class: 'muted' }, `${incident.status}, ${incident.impact} impact, since ${formatTime(incident.started_at)}`),
    incident.resolved_at ? h('span', { class: 'muted' }, `, resolved ${formatTime(incident.resolved_at)}`) : null,
  );
}
