/**
 * A model's offers judged by their witnesses (pure; docs/data.md, "Witnesses"): for each place
 * (provider, kind, region) every source's record of it, OpenRouter's listing (for the maker's own
 * offer) and endpoint (for its provider's: a second witness, never the word that stands), and the
 * maker's own statements are the witnesses; the
 * published record is the freshest word's (freshest.ts), its price history judged (timeline.ts),
 * and every correction any record shows is kept for provenance. Time-of-day prices are offers of
 * their own, passed through as their source lists them.
 */
import { startOfDay } from '../dated-prices.js';
import type { DirectOffer } from '../direct-offers.js';
import type { OfferPoint, PricePoint, TokenPrices } from '../types.js';
import { offerPlace, providerId } from '../../sources/providers.js';
import { apiNameOf, offerNameKey, type DepartedRecord } from './departed.js';
import { correctedSegments, DEFAULT_SLACK_MS, judgeMoves, type Correction, type Move } from './judge.js';
import { freshestWord, type Word } from './freshest.js';
import { sameRates, segmentsOf, type Segment, type Witness } from './series.js';
import { judgedHistory, type JudgedPoint } from './timeline.js';

/** A maker's own word on a price: a page we read (with its history) or a curated statement of it. */
export interface MakerWitness {
  witness: Witness;
  /** The canonical provider whose offer it prices (the maker's own API). */
  provider: string;
  /** The API names it prices; a page attached to the model by the identity rules prices its maker's offer whatever the names. */
  names: string[];
  attached: boolean;
  /** Its price on the as-of day, or null when it says nothing about that day. */
  today: TokenPrices | null;
}

export interface WitnessContext {
  asOf: string | null;
  /** When a price source was last read (its last success), for the last sighting of what it lists now. */
  readAt: (source: string) => string | null;
  /** OpenRouter's listing of the model (its price history and when it last showed it), a witness of the maker's own offer. */
  listing?: { key: string; history: readonly PricePoint[]; readAt: string | null; today: TokenPrices | null };
  /** OpenRouter's endpoints of the model, each a witness of its provider's offer. */
  endpoints?: ReadonlyArray<{ tag: string; history: readonly OfferPoint[]; readAt: string | null; today: TokenPrices }>;
  makers?: readonly MakerWitness[];
  /** Records that left their source, by the offer they named (departed.ts, `offerNameKey`): witnesses of that offer's first price, never published. */
  departed?: ReadonlyMap<string, readonly DepartedRecord[]>;
  /** The model's release day (docs/data.md): a source's undated price before a dated one holds from it. */
  release?: string | null;
  slackMs?: number;
}

/** A published offer: the record with its judged history. */
export type JudgedOffer = DirectOffer & { price_history: JudgedPoint[] };

/** Where the witnesses of one place disagree on today's price, and whose word stands. */
export interface OfferDisagreement {
  model_id?: string;
  provider: string;
  kind: string;
  region: string | null;
  /** The record published (`maker`: the maker's own offer, where no record says its price). */
  published: { source: string; source_key: string };
  /** Why: the maker's page, the freshest word, or the source order (no word dated). */
  reason: 'maker' | 'freshest' | 'source order';
  /** The maker's page won and no record says its price: the maker's own offer is published. */
  maker_unfollowed: boolean;
  words: Array<{ source: string; source_key: string; maker: boolean; input: number | null; output: number | null; fresh_at: string | null }>;
}

export interface JudgedOffers {
  offers: JudgedOffer[];
  corrections: Correction[];
  /** The published records' judged moves (for counting changes, corrections and unwitnessed moves). */
  moves: Array<Move & { source: string; source_key: string }>;
  disagreements: OfferDisagreement[];
  /** Each place whose maker's page states today's price: the maker's word, the published price, and the records that say otherwise. */
  makerWords: Array<{ provider: string; source: string; key: string; maker: TokenPrices; published: TokenPrices; others: Array<{ source: string; source_key: string; input: number | null; output: number | null }> }>;
}

const placeKey = (provider: string, kind: string, region: string | null) => `${provider}\u0000${kind}\u0000${region ?? ''}`;
const normalizedName = (name: string) => name.toLowerCase().replace(/[^a-z0-9]/g, '');

/**
 * A source's undated price before a dated one holds from the model's release to that day (o3:
 * $10/$40 from 2025-04-16 to 2025-06-10), and the dated one from its day: the schedule's entries
 * before the first one the history saw, prepended. Without a release day the undated price is
 * left out (unknown, never a guess).
 */
