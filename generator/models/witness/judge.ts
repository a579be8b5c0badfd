/**
 * The witness rule (pure; docs/data.md, "Witnesses"): one witness's move from one price P to
 * another Q is a price change only when it is witnessed, else it is the source correcting itself.
 *
 * - `dated`: the source dates the new price (genai-prices' start_date).
 * - `maker`: the maker's own page states Q near the move (or it is the maker's page that moved).
 * - `sources`: another independent source also moved to Q, its move within `slackMs` of this one.
 * - `correction`: none of those, and P was the source's mistake: another witness showed Q while
 *   this one showed P (and never showed P itself), or no other witness ever showed P. Q then
 *   replaces P from P's first sighting on; P stays visible as a correction, never as news.
 * - `unwitnessed`: none of those, but another witness did show P: P was a price, Q is this
 *   source's word alone. Kept as the source says, never published as news.
 *
 * Prices are the same when input and output are equal at the comparison precision (price.ts); a
 * move of cache prices alone is no move.
 */
import { startOfDay } from '../dated-prices.js';
import type { TokenPrices } from '../types.js';
import { near, overlaps, sameRates, type Segment, type Witness } from './series.js';

export type Verdict = 'dated' | 'maker' | 'sources' | 'correction' | 'unwitnessed';

/** The verdicts that make a move a published price change. */
export const WITNESSED: ReadonlySet<Verdict> = new Set<Verdict>(['dated', 'maker', 'sources']);

/** About a month: genai-prices' copies are monthly, and models.dev's commits can lag a maker by weeks (docs/data.md). */
export const DEFAULT_SLACK_DAYS = 31;
export const DEFAULT_SLACK_MS = DEFAULT_SLACK_DAYS * 86_400_000;

/** One move of one witness, judged. */
export interface Move {
  /** The new price's segment in the witness's segments. */
  index: number;
  from: TokenPrices;
  to: TokenPrices;
  verdict: Verdict;
  /** The other witnesses that agree (`source key`), or for a correction those that showed Q while P stood. */
  witnesses: string[];
  /** When the new price took effect: the dated day, else the earliest sighting of it by this witness or one that agrees. */
  at: string;
  /** The last sighting of the old price before `at`, by any witness that showed it. */
  previous_seen_at: string;
}

const label = (w: Witness) => `${w.source} ${w.key}`;

/** A move of `w` from its segment `j - 1` into `j` (rates differ). */
const movedInto = (w: Witness, j: number): boolean => j > 0 && !sameRates(w.segments[j - 1]!.price, w.segments[j]!.price);

/** The last sighting of `price` before `at` across witnesses: a segment seen up to before `at`, or one running through it (its first sighting). */
function lastSightingBefore(witnesses: readonly Witness[], price: TokenPrices, at: string): string | null {
  let last: string | null = null;
  for (const w of witnesses) {
    for (const s of w.segments) {
      if (!sameRates(s.price, price) || s.from >= at) continue;
      const seen = s.until < at ? s.until : s.from;
      if (last === null || seen > last) last = seen;
    }
  }
  return last;
}

/** Every move of `w`, judged against the other witnesses of the same offer (a source never witnesses itself). */
export function judgeMoves(w: Witness, others: readonly Witness[], slackMs: number = DEFAULT_SLACK_MS): Move[] {
  const independent = others.filter((o) => o.source !== w.source);
  const moves: Move[] = [];
  for (let i = 1; i < w.segments.length; i += 1) {
    const before = w.segments[i - 1]!;
    const after = w.segments[i]!;
    if (sameRates(before.price, after.price)) continue;
    const window = { from: before.until, until: after.from };
    const move = { index: i, from: before.price, to: after.price };
    if (after.source_date !== undefined && after.source_date !== before.source_date) {
      const at = startOfDay(after.source_date);
      // A maker's statement carries its own time (DeepSeek's 16:00 UTC); a source's date is a whole day.
      const when = w.maker ? after.from : at;
      moves.push({ ...move, verdict: w.maker ? 'maker' : 'dated', witnesses: [], at: when, previous_seen_at: when });
      continue;
    }
    if (w.maker) {
      // The maker's own page moving is the maker stating the new price.
      moves.push({ ...move, verdict: 'maker', witnesses: [], at: after.from, previous_seen_at: before.until });
      continue;
    }
    const agreeing: Array<{ witness: Witness; segment: Segment }> = [];
    for (const o of independent) {
      const j = o.segments.findIndex((s, k) => sameRates(s.price, after.price) && (o.maker ? near(s, window, slackMs) : movedInto(o, k) && near({ from: o.segments[k - 1]!.until, until: s.from }, window, slackMs)));
      if (j !== -1) agreeing.push({ witness: o, segment: o.segments[j]! });
    }
    if (agreeing.length > 0) {
      const at = agreeing.reduce((earliest, a) => (a.segment.from < earliest ? a.segment.from : earliest), after.from);
      const previous = lastSightingBefore([w, ...agreeing.map((a) => a.witness)], before.price, at) ?? before.until;
      const verdict: Verdict = agreeing.some((a) => a.witness.maker) ? 'maker' : 'sources';
      moves.push({ ...move, verdict, witnesses: agreeing.map((a) => label(a.witness)).sort(), at, previous_seen_at: previous < at ? previous : at });
      continue;
    }
    const shownBefore = (o: Witness) => o.segments.some((s) => sameRates(s.price, before.price));
    const evidence = independent.filter((o) => !shownBefore(o) && o.segments.some((s) => sameRates(s.price, after.price) && overlaps(s, before)));
    const vouched = independent.some(shownBefore);
    const verdict: Verdict = evidence.length > 0 || !vouched ? 'correction' : 'unwitnessed';
    moves.push({ ...move, verdict, witnesses: evidence.map(label).sort(), at: after.from, previous_seen_at: before.until });
  }
  return moves;
}

/** A price a source showed and later corrected: what it said, when, and what replaced it. */
export interface Correction {
  source: string;
  source_key: string;
  superseded: TokenPrices;
  first_seen_at: string;
  last_seen_at: string;
  corrected_to: TokenPrices;
  /** When the source first showed the corrected price. */
  corrected_at: string;
  /** The other witnesses that showed the corrected price while the superseded one stood (none: no other witness ever showed it). */
  evidence: string[];
}

/** A segment of the corrected series, with the move that opened it (none for the first, and for a change of cache prices alone). */
export interface JudgedSegment {
  segment: Segment;
  move: Move | null;
  /** Its price is a maker's dated statement laid over the record's (statements.ts). */
  stated?: boolean;
}

/** The witness's segments with its corrections applied: each corrected price replaced, from its first sighting, by the one that corrected it. */
export function correctedSegments(w: Witness, moves: readonly Move[]): { segments: JudgedSegment[]; corrections: Correction[] } {
  const byIndex = new Map(moves.map((m) => [m.index, m]));
  const out: JudgedSegment[] = [];
  const corrections: Correction[] = [];
  w.segments.forEach((segment, i) => {
    const move = byIndex.get(i) ?? null;
    const last = out.at(-1);
    if (move?.verdict === 'correction' && last !== undefined) {
      const superseded = w.segments[i - 1]!;
      corrections.push({
        source: w.source,
        source_key: w.key,
        superseded: superseded.price,
        first_seen_at: superseded.from,
        last_seen_at: superseded.until,
        corrected_to: segment.price,
        corrected_at: segment.from,
        evidence: move.witnesses,
      });
      out[out.length - 1] = { segment: { ...segment, from: last.segment.from }, move: last.move };
      return;
    }
    out.push({ segment, move });
  });
  return { segments: out, corrections };
}
