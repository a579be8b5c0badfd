/**
 * What `npm run update` reports when it ends: the detail sections, one summary table (one row per
 * source and per service) as text and as GitHub-flavoured Markdown, GitHub annotations, and the
 * exit status. Pure: the CLI decides where the lines go.
 */
import { causeLines } from '../text/cause-lines.js';
import type { FactsRunReport } from './facts.js';
import type { SourceRunReport } from './models.js';
import type { ServiceLine, StatusRunReport } from './status.js';
import type { TrafficRunReport } from './traffic.js';

/**
 * The exit statuses of `npm run update`. The scheduled workflow publishes on `ok` and `partial`
 * (failed reads keep their last good data, marked stale, so data/ stays consistent) and stops on
 * the others.
 */
export const UPDATE_EXIT = {
  ok: 0,
  /** Some source or service could not be read; its last good data is kept and marked stale. */
  partial: 1,
  usage: 2,
  /** A stage stopped (a broken data file, a bug): data/ may be incomplete; publish nothing. */
  stopped: 3,
} as const;

export interface StageStop {
  stage: string;
  message: string;
}

export interface UpdateOutcome {
  /** The observation time recorded by this run. */
  now: string;
  models: SourceRunReport[];
  facts: FactsRunReport[];
  status: StatusRunReport[];
  /** The endpoint statistics sweep (absent in outcomes made before it existed). */
  traffic?: TrafficRunReport[];
  stopped: StageStop[];
  /** Wall-clock time of each stage that ran, in milliseconds. */
  durations: Record<string, number>;
  maxPriceFactor: number;
  /** What was rebuilt in the state store before the run (docs/operation.md); empty when nothing. */
  stateNotes?: string[];
}

/** Whether we could read it (not how the service is doing: that is in `details`). */
export type RowResult = 'ok' | 'stale' | 'failed' | 'stopped';

export interface SummaryRow {
  kind: 'source' | 'service' | 'stage';
  name: string;
  result: RowResult;
  /** Counts for a source, the combined status and what we saw for a service. */
  details: string;
  durationMs: number | null;
  error: string | null;
}

const KEPT = 'the last good data is kept and marked stale';

/** C0 and C1 control characters (CR, LF, tab, ESC, NEL…) and the Unicode line and paragraph separators. */
const CONTROL = /\r\n|[\u0000-\u001f\u007f-\u009f\u2028\u2029]/g;

/** Upstream text on one line: every control character (a CRLF pair too) becomes one space. */
export function oneLine(text: string): string {
  return text.replace(CONTROL, ' ');
}

/**
 * One console line that upstream text inside it cannot turn into a GitHub workflow command: no
 * control characters (no second line), never `::` at its start (the runner ignores leading
 * whitespace, so indenting alone is not enough), and no legacy `##[` command anywhere.
 */