function withEarlierSchedule(segments: Segment[], offer: DirectOffer, release: string | null): Segment[] {
  const first = segments[0];
  const schedule = offer.schedule;
  if (first === undefined || schedule === undefined || first.source_date === undefined) return segments;
  const shown = schedule.findIndex((e) => e.start_date === first.source_date);
  const dated = { ...first, from: startOfDay(first.source_date) < first.from ? startOfDay(first.source_date) : first.from };
  if (shown <= 0) return [dated, ...segments.slice(1)];
  const earlier: Segment[] = [];
  for (let k = 0; k < shown; k += 1) {
    const entry = schedule[k]!;
    const start = entry.start_date !== null ? startOfDay(entry.start_date) : release == null ? null : startOfDay(release);
    const end = startOfDay(schedule[k + 1]!.start_date!);
    if (start !== null && start < end) earlier.push({ price: entry.price, from: start, until: end, ...(entry.start_date === null ? {} : { source_date: entry.start_date }) });
  }
  return [...earlier, dated, ...segments.slice(1)];
}

function recordWitness(o: DirectOffer, context: WitnessContext): Witness {
  const segments = withEarlierSchedule(segmentsOf(o.price_history, context.readAt(o.source)), o, context.release ?? null);
  return { source: o.source, key: o.source_key, maker: false, publishable: true, segments, ...(o.prices_checked === null ? {} : { checked: o.prices_checked }) };
}

const upTo = <T extends { at: string }>(points: readonly T[], asOf: string | null) => points.filter((p) => asOf === null || p.at <= asOf);

/**
 * The departed records (departed.ts) naming exactly one of the place's records' provider and API
 * name, at the same place, each a witness of its own (never a record of the place itself).
 */
function departedWitnesses(records: readonly DirectOffer[], kind: string, region: string, context: WitnessContext): Witness[] {
  if (context.departed === undefined) return [];
  const names = new Set(records.map((o) => offerNameKey(o.provider, apiNameOf(o.source_key, o.provider))));
  const own = new Set(records.map((o) => `${o.source}\u0000${o.source_key}`));
  const out: Witness[] = [];
  for (const name of [...names].sort()) {
    for (const d of context.departed.get(name) ?? []) {
      const place = offerPlace(d.key);
      if (own.has(`${d.source}\u0000${d.key}`) || place.kind !== kind || (place.region ?? '') !== region) continue;
      const segments = segmentsOf(upTo(d.history, context.asOf), null);
      if (segments.length > 0) out.push({ source: d.source, key: d.key, maker: false, publishable: false, segments });
    }
  }
  return out;
}


