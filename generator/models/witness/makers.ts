/**
 * The makers' own word on their prices as witnesses (pure; docs/data.md, "The makers' prices"):
 * the prices a maker's page states that we read (Mistral's model definitions, with the history
 * of every price they showed), and data/maker-prices.json, a curated, cited list of what a maker's
 * page said and when it was read, for makers whose page we do not read (DeepSeek's change of
 * 2025-09-05).
 */
import { offerHistoryOf, type OfferHistoryFile } from '../offer-history.js';
import { startOfDay } from '../dated-prices.js';
import type { TokenPrices } from '../types.js';
import type { ModelFacts } from '../../sources/facts.js';
import { providerId } from '../../sources/providers.js';
import type { MakerWitness } from './offers.js';
import { segmentsOf } from './series.js';

/** One statement of data/maker-prices.json: what a maker's own page said a price was, and when. */
export interface MakerPriceStatement {
  /** The maker's own API, as a canonical provider id (`deepseek`). */
  provider: string;
  api_names: string[];
  price: TokenPrices;
  /** In force from (an ISO time), or null where the page gives no start (the price then in force). */
  from: string | null;
  /** In force until (an ISO time), or null where the page gives no end. */
  until: string | null;
  source_url: string;
  /** The day the page was read (or, where only a span is known, its first day: `note` says). */
  read_at: string;
  note?: string;
}

/** The witness id of the curated statements (data/maker-prices.json). */
export const MAKER_PRICES_SOURCE = 'maker-prices';

/** A curated statement as a witness: seen from its start (else its reading) to its end (else its reading). */
export function statementWitness(s: MakerPriceStatement, asOf: string | null): MakerWitness {
  const read = startOfDay(s.read_at);
  const from = s.from ?? read;
  const until = s.until ?? (read > from ? read : from);
  const inForce = (asOf === null || from <= asOf) && (s.until === null || asOf === null || s.until > asOf);
  return {
    witness: {
      source: MAKER_PRICES_SOURCE,
      key: `${s.provider} ${s.api_names[0]} ${s.from ?? `until ${s.until ?? read}`}`,
      maker: true,
      publishable: false,
      url: s.source_url,
      statement: { from: s.from, until: s.until },
      segments: [{ price: s.price, from, until: until < from ? from : until, ...(s.from === null ? {} : { source_date: s.from.slice(0, 10) }) }],
    },
    provider: providerId(s.provider),
    names: s.api_names,
    attached: false,
    // A statement says nothing of today once it ended, nor before it starts; open-ended, it is as fresh as its reading.
    today: inForce ? s.price : null,
  };
}

/**
 * The maker's page facts attached to a model that state a price (`maker_price`), as witnesses of
 * the maker's own offer: each with every price the page showed (its history file), seen up to
 * the page's last read.
 */
export function pageWitnesses(facts: readonly ModelFacts[], history: OfferHistoryFile | undefined, readAt: string | null, asOf: string | null): MakerWitness[] {
  return facts
    .filter((f): f is ModelFacts & { maker_price: TokenPrices; provider: string } => f.maker_price !== undefined && f.provider !== null)
    .map((f) => {
      const points = offerHistoryOf(history, f.source_key, { price: f.maker_price }).filter((p) => asOf === null || p.at <= asOf);
      return {
        witness: { source: f.source, key: f.source_key, maker: true, publishable: false, ...(f.lifecycle === undefined ? {} : { url: f.lifecycle.source_url }), segments: segmentsOf(points.length > 0 ? points : [{ at: readAt ?? asOf ?? '1970-01-01T00:00:00Z', ...f.maker_price }], readAt) },
        provider: providerId(f.provider),
        names: [f.source_key, ...(f.lifecycle?.aliases ?? [])],
        attached: true,
        today: f.maker_price,
      };
    });
}