export function printable(line: string): string {
  return oneLine(line)
    .replace(/^(\s*):(?=:)/, '$1: ')
    .replace(/##\[/g, '# #[');
}

export function formatDuration(ms: number | null): string {
  return ms === null ? '' : `${(ms / 1000).toFixed(1)} s`;
}

function modelsCounts(r: SourceRunReport): string {
  const s = r.summary!;
  return (
    `${s.added.length} added, ${s.updated.length} updated, ${s.price_changed.length} price changes, ` +
    `${s.delisted.length} delisted, ${s.relisted.length} relisted, ${s.held.length} held, ` +
    `${s.added_held.length > 0 ? `${s.added_held.length} new held by the growth guard, ` : ''}${r.endpointsRefreshed} endpoint lists refreshed`
  );
}

/** One service line, from the structured fields status.ts records (never from its wording). */
export function serviceRow(line: ServiceLine): SummaryRow {
  const officialFailed = line.officialRead === 'failed';
  const probeInconclusive = line.probeResult === 'inconclusive';
  // A failed probe is an observation (the API did not answer), not a failure of ours.
  const probeRead = line.probeResult === 'ok' || line.probeResult === 'failed';
  const errors: string[] = [];
  if (officialFailed) errors.push(`status page: ${line.officialError ?? 'unknown error'}`);
  if (line.probeResult === 'failed') errors.push(`probe: ${line.probeError ?? 'unknown error'}`);
  if (probeInconclusive) errors.push(`probe: inconclusive (${line.probeError ?? 'no reason given'})`);
  const official = officialFailed ? 'status page FAILED, last good kept' : line.officialRead === 'none' ? 'no official page' : line.official;
  const probe = { ok: `probe ${line.probe}`, failed: 'probe FAILED', inconclusive: 'probe inconclusive', none: 'no probe' }[line.probeResult];
  const result: RowResult = line.officialRead !== 'ok' && !probeRead ? 'failed' : officialFailed || probeInconclusive ? 'stale' : 'ok';
  return { kind: 'service', name: line.id, result, details: `${line.status}; ${official}; ${probe}`, durationMs: null, error: errors.length > 0 ? errors.join('; ') : null };
}

/** One row per source and per service, then one per stage that stopped or was refused. */
export function summaryRows(outcome: UpdateOutcome): SummaryRow[] {
  const rows: SummaryRow[] = [];
  for (const r of outcome.models) {
    rows.push(
      r.ok
        ? { kind: 'source', name: r.source, result: 'ok', details: modelsCounts(r), durationMs: outcome.durations.models ?? null, error: null }
        : { kind: 'source', name: r.source, result: 'failed', details: KEPT, durationMs: outcome.durations.models ?? null, error: r.error },
    );
  }
  for (const r of outcome.facts) {
    for (const s of r.sources) {
      rows.push(
        s.ok
          ? { kind: 'source', name: s.source, result: 'ok', details: `${s.facts} records, ${s.mapped} of our models matched, ${s.issues.length} values held back`, durationMs: null, error: null }
          : { kind: 'source', name: s.source, result: 'failed', details: KEPT, durationMs: null, error: s.error },
      );
    }
  }
  for (const r of outcome.status) {
    rows.push(...r.services.map(serviceRow));
    // A refused run has no service lines; its reason still needs a row.
    if (r.services.length === 0 && r.error !== null) rows.push({ kind: 'stage', name: 'status', result: 'failed', details: 'nothing changed', durationMs: outcome.durations.status ?? null, error: r.error });
  }
  for (const r of outcome.traffic ?? []) {
    const details = `${r.read} models read (${r.requests} requests, ${r.failed} failed), pace level ${r.paceLevel}, ${r.issues.length} figures refused`;
    rows.push({ kind: 'source', name: r.source, result: r.ok ? 'ok' : 'stale', details: r.ok ? details : `${details}; ${KEPT}`, durationMs: outcome.durations.traffic ?? null, error: r.error });
  }
  for (const stop of outcome.stopped) rows.push({ kind: 'stage', name: stop.stage, result: 'stopped', details: 'stage stopped', durationMs: outcome.durations[stop.stage] ?? null, error: stop.message });
  return rows;
}

export function updateExitCode(outcome: UpdateOutcome): number {
  if (outcome.stopped.length > 0) return UPDATE_EXIT.stopped;
  const reports = [...outcome.models, ...outcome.facts, ...outcome.status, ...(outcome.traffic ?? [])];
  const allOk = reports.every((r) => r.ok) && summaryRows(outcome).every((row) => row.result === 'ok');
  return allOk ? UPDATE_EXIT.ok : UPDATE_EXIT.partial;
}

export function exitMeaning(code: number): string {
  if (code === UPDATE_EXIT.ok) return 'every source and service was read';
  if (code === UPDATE_EXIT.partial) return `partial failure: what failed keeps its last good data, marked stale; the rest is fresh`;
  if (code === UPDATE_EXIT.stopped) return 'a stage stopped: data/ may be incomplete, publish nothing';
  return 'usage error';
}

/** The detail sections: what changed, what was held back and why, disagreements, services. Printable lines. */
export function detailLines(outcome: UpdateOutcome): string[] {
  const out: string[] = [];
  const state = outcome.stateNotes ?? [];
  if (state.length > 0) out.push('', 'state store', ...state.map((note) => printable(`  rebuilt: ${note}`)));
  if (outcome.models.length > 0) out.push('', `update summary (observed at ${outcome.now})`);
  for (const r of outcome.models) {
    if (!r.ok) {
      out.push(`  ${r.source}: FAILED — ${r.error}; ${KEPT}`);
      continue;
    }
    out.push(`  ${r.source}: ok — ${modelsCounts(r)}`);
    for (const id of r.summary!.price_pending) out.push(`    price pending confirmation (jumped more than ${outcome.maxPriceFactor}×): ${id}`);
    out.push(...capped(r.issues.map((i) => `held back: ${i.upstream_id ?? '(no id)'}: ${i.reason}`), 20, 'held-back values'));
    out.push(...capped(r.warnings.map((w) => `warning: ${w}`), 20, 'warnings'));
  }
  for (const r of outcome.facts) {
    out.push('', 'secondary sources');
    for (const s of r.sources) {
      out.push(`  ${s.source}: ${s.ok ? `ok — ${s.facts} records, ${s.mapped} of our models matched, ${s.issues.length} values held back` : `FAILED — ${s.error}; the last good facts are kept and marked stale`}`);
      out.push(...capped(s.issues.map((i) => `held back: ${i}`), 10, ''));
      if (s.unmatched !== undefined && s.unmatched.length > 0) {
        out.push(`    first-party prices matched to none of our models (not guessed; map one in data/identity.json): ${s.unmatched.length}`);
        out.push(...capped(s.unmatched.map((key) => `  ${JSON.stringify(key)}`), 10, 'unmatched records'));
      }
    }
    out.push(...capped(r.warnings.map((w) => `warning: ${w}`), 20, 'identity warnings'));
    if (r.firstPartyModels !== undefined) {
      out.push(`  the makers' own models added (OpenRouter lists none of them): ${r.firstPartyModels.added.length}`);
      out.push(...capped(r.firstPartyModels.added.map((id) => `  ${id}`), 10, 'added models'));
      if (r.firstPartyModels.superseded.length > 0) out.push(`  the makers' own models found part of another model (delisted, kept, their records joined to it): ${r.firstPartyModels.superseded.length}`);
      out.push(...capped(r.firstPartyModels.superseded.map((m) => `  ${m}`), 20, 'models part of another'));
      const pairs = [...(r.firstPartyModels.refused ?? []).map((m) => `refused, not added: ${m}`), ...(r.firstPartyModels.duplicates ?? []).map((m) => `published once (the build lists one): ${m}`)];
      out.push(`  duplicate check, two published models that are one model (DuplicateModelsError): ${pairs.length}`);
      out.push(...capped(pairs.map((m) => `  ${m}`), 20, 'duplicate pairs'));
      out.push(`  first-party prices placed on no model (not guessed; map one in data/identity.json): ${r.firstPartyModels.unplaced.length}`);
      out.push(...capped(r.firstPartyModels.unplaced.map((u) => `  ${u.source} ${JSON.stringify(u.source_key)}: ${u.reason}`), 10, 'unplaced records'));
    }
    out.push(`  ambiguous identity (listed, not matched; settle with data/identity.json): ${r.ambiguous.length}`);
    out.push(...capped(r.ambiguous.map((a) => `${a.source} ${JSON.stringify(a.source_key)}: ${a.candidates.join(' or ')}`), 10, 'ambiguous records'));
    const names = r.ambiguousNames ?? [];
    out.push(`  API names two models claim (published as ambiguous, resolvable to neither; settle with data/identity.json): ${names.length}`);
    out.push(...capped(names.map((a) => `${a.provider} ${JSON.stringify(a.name)}: ${a.candidates.join(' or ')} (${a.sources.join('; ')})`), 10, 'ambiguous API names'));
    out.push(`  retirement dates where the first-party word differs (it is published): ${r.retirementDisagreements.length}`);
    out.push(
      ...capped(
        r.retirementDisagreements.map((d) => `${d.model_id}: ${d.source} ${d.source_key} says ${d.date ?? d.note ?? 'no date'}; ${d.others.map((o) => `${o.source} ${o.source_key} says ${o.date}`).join('; ')}`),
        20,
        'retirement disagreements',
      ),
    );
    out.push(`  offers whose witnesses disagree on today's price (the freshest word is published): ${r.offerDisagreements.length} (data/reports/disagreements.json, offers)`);
    out.push(
      ...capped(
        r.offerDisagreements.map(
          (d) =>
            `${d.model_id} ${d.provider}${d.kind === 'standard' ? '' : ` ${d.kind}`}${d.region === null ? '' : ` ${d.region}`}: ${d.published.source} ${d.published.source_key} published (${d.reason}${d.maker_unfollowed ? ', no record says it' : ''}); ` +
            d.words.map((w) => `${w.source} ${w.source_key} ${w.input}/${w.output}${w.fresh_at === null ? '' : ` (${w.fresh_at.slice(0, 10)})`}`).join('; '),
        ),
        10,
        'offer disagreements',
      ),
    );
    out.push(`  price disagreements beyond the tolerance: ${r.disagreements.length} (data/reports/disagreements.json)`);
    for (const d of r.disagreements.slice(0, 10)) {
      out.push(`    ${d.model_id} ${d.field}: ${d.values.map((v) => `${v.source}${v.provider ? `/${v.provider}` : ''} ${v.value}`).join(' vs ')} (${d.ratio}×)`);
    }
  }
  for (const r of outcome.status) {
    out.push('', `status summary (${r.services.length} services in ${formatDuration(r.elapsedMs)})`);
    if (r.error !== null) out.push(`  status: ${r.ok ? 'warning' : 'FAILED'} — ${r.error}`);
    for (const line of r.services) out.push(`  ${line.id.padEnd(16)} ${line.status.padEnd(15)} ${line.official}; ${line.probeResult === 'none' ? 'no probe' : `probe ${line.probe}`}`);
    for (const warning of r.warnings) out.push(`  warning: ${warning}`);
  }
  for (const r of outcome.traffic ?? []) {
    out.push('', `endpoint statistics (${r.read} models read, ${r.requests} requests, pace level ${r.paceLevel})`);
    if (r.error !== null) out.push(`  ${r.source}: FAILED — ${r.error}`);
    out.push(...capped(r.issues, 20, 'figures refused'));
    for (const warning of r.warnings) out.push(`  warning: ${warning}`);
  }
  for (const stop of outcome.stopped) out.push('', `STOPPED ${stop.stage}: ${stop.message}`);
  // Each entry is one line of ours with upstream text (ids, reasons, errors) inside it.
  return out.map(printable);
}

function capped(lines: string[], max: number, what: string): string[] {
  const shown = lines.slice(0, max).map((l) => `    ${l}`);
  if (lines.length > max) shown.push(`    … and ${lines.length - max} more${what === '' ? '' : ` ${what}`}`);
  return shown;
}

const HEADER = ['kind', 'name', 'result', 'details', 'time', 'error'] as const;

function cells(row: SummaryRow): string[] {
  return [row.kind, row.name, row.result, row.details, formatDuration(row.durationMs), row.error ?? ''];
}

function stageTimes(outcome: UpdateOutcome): string {
  return Object.entries(outcome.durations)
    .map(([stage, ms]) => `${stage} ${formatDuration(ms)}`)
    .join(', ');
}

/** The final table as aligned plain text, for the console. Printable lines. */
export function summaryTableLines(outcome: UpdateOutcome): string[] {
  const rows = [HEADER as readonly string[], ...summaryRows(outcome).map((row) => cells(row).map(oneLine))];
  // The error column is last and never padded: upstream messages can be long.
  const widths = HEADER.slice(0, -1).map((_, i) => Math.min(72, Math.max(...rows.map((r) => r[i]!.length))));
  const code = updateExitCode(outcome);
  return [
    '',
    `summary (exit ${code}: ${exitMeaning(code)}; stage times: ${stageTimes(outcome) || 'none'})`,
    ...rows.map((r) => printable(`  ${r.map((cell, i) => (i < widths.length ? cell.padEnd(widths[i]!) : cell)).join('  ')}`.trimEnd())),
  ];
}

/**
 * Makes upstream text safe in a GFM table cell: no cell breaks, no line breaks, no markup. Markdown
 * punctuation is backslash-escaped (so `[x](url)`, emphasis and code spans stay text) and the
 * starts of GFM autolinks (`://`, `www.`, `@`) are broken with entities, so no URL in an upstream
 * message becomes a link in the job summary.
 */
export function escapeMarkdownCell(text: string, maxLength = 500): string {
  const short = text.length > maxLength ? `${text.slice(0, maxLength - 1)}…` : text;
  return short
    .replace(/\\/g, '\\\\')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/[|[\]()*_`~!#{}]/g, '\\$&')
    .replace(/:\/\//g, '&#58;//')
    .replace(/www\./gi, (match) => `${match.slice(0, 3)}&#46;`)
    .replace(/@/g, '&#64;')
    .replace(/\r\n|\r|\n/g, '<br>')
    .replace(CONTROL, ' ')
    .trim();
}

/** The job summary: a heading, what the exit status means, the table, the stage times. */
export function summaryMarkdown(outcome: UpdateOutcome): string {
  const code = updateExitCode(outcome);
  const rows = summaryRows(outcome);
  const disagreements = outcome.facts.reduce((n, r) => n + r.disagreements.length, 0);
  const offers = outcome.facts.reduce((n, r) => n + r.offerDisagreements.length, 0);
  const lines = [
    `### ModelPulse update (observed at ${outcome.now})`,
    '',
    `**exit ${code}**: ${exitMeaning(code)}. \`result\` says whether we could read a source or service; a service's own health is in \`details\`.`,
    '',
    `| ${HEADER.join(' | ')} |`,
    `| ${HEADER.map(() => '---').join(' | ')} |`,
    ...rows.map((row) => `| ${cells(row).map((c) => escapeMarkdownCell(c)).join(' | ')} |`),
    '',
    `Stage times: ${stageTimes(outcome) || 'none'}.${outcome.facts.length > 0 ? ` Price disagreements beyond the tolerance: ${disagreements}. Offers whose witnesses disagree on today's price: ${offers}.` : ''}`,
    '',
    ...(outcome.stateNotes ?? []).flatMap((note) => [`**State store rebuilt:** ${escapeMarkdownCell(note, 2000)}`, '']),
  ];
  return lines.join('\n');
}

function escapeAnnotationData(text: string): string {
  return text
    .replace(/%/g, '%25')
    .replace(/\r/g, '%0D')
    .replace(/\n/g, '%0A')
    .replace(CONTROL, ' ');
}

function escapeAnnotationProperty(text: string): string {
  return escapeAnnotationData(text).replace(/:/g, '%3A').replace(/,/g, '%2C');
}

/** GitHub workflow commands: a warning per row that is not ok, an error per stopped stage. */
export function githubAnnotations(outcome: UpdateOutcome): string[] {
  const state = (outcome.stateNotes ?? []).map((note) => `::warning title=State store rebuilt::${escapeAnnotationData(note)}`);
  return state.concat(summaryRows(outcome)
    .filter((row) => row.result !== 'ok')
    .map((row) => {
      const level = row.result === 'stopped' ? 'error' : 'warning';
      const title = escapeAnnotationProperty(`${row.name} ${row.result}`);
      return `::${level} title=${title}::${escapeAnnotationData(`${row.kind} ${row.name}: ${row.error ?? row.details}`)}`;
    }));
}

/** An unexpected error and its causes, one printable line each, for a crash report without a stack dump. */
export function describeError(error: unknown): string[] {
  return causeLines(error).map(printable);
}
