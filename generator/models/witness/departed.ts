/**
 * Records that left their source, as witnesses of the offer they named (pure; docs/data.md,
 * "Witnesses"). A price source's key stays in its sighting history after the source drops it (its
 * last point carries `last_seen_at`): genai-prices' first copy priced `gpt-4o-2024-08-06` at
 * $2.50/$10 under a key of its own, which later copies folded into their `gpt-4o` record. That key
 * saw OpenAI's offer of that API name at that price, so it witnesses that offer's first price, as
 * any source's record of it does; it never is the record published (it says nothing of today).
 *
 * Only a key that is itself `<provider>/<API name>` witnesses, and only the offer of exactly that
 * provider and API name: a family record's other names (its `match` clause) are known for today
 * only, never for the copy that showed an old price, so they witness nothing here. LiteLLM's keys
 * name no provider (its provider is a field of the record, gone with it), so its departed keys
 * witness nothing either.
 */
import { providerId } from '../../sources/providers.js';
import type { OfferHistoryFile } from '../offer-history.js';
import type { OfferPoint } from '../types.js';

/** The sources whose keys are `<provider>/<API name>`. */
const PROVIDER_KEYED = ['genai-prices', 'modelsdev'] as const;

/** One departed record: its source, key and stored history. */
export interface DepartedRecord {
  source: string;
  key: string;
  history: readonly OfferPoint[];
}

/** The lookup key of an offer: its canonical provider and API name (lower case, exact otherwise). */
export const offerNameKey = (provider: string, name: string): string => `${providerId(provider)}\u0000${name.toLowerCase()}`;

/**
 * The API name a source key gives at `provider`: the key less its leading provider segment where
 * that segment is the provider (`openai/gpt-4o-2024-08-06`), else the whole key (`gpt-4o-2024-08-06`).
 */
export function apiNameOf(key: string, provider: string): string {
  const slash = key.indexOf('/');
  return slash > 0 && providerId(key.slice(0, slash)) === providerId(provider) ? key.slice(slash + 1) : key;
}

/** Whether a stored history ends with the key gone from its source. */
const departed = (history: readonly OfferPoint[]): boolean => history.length > 0 && history.at(-1)!.last_seen_at !== undefined;

/**
 * Every departed record of the provider-keyed price sources, by the offer it names
 * (`offerNameKey`). `histories`: data/price-history/<source>.json as loaded.
 */
export function departedRecords(histories: Partial<Record<string, OfferHistoryFile>>): Map<string, DepartedRecord[]> {
  const byOffer = new Map<string, DepartedRecord[]>();
  for (const source of PROVIDER_KEYED) {
    for (const [key, history] of Object.entries(histories[source]?.offers ?? {})) {
      const slash = key.indexOf('/');
      if (slash <= 0 || !departed(history)) continue;
      const name = offerNameKey(key.slice(0, slash), key.slice(slash + 1));
      byOffer.set(name, [...(byOffer.get(name) ?? []), { source, key, history }]);
    }
  }
  return byOffer;
}
