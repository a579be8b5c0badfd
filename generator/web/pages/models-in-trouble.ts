/**
 * The status board's "Models in trouble now" (docs/website.md, "Status"): every model that is
 * degraded or in outage from /api/v1/status/models (read as the board's status is: live where
 * status is live, else the file), worst first as the file lists them, with why, its providers'
 * verdicts and the open incidents that name it; how many models have no verdict, and why.
 */
import type { StatusAnswer } from '../../client/client.js';
import { routes } from '../../render/page-routes.js';
import type { ModelStatusEntry } from '../../types/api-types.js';
import { h, scrollTable, type Child } from '../dom.js';
import { formatTime } from '../format.js';
import { dataAge, plural } from '../freshness.js';
import { cell, errorMessage, note, table } from './common.js';
import { liveLine, liveObservedAt } from './live-line.js';
import { incidentItem, modelStateBadge, reasonWords } from './model-words.js';

/** "12 without a verdict: 10 no real-traffic figures yet, 2 …", from `meta.unknown`. */
function unknownLine(unknown: unknown): string | null {
  if (unknown === null || typeof unknown !== 'object') return null;
  const counts = Object.entries(unknown as Record<string, unknown>).filter((e): e is [string, number] => typeof e[1] === 'number' && e[1] > 0);
  if (counts.length === 0) return null;
  const total = counts.reduce((sum, [, n]) => sum + n, 0);
  return `${plural(total, 'model')} without a verdict, not listed: ${counts.map(([reason, n]) => `${n} ${reasonWords(reason)}`).join('; ')}.`;
}

function providersText(entry: ModelStatusEntry): string {
  const p = entry.providers;
  return (['up', 'degraded', 'down', 'unknown'] as const).filter((k) => p[k] > 0).map((k) => `${p[k]} ${k === 'unknown' ? 'no verdict' : k}`).join(', ') || '—';
}

function row(entry: ModelStatusEntry, stale: boolean): HTMLTableRowElement {
  return h(
    'tr',
    { attrs: { 'data-model': entry.id } },
    h('th', { attrs: { scope: 'row' } }, h('a', { attrs: { href: routes.model(entry.id) } }, entry.name), h('span', { class: 'muted block' }, entry.id)),
    cell(modelStateBadge(entry.state, stale)),
    cell(reasonWords(entry.reason)),
    cell(providersText(entry)),
    cell(entry.open_incidents.length === 0 ? '—' : h('ul', { class: 'incidents' }, ...entry.open_incidents.map(incidentItem))),
    cell(formatTime(entry.since)),
  );
}

/** The section from the client's answer, or what went wrong reading it: the services still show. */
export function modelsInTrouble(answer: StatusAnswer | Error, now: number): HTMLElement {
  const heading = h('h2', { attrs: { id: 'models-in-trouble' } }, 'Models in trouble now');
  const section = (...children: Child[]) => h('section', { class: 'trouble', attrs: { 'aria-labelledby': 'models-in-trouble' } }, heading, ...children);
  if (answer instanceof Error) return section(note(`The models' status could not be read (${errorMessage(answer)}).`, 'error'));
  const entries = Array.isArray(answer.data) ? (answer.data as ModelStatusEntry[]) : [];
  const checkedAt = liveObservedAt(answer.meta) ?? (typeof answer.meta.checked_at === 'string' ? answer.meta.checked_at : null);
  const age = dataAge(checkedAt, now);
  const omitted = typeof answer.meta.omitted === 'number' && answer.meta.omitted > 0 ? answer.meta.omitted : 0;
  const unknown = unknownLine(answer.meta.unknown);
  return section(
    liveLine(answer.meta, answer.fallback, now, 'the static file of the last status check'),
    h('p', { class: 'lead' }, 'Models that real traffic or an official incident shows degraded or down, judged from each provider serving them (OpenRouter) and the incidents that name them.', age.age === null ? '' : ` As of ${formatTime(checkedAt)} (${age.age} ago).`),
    entries.length === 0
      ? note(checkedAt === null ? 'No status check has judged the models yet.' : 'No model is degraded or down: every model with a verdict is served.')
      : scrollTable('Models in trouble now', table(`Models degraded or down (${entries.length})`, ['Model', 'State', 'Why', 'Providers', 'Open incidents', 'Since'], entries.map((e) => row(e, age.stale)))),
    omitted === 0 ? null : note(`${plural(omitted, 'more model')} not listed (the list holds the worst first).`),
    unknown === null ? null : h('p', { class: 'muted', attrs: { 'data-unknown': '' } }, unknown),
  );
}
