/**
 * Where the status pages' data comes from (docs/website.md, "Status"): the edge monitor's live
 * answer and its age, a live answer that fell back to the static file (the Worker's reason), or
 * the static file because the live read failed (the client's reason). A site without a live
 * status URL shows nothing here: its freshness line is what it always was.
 */
import type { LiveFallback } from '../../client/client.js';
import type { LiveMeta } from '../../types/api-types.js';
import { formatTime } from '../format.js';
import { dataAge } from '../freshness.js';
import { h } from '../dom.js';

/** What a Worker's static answer means, in words (docs/api.md, "Live status"). */
const REASONS: Record<string, string> = {
  monitor_unavailable: "the monitor's database could not be read",
  monitor_empty: 'the monitor has no observation yet',
  monitor_stale: "the monitor's newest observation is over 5 minutes old",
  run_failed: "the monitor's last run failed",
};

function liveMeta(meta: Record<string, unknown>): LiveMeta | null {
  const live = meta.live as LiveMeta | undefined;
  return live !== null && typeof live === 'object' && (live.source === 'monitor' || live.source === 'static') ? live : null;
}

/** Whether the answer is the monitor's live one: then its observation time is the age to show. */
export function liveObservedAt(meta: Record<string, unknown>): string | null {
  const live = liveMeta(meta);
  return live?.source === 'monitor' && typeof live.observed_at === 'string' ? live.observed_at : null;
}

/**
 * The line that says where the data comes from, or null for a plain static site. `file` names the
 * static answer shown instead of a live one.
 */
export function liveLine(meta: Record<string, unknown>, fallback: LiveFallback | null, now: number, file = 'the static status file, as of its last check below'): HTMLElement | null {
  const live = liveMeta(meta);
  const observedAt = liveObservedAt(meta);
  if (observedAt !== null) {
    const age = dataAge(observedAt, now).age;
    const when = age === 'less than a minute' ? 'less than a minute ago' : `${age} ago`;
    return h('p', { class: 'lead', attrs: { 'data-live': 'monitor' } }, h('strong', {}, 'Live.'), ` Observed ${when} (${formatTime(observedAt)}) by the edge monitor, which checks every minute.`);
  }
  if (fallback !== null) {
    return h('p', { class: 'note note-warning', attrs: { 'data-live': 'fallback' } }, h('strong', {}, 'Live status is unavailable'), ` (${fallback.reason}): this is ${file}.`);
  }
  const reason = live?.reason ?? null;
  if (live?.source === 'static' && reason !== null && reason !== 'static_build') {
    return h('p', { class: 'note note-warning', attrs: { 'data-live': 'static' } }, h('strong', {}, 'Not live'), `: ${REASONS[reason] ?? reason}, so this is ${file}.`);
  }
  return null;
}
