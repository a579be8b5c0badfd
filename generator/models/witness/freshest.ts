/**
 * Today's price of one offer where its witnesses disagree: the freshest word (pure; docs/data.md,
 * "Witnesses").
 *
 * - A word is fresh as of the last time its source is known to have set or checked that price:
 *   the first sighting of it after another price (a move the source made), the day the source
 *   dates it, the day its curators checked it (genai-prices' prices_checked), and for the maker's
 *   own page its last read. A price seen since a source's first read, never moved, dates nothing.
 * - The freshest word wins; the maker's page wins a tie; then genai-prices, LiteLLM, models.dev.
 *   So a source that has not re-checked a model since others moved it loses (deepseek-reasoner:
 *   genai-prices' $0.55/$2.19, never moved since its first copy, against models.dev's move of
 *   2026-04-25), and the maker's page read after every other move wins.
 * - The published record is, of the records that say the winning price, the first in the source
 *   order (a later copy of the same price is no fresher word, and genai-prices' record carries its
 *   check date and tiers); where the maker's page wins and no record says its price, the maker's
 *   own offer is published (offers.ts), and the freshest record is named here as the other word.
 */
import { startOfDay } from '../dated-prices.js';
import type { TokenPrices } from '../types.js';
import { sameRates, type Witness } from './series.js';

export interface Word {
  witness: Witness;
  price: TokenPrices;
  /** The last time its source set or checked this price; null when nothing dates it. */
  fresh_at: string | null;
}

/** The order of precedence of a tie after the maker's page. */
const SOURCE_ORDER = ['genai-prices', 'litellm', 'modelsdev', 'openrouter'];
const rank = (source: string) => (SOURCE_ORDER.includes(source) ? SOURCE_ORDER.indexOf(source) : SOURCE_ORDER.length);

/** When the witness last set or checked the price it says today (`today`), or null. */
export function freshness(w: Witness, today: TokenPrices): string | null {
  const times: string[] = [];
  const segments = w.segments;
  let i = segments.length - 1;
  while (i > 0 && sameRates(segments[i]!.price, today) && sameRates(segments[i - 1]!.price, today)) i -= 1;
  const current = segments[i];
  if (current !== undefined && sameRates(current.price, today)) {
    if (i > 0 || w.maker) times.push(current.from);
    if (current.source_date !== undefined) times.push(startOfDay(current.source_date));
    if (w.maker) times.push(segments.at(-1)!.until);
  }
  if (w.checked !== undefined) times.push(startOfDay(w.checked));
  return times.length === 0 ? null : times.sort().at(-1)!;
}

/** Freshest first; on a tie the maker's page, then the source order, then the key. */
export function compareWords(a: Word, b: Word): number {
  if (a.fresh_at !== b.fresh_at) return a.fresh_at === null ? 1 : b.fresh_at === null ? -1 : a.fresh_at > b.fresh_at ? -1 : 1;
  if (a.witness.maker !== b.witness.maker) return a.witness.maker ? -1 : 1;
  return rank(a.witness.source) - rank(b.witness.source) || (a.witness.key < b.witness.key ? -1 : a.witness.key > b.witness.key ? 1 : 0);
}

export interface FreshestWord {
  /** Every word about today's price, freshest first (the voices after the speakers). */
  words: Word[];
  /** The word that stands. */
  chosen: Word;
  /** The record published for the offer: the first in the source order of those saying the chosen price (else the freshest record). */
  published: Word;
  /** The maker's page won, and no record says its price: `published` is the freshest other record. */
  maker_unfollowed: boolean;
  /** Words differ on input or output. */
  disagree: boolean;
}

/**
 * Today's word among `speakers` (each with its price today); null when none speaks. `voices` say
 * a price today too but never win it (OpenRouter's listing of the maker's offer, its endpoint of a
 * provider's): they are listed among the words, and where they differ the words disagree.
 */
export function freshestWord(speakers: ReadonlyArray<{ witness: Witness; today: TokenPrices }>, voices: ReadonlyArray<{ witness: Witness; today: TokenPrices }> = []): FreshestWord | null {
  const wordOf = ({ witness, today }: { witness: Witness; today: TokenPrices }): Word => ({ witness, price: today, fresh_at: freshness(witness, today) });
  const said = speakers.map(wordOf).sort(compareWords);
  const chosen = said[0];
  if (chosen === undefined) return null;
  const words = [...said, ...voices.map(wordOf).sort(compareWords)];
  const records = said.filter((w) => w.witness.publishable);
  const agreeing = records.filter((w) => sameRates(w.price, chosen.price)).sort((a, b) => rank(a.witness.source) - rank(b.witness.source) || (a.witness.key < b.witness.key ? -1 : a.witness.key > b.witness.key ? 1 : 0));
  const published = agreeing[0] ?? records[0];
  if (published === undefined) return null;
  return { words, chosen, published, maker_unfollowed: !sameRates(published.price, chosen.price), disagree: words.some((w) => !sameRates(w.price, chosen.price)) };
}
