/**
 * The maker's dated statements over a judged history (pure): where the maker's own page said a
 * price was in force from or until a time (data/maker-prices.json), that is the price then, whatever
 * a copy showed. A statement with an end holds to it; one without holds until the record next
 * moved after its start (the copy then saw something newer than the statement), else only as far
 * as it was read. DeepSeek: `deepseek-reasoner` at $0.55/$2.19 until 2025-09-05 16:00 UTC and
 * $0.56/$1.68 from then, where models.dev showed a mistyped $0.57/$1.68 from 2025-08-24 and
 * $0.28/$0.42 from 2025-11-22.
 */
import type { Move } from './judge.js';
import type { JudgedSegment } from './judge.js';
import { sameRates, type Segment, type Witness } from './series.js';

/** A maker's statement with its own bounds: in force from `from` (null: not said) until `until` (null: not said). */
export interface StatementBounds {
  from: string | null;
  until: string | null;
}

const label = (w: Witness) => `${w.source} ${w.key}`;

/** Where the statement holds over the record: [start, end), or null where it says nothing of the record's time. */
function span(statement: Witness & { statement: StatementBounds }, raw: readonly Segment[]): { start: string; end: string } | null {
  const seen = statement.segments[0];
  if (seen === undefined) return null;
  const start = statement.statement.from ?? seen.from;
  let end = statement.statement.until;
  if (end === null) {
    // The record's next move after the statement's start: from then on the copy is the newer word.
    const next = raw.find((s, i) => i > 0 && s.from > start && !sameRates(s.price, raw[i - 1]!.price));
    end = next?.from ?? (seen.until > start ? seen.until : null);
  }
  return end === null || end <= start ? null : { start, end };
}

/**
 * Cuts the segments at `time` (a segment running across it becomes two; the second opens with no
 * move of its own); the first ends at the record's last sighting before `time`.
 */
function cutAt(segments: JudgedSegment[], time: string, raw: readonly Segment[]): JudgedSegment[] {
  const seen = raw.filter((s) => s.until < time).at(-1)?.until;
  return segments.flatMap((j, i) => {
    const until = segments[i + 1]?.segment.from;
    if (j.segment.from >= time || (until !== undefined && until <= time) || j.segment.until < time) return [j];
    return [{ ...j, segment: { ...j.segment, until: seen !== undefined && seen > j.segment.from ? seen : time } }, { segment: { ...j.segment, from: time }, move: null }];
  });
}

/** The record's judged segments with each dated statement of the maker laid over the time it holds (those pieces `stated`). */
export function withStatements(segments: readonly JudgedSegment[], raw: readonly Segment[], statements: ReadonlyArray<Witness & { statement: StatementBounds }>): JudgedSegment[] {
  let out = [...segments];
  const ordered = statements
    .map((s) => ({ s, bounds: span(s, raw) }))
    .filter((x): x is { s: Witness & { statement: StatementBounds }; bounds: { start: string; end: string } } => x.bounds !== null)
    .sort((a, b) => (a.bounds.start < b.bounds.start ? -1 : 1));
  for (const { s, bounds } of ordered) {
    const first = out[0]?.segment.from;
    if (first === undefined || bounds.end <= first) continue;
    const start = bounds.start < first ? first : bounds.start;
    const said = s.segments[0]!;
    const inside = (j: JudgedSegment) => j.segment.from >= start && j.segment.from < bounds.end;
    const pieces = cutAt(cutAt(out, start, raw), bounds.end, raw).map((j) => (inside(j) ? { ...j, segment: { ...j.segment, price: said.price, ...(said.source_date === undefined ? {} : { source_date: said.source_date }) }, stated: true } : j));
    out = [];
    for (const j of pieces) {
      const last = out.at(-1);
      // Pieces the statement made one price are one; a piece at its start opens with the maker's move.
      if (last !== undefined && inside(j) && sameRates(last.segment.price, j.segment.price)) {
        out[out.length - 1] = { ...last, segment: { ...last.segment, until: j.segment.until } };
        continue;
      }
      const opens = inside(j) && last !== undefined;
      const move: Move | null = opens ? { index: -1, from: last.segment.price, to: said.price, verdict: 'maker', witnesses: [label(s)], at: j.segment.from, previous_seen_at: j.segment.from } : j.move;
      out.push({ ...j, move });
    }
  }
  return out;
}
