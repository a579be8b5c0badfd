/**
 * For tests of API names: facts the small site's models are known by, stored the way `update`
 * stores them (data/facts/, data/price-history/, data/identity.json), in the sources' own shapes:
 * - Mistral's dated snapshot and `-latest` alias of mistralai/mistral-test (LiteLLM keys
 *   `mistral/mistral-test-2507`, `mistral/mistral-test-latest`);
 * - Bedrock's id of deepseek/r-test (genai-prices' `aws` record, whose price changed on a day it
 *   dates: $0.60/$2.40 until 2026-07-19, $0.55/$2.20 from 2026-07-20) and its `us.` data-zone id
 *   (LiteLLM, $0.66/$2.64: the data zone's own offer);
 * - `shared-test` at DeepSeek, which LiteLLM puts with deepseek/r-test and models.dev with
 *   mistralai/mistral-test: a name two models claim;
 * - image and audio output rates of mistralai/mistral-test (per 1M tokens, on its `-latest` key):
 *   the media parts of a cost.
 */
import type { ModelFacts } from '../sources/facts.js';
import type { TokenPrices } from '../models/types.js';
import { saveFacts } from '../store/facts-store.js';
import { saveOfferHistory } from '../store/offer-history-store.js';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';

const price = (input: number, output: number): TokenPrices => ({ input, output, cache_read: null, cache_write: null });

function fact(source: ModelFacts['source'], key: string, provider: string, author: string | null, name: string, p: TokenPrices | null, extra: Partial<ModelFacts> = {}): ModelFacts {
  return { source, source_key: key, provider, author, model_name: name, price: p, price_tiers: [], context_length: null, max_output: null, retirement_date: null, deprecated: false, benchmarks: {}, ...extra };
}

const BEDROCK_KEY = 'aws/deepseek.r-test-v1:0';
const READ_AT = '2026-08-02T00:00:00Z';

export const NAME_FACTS = {
  'genai-prices': [
    fact('genai-prices', BEDROCK_KEY, 'aws', null, 'deepseek.r-test-v1:0', price(0.55, 2.2), {
      dated_prices: [
        { start_date: null, price: price(0.6, 2.4), price_tiers: [], time_windows: [] },
        { start_date: '2026-07-20', price: price(0.55, 2.2), price_tiers: [], time_windows: [] },
      ],
    }),
  ],
  litellm: [
    fact('litellm', 'deepseek/shared-test', 'deepseek', 'deepseek', 'shared-test', null),
    fact('litellm', 'mistral/mistral-test-2507', 'mistral', 'mistral', 'mistral-test-2507', price(0.4, 2)),
    fact('litellm', 'mistral/mistral-test-latest', 'mistral', 'mistral', 'mistral-test-latest', price(0.4, 2), {
      unit_prices: [
        { unit: '1m_tokens', kind: 'output_image', usd: 30 },
        { unit: '1m_tokens', kind: 'output_audio', usd: 64 },
      ],
    }),
    fact('litellm', 'us.deepseek.r-test-v1:0', 'bedrock', null, 'us.deepseek.r-test-v1:0', price(0.66, 2.64)),
  ],
  modelsdev: [fact('modelsdev', 'deepseek/shared-test', 'deepseek', 'deepseek', 'shared-test', null)],
} as const;

const IDENTITY = {
  'genai-prices': { [BEDROCK_KEY]: 'deepseek/r-test' },
  litellm: {
    'deepseek/shared-test': 'deepseek/r-test',
    'mistral/mistral-test-2507': 'mistralai/mistral-test',
    'mistral/mistral-test-latest': 'mistralai/mistral-test',
    'us.deepseek.r-test-v1:0': 'deepseek/r-test',
  },
  modelsdev: { 'deepseek/shared-test': 'mistralai/mistral-test' },
  artificialanalysis: {},
};

/** Writes the facts, their curated identity and the Bedrock offer's price history into `dataDir`. */
export async function seedNameFacts(dataDir: string): Promise<void> {
  for (const [source, facts] of Object.entries(NAME_FACTS)) {
    await saveFacts(dataDir, { source: source as ModelFacts['source'], fetched_at: READ_AT, facts: [...facts].sort((a, b) => (a.source_key < b.source_key ? -1 : 1)) });
  }
  await writeFile(join(dataDir, 'identity.json'), JSON.stringify(IDENTITY));
  await saveOfferHistory(dataDir, {
    source: 'genai-prices',
    since: '2026-06-01T00:00:00Z',
    offers: {
      [BEDROCK_KEY]: [
        { at: '2026-06-01T00:00:00Z', ...price(0.6, 2.4) },
        { at: '2026-07-20T00:00:00Z', ...price(0.55, 2.2), source_date: '2026-07-20', previous_seen_at: '2026-07-19T00:00:00Z' },
      ],
    },
  });
}
