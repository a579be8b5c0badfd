/**
 * One offer's judged price history (pure): the published record's own series with its
 * corrections applied, each witnessed change at the earliest sighting of the new price by any
 * witness that agrees, and its first price from the earliest sighting of that price by any
 * witness, unless another price stood in between (GPT-4o's $2.50/$10 from models.dev's first
 * commit of 2025-06-05, not genai-prices' first copy of 06-23). Every point says whether it is a
 * change (news) and who saw it.
 */
import type { OfferPoint, TokenPrices } from '../types.js';
import { correctedSegments, DEFAULT_SLACK_MS, judgeMoves, WITNESSED, type Correction, type Move, type Verdict } from './judge.js';
import { sameRates, type Segment, type Witness } from './series.js';
import { withStatements, type StatementBounds } from './statements.js';

/** A point of a judged history. */
export interface JudgedPoint extends OfferPoint {
  /** A witnessed change of input or output (news), never a correction, an unwitnessed move or a change of cache prices alone. */
  change: boolean;
  /** How the move into this price was judged; null for the first price and for a change of cache prices alone. */
  verdict: Verdict | null;
  /** Who saw this price when it started (`source key`), the record itself first. */
  witnesses: string[];
  /** The price is the maker's dated statement over the record's (DeepSeek's of 2025-09-05), not the record's own. */
  stated?: boolean;
}

export interface JudgedHistory {
  points: JudgedPoint[];
  moves: Move[];
  corrections: Correction[];
}

const label = (w: Witness) => `${w.source} ${w.key}`;
const pricesOf = (p: TokenPrices): TokenPrices => ({ input: p.input, output: p.output, cache_read: p.cache_read, cache_write: p.cache_write });

/**
 * Another price stood during `span`: two independent witnesses, a maker's page or a source's own
 * date showed it then. One source's word alone (an unwitnessed move, a stale copy) does not.
 */
function otherPriceStood(span: { from: string; until: string }, price: Segment['price'], witnesses: readonly Witness[]): boolean {
  const sources = new Map<string, Set<string>>();
  for (const w of witnesses) {
    for (const s of w.segments) {
      if (sameRates(s.price, price) || s.from >= span.until || s.until <= span.from) continue;
      if (w.maker || s.source_date !== undefined) return true;
      const key = `${s.price.input} ${s.price.output}`;
      sources.set(key, new Set([...(sources.get(key) ?? []), w.source]));
    }
  }
  return [...sources.values()].some((set) => set.size >= 2);
}

/** The earliest sighting of the record's first price by any witness with no other price standing between it and the record's own. */
function firstSighting(first: Segment, lead: Witness, others: readonly Witness[]): { at: string; seen: Witness[] } {
  const all = [lead, ...others];
  const earlier = others.flatMap((w) => w.segments.filter((s) => sameRates(s.price, first.price) && s.from < first.from).map((s) => ({ w, s }))).sort((a, b) => (a.s.from < b.s.from ? -1 : 1));
  for (const { s } of earlier) {
    if (otherPriceStood({ from: s.from, until: first.from }, first.price, all)) continue;
    const seen = others.filter((w) => w.segments.some((x) => sameRates(x.price, first.price) && x.from <= first.from && x.until >= s.from));
    return { at: s.from, seen };
  }
  return { at: first.from, seen: others.filter((w) => w.segments.some((x) => sameRates(x.price, first.price) && x.from <= first.from && x.until >= first.from)) };
}

/**
 * The judged history of `lead`'s offer, the other witnesses of the same offer beside it.
 * `firstOnly`: witnesses of its first price alone (records that left their source, departed.ts),
 * never of a move: two sources dropping the same stale price weeks apart is no price change.
 */
export function judgedHistory(lead: Witness, others: readonly Witness[], slackMs: number = DEFAULT_SLACK_MS, firstOnly: readonly Witness[] = []): JudgedHistory {
  const moves = judgeMoves(lead, others, slackMs);
  const corrected = correctedSegments(lead, moves);
  const corrections = corrected.corrections;
  const statements = others.filter((w): w is Witness & { statement: StatementBounds } => w.maker && w.statement !== undefined);
  const segments = withStatements(corrected.segments, lead.segments, statements);
  const points: JudgedPoint[] = [];
  segments.forEach(({ segment, move, stated }, i) => {
    const said = stated === true ? { stated: true } : {};
    const last = points.at(-1);
    const sourceDate = segment.source_date === undefined ? {} : { source_date: segment.source_date };
    if (i === 0 || last === undefined) {
      const first = firstSighting(segment, { ...lead, segments: segments.map((s) => s.segment) }, [...others, ...firstOnly]);
      points.push({ at: first.at, ...pricesOf(segment.price), ...sourceDate, change: false, verdict: null, witnesses: [label(lead), ...first.seen.map(label).sort()], ...said });
      return;
    }
    const witnessed = move !== null && WITNESSED.has(move.verdict);
    // Never before the point it follows: a witness that saw the new price first can not reorder the record's own history.
    const at = witnessed && move.at > last.at ? move.at : segment.from > last.at ? segment.from : last.at;
    const previous = witnessed && move.at > last.at ? move.previous_seen_at : segments[i - 1]!.segment.until;
    points.push({
      at,
      ...pricesOf(segment.price),
      ...sourceDate,
      previous_seen_at: previous > at ? at : previous,
      change: witnessed,
      verdict: move?.verdict ?? null,
      witnesses: [label(lead), ...(move?.verdict === 'correction' ? [] : (move?.witnesses ?? []))],
      ...said,
    });
  });
  const end = segments.at(-1)?.segment;
  if (end?.gone === true && points.length > 0) points[points.length - 1]!.last_seen_at = end.until;
  return { points, moves, corrections };
}
