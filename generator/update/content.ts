/**
 * The last step of `update`: fingerprints every response the build would publish from the new
 * data and records, in the content times (store/content-store.ts), when each one's content (and
 * material content) last changed. The build reads those times back as `meta.updated_at`, and the
 * deploy decision reads the material times (see publish/decide.ts).
 */
import { DEFAULT_SITE_URL } from '../config.js';
import { EMPTY_CONTENT_STATE, nextContentState, type ContentState } from '../publish/content-times.js';
import { jsonFingerprints, type Fingerprints } from '../publish/fingerprint.js';
import { isRenderedText, type RenderedFile } from '../render/rendered.js';
import { renderApi } from '../render/site.js';
import { loadContentState, saveContentState } from '../store/content-store.js';
import { loadDataset, loadSources } from '../store/data-store.js';
import { saveModelStates, type ModelStatesFile } from '../store/traffic-store.js';
import { DataFileError } from '../store/files.js';
import type { StoreRef } from '../store/store.js';

export interface ContentRunReport {
  /** Responses whose content changed in this run (new ones included). */
  changed: number;
  /** Of those, the ones whose material content changed. */
  material: number;
  files: number;
  warnings: string[];
}

/** Pure: fingerprints of every response (files with a `meta`) rendered from the data. */
export function responseFingerprints(files: ReturnType<typeof renderApi>, siteUrl: string): Map<string, Fingerprints> {
  const fingerprints = new Map<string, Fingerprints>();
  for (const file of files) {
    if (isRenderedText(file) || file.schema === null || file.schema === 'error' || file.schema === 'badge') continue;
    fingerprints.set(file.path, jsonFingerprints(file.body, siteUrl));
  }
  return fingerprints;
}

/** Records the run at `now` into state/content.json; `onRendered` receives the API as build would publish it. */
export async function recordContent(store: StoreRef, now: string, onRendered?: (files: readonly RenderedFile[]) => void): Promise<ContentRunReport> {
  const warnings: string[] = [];
  const previous = await loadContentState(store).catch((error: unknown): ContentState => {
    if (!(error instanceof DataFileError)) throw error;
    warnings.push(`${error.message}; started it afresh (every response counts as changed once)`);
    return EMPTY_CONTENT_STATE;
  });
  const dataset = await loadDataset(store);
  // Fingerprints leave the site URL out, so any URL gives the same ones.
  const siteUrl = DEFAULT_SITE_URL;
  // Rendered as this run's state will be: freshness says this run, every day-dependent judgement
  // is made at it, and as_of moves to it where the catalog changed (publish/content-times.ts).
  // Each model's state as this run judges it (kept for its `since`), and the names of incidents that
  // fit two models (attached to neither: the run report says so).
  let states: ModelStatesFile | null = null;
  const files = renderApi(dataset, { siteUrl, contentTimes: { ...previous, last_run_at: now }, run: now, onModelStates: (judged) => (states = judged), notice: (line) => warnings.push(line) });
  const next = nextContentState(previous, responseFingerprints(files, siteUrl), now);
  await saveContentState(store, next);
  if (states !== null) await saveModelStates(store, states, dataset.modelStates);
  // Stamped with the times just recorded, these files are what build renders from this state.
  onRendered?.(files);
  const entries = Object.entries(next.files);
  // Compared with what was recorded, not by time: a rerun at the same time changes nothing.
  return {
    changed: entries.filter(([path, e]) => previous.files[path]?.content !== e.content).length,
    material: entries.filter(([path, e]) => previous.files[path]?.material !== e.material).length,
    files: entries.length,
    warnings,
  };
}

/** `update` was asked to record observations at a time before the last run's. */
export class ClockWentBackError extends Error {
  override readonly name = 'ClockWentBackError';
  constructor(readonly now: string, readonly lastRunAt: string) {
    super(`the observation time ${now} is earlier than the last run (${lastRunAt}); refusing to record observations out of order. Check the clock or --now; nothing was changed.`);
  }
}

/** The newest run time data/ records: the content state's, else any source's last attempt. */
export async function lastRecordedRun(store: StoreRef): Promise<string | null> {
  const state = await loadContentState(store).catch((error: unknown) => {
    if (error instanceof DataFileError) return null;
    throw error;
  });
  const sources = await loadSources(store);
  const times = [state?.last_run_at ?? null, ...Object.values(sources).map((s) => s.last_attempt_at)].filter((t): t is string => t !== null);
  return times.sort().at(-1) ?? null;
}

/** Refuses a run whose time is before the last recorded one (a clock that jumped backwards). */
export async function assertClockForward(store: StoreRef, now: string): Promise<void> {
  const last = await lastRecordedRun(store);
  if (last !== null && now < last) throw new ClockWentBackError(now, last);
}