/** Judges every place of the model (see the module's comment); `offers` are directOffers' as of `context.asOf`. */
export function judgeOffers(offers: readonly DirectOffer[], context: WitnessContext): JudgedOffers {
  const slack = context.slackMs ?? DEFAULT_SLACK_MS;
  const places = new Map<string, DirectOffer[]>();
  const out: JudgedOffer[] = [];
  for (const o of offers) {
    if (o.time_window !== null) {
      out.push(o as JudgedOffer);
      continue;
    }
    const place = offerPlace(o.source_key);
    const key = placeKey(providerId(o.provider), place.kind, place.region);
    places.set(key, [...(places.get(key) ?? []), o]);
  }
  const result: JudgedOffers = { offers: [], corrections: [], moves: [], disagreements: [], makerWords: [] };
  for (const [key, records] of places) {
    const [provider, kind, region] = key.split('\u0000') as [string, string, string];
    const standard = kind === 'standard' && region === '';
    const speakers: Array<{ witness: Witness; today: TokenPrices }> = records.map((o) => ({ witness: recordWitness(o, context), today: o.price }));
    const voices: Witness[] = [];
    const saying: Array<{ witness: Witness; today: TokenPrices }> = [];
    const hear = (witness: Witness, today: TokenPrices | null) => {
      voices.push(witness);
      if (today !== null) saying.push({ witness, today });
    };
    if (standard && context.listing !== undefined && records.some((o) => o.first_party)) {
      const listing = context.listing;
      hear({ source: 'openrouter', key: listing.key, maker: false, publishable: false, segments: segmentsOf(upTo(listing.history, context.asOf), listing.readAt) }, listing.today);
    }
    for (const e of standard ? (context.endpoints ?? []) : []) {
      if (e.tag.includes('/') || providerId(e.tag) !== provider) continue;
      hear({ source: 'openrouter', key: e.tag, maker: false, publishable: false, segments: segmentsOf(upTo(e.history, context.asOf), e.readAt) }, e.today);
    }
    const names = new Set(records.map((o) => normalizedName(o.source_key.split('/').at(-1)!)));
    for (const m of standard ? (context.makers ?? []) : []) {
      if (m.provider !== provider || (!m.attached && !m.names.some((n) => names.has(normalizedName(n))))) continue;
      voices.push(m.witness);
      if (m.today !== null) speakers.push({ witness: m.witness, today: m.today });
    }
    const witnesses = [...new Set([...speakers.map((s) => s.witness), ...voices])];
    const word = freshestWord(speakers, saying);
    if (word === null) continue;
    // The maker's word stands and no record says it: the maker's own offer is published.
    const lead = word.maker_unfollowed ? word.chosen.witness : word.published.witness;
    const base = records.find((o) => o.source === word.published.witness.source && o.source_key === word.published.witness.key)!;
    const record = word.maker_unfollowed ? makerOffer(lead, word.chosen.price, base) : base;
    const departed = departedWitnesses(records, kind, region, context);
    const judged = judgedHistory(lead, witnesses.filter((w) => w !== lead), slack, departed);
    for (const w of witnesses.filter((w) => w.publishable)) {
      result.corrections.push(...(w === lead ? judged.corrections : correctedSegments(w, judgeMoves(w, witnesses.filter((o) => o !== w), slack)).corrections));
    }
    result.moves.push(...judged.moves.map((m) => ({ ...m, source: record.source, source_key: lead.key })));
    // A departed record is a witness of the offer where it saw one of its published prices.
    const seen = new Set(judged.points.flatMap((p) => p.witnesses));
    const sources = [...witnesses, ...departed.filter((d) => seen.has(`${d.source} ${d.key}`))].map((w) => w.source);
    out.push({ ...record, price_history: judged.points, witnesses: [...new Set(sources)].sort() });
    for (const w of word.words.filter((x) => x.witness.maker && speakers.some((s) => s.witness === x.witness))) {
      const others = word.words.filter((x) => !x.witness.maker && !sameRates(x.price, w.price)).map((x) => ({ source: x.witness.source, source_key: x.witness.key, input: x.price.input, output: x.price.output }));
      result.makerWords.push({ provider, source: w.witness.source, key: w.witness.key, maker: w.price, published: record.price, others });
    }
    if (word.disagree) result.disagreements.push(disagreementOf(provider, kind, region === '' ? null : region, word.words, word.chosen, word.published, word.maker_unfollowed));
  }
  result.offers = out;
  result.corrections.sort((a, b) => (a.first_seen_at !== b.first_seen_at ? (a.first_seen_at < b.first_seen_at ? -1 : 1) : a.source_key < b.source_key ? -1 : a.source_key > b.source_key ? 1 : 0));
  return result;
}

/**
 * The maker's own offer, where its page's word stands and no price source's record says it: its
 * price, its page, the place's other facts (context, retirement) from the record that was to be
 * published; tiers unknown ([]: the page states none we read).
 */
function makerOffer(maker: Witness, price: TokenPrices, base: DirectOffer): DirectOffer {
  const { schedule: _schedule, ...rest } = base;
  return { ...rest, source: 'maker', source_key: maker.key, first_party: true, price, price_tiers: [], prices_checked: null, source_date: null, upcoming: [], time_window: null, ...(maker.url === undefined ? {} : { source_url: maker.url }) };
}

function disagreementOf(provider: string, kind: string, region: string | null, words: readonly Word[], chosen: Word, published: Word, unfollowed: boolean): OfferDisagreement {
  const reason = chosen.witness.maker ? 'maker' : chosen.fresh_at !== null ? 'freshest' : 'source order';
  return {
    provider,
    kind,
    region,
    published: unfollowed ? { source: 'maker', source_key: chosen.witness.key } : { source: published.witness.source, source_key: published.witness.key },
    reason,
    maker_unfollowed: unfollowed,
    words: words.map((w) => ({ source: w.witness.source, source_key: w.witness.key, maker: w.witness.maker, input: w.price.input, output: w.price.output, fresh_at: w.fresh_at })),
  };
}
