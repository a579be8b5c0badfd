/**
 * Test fixtures in the format of genai-prices' `prices/data.json` (as published in 2026), written
 * by hand and kept small: providers with `model_match`, models with `match` clauses, flat, tiered,
 * dated (`constraint.start_date`) and time-of-day (`start_time`/`end_time`) prices.
 */

export interface FixtureModel {
  id: string;
  name?: string;
  /** Defaults to `{ starts_with: id }`. */
  match?: unknown;
  prices: unknown;
  context_window?: number;
  extra?: Record<string, unknown>;
}

export function gpModel(model: FixtureModel): Record<string, unknown> {
  return {
    id: model.id,
    ...(model.name === undefined ? {} : { name: model.name }),
    match: model.match ?? { starts_with: model.id },
    ...(model.context_window === undefined ? {} : { context_window: model.context_window }),
    prices: model.prices,
    ...model.extra,
  };
}

export function gpProvider(id: string, models: Array<Record<string, unknown>>, extra: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    id,
    name: id.charAt(0).toUpperCase() + id.slice(1),
    pricing_urls: [`https://${id}.example.com/pricing`],
    api_pattern: `https://api\\.${id}\\.example\\.com`,
    ...extra,
    models,
  };
}

/** A tiered price: `base` up to the first start, then each tier's price strictly above its start. */
export const tiered = (base: number, ...tiers: Array<[start: number, price: number]>) => ({ base, tiers: tiers.map(([start, price]) => ({ start, price })) });

/** A small realistic file: makers' own prices (dated, tiered, time-of-day), a reseller, a resold maker model, OpenRouter's copy. */
export function gpCatalog(): unknown[] {
  return [
    gpProvider(
      'anthropic',
      [
        gpModel({
          id: 'claude-sonnet-5',
          name: 'Claude Sonnet 5',
          match: { or: [{ starts_with: 'claude-sonnet-5' }, { equals: 'claude-5-sonnet' }] },
          context_window: 1000000,
          prices: [
            { prices: { input_mtok: 2, cache_write_mtok: 2.5, cache_read_mtok: 0.2, output_mtok: 10 } },
            { constraint: { start_date: '2026-09-01' }, prices: { input_mtok: 3, cache_write_mtok: 3.75, cache_read_mtok: 0.3, output_mtok: 15 } },
          ],
        }),
        gpModel({
          id: 'claude-sonnet-4-5',
          prices: { input_mtok: tiered(3, [200000, 6]), cache_write_mtok: tiered(3.75, [200000, 7.5]), cache_read_mtok: tiered(0.3, [200000, 0.6]), output_mtok: tiered(15, [200000, 22.5]) },
        }),
      ],
      { model_match: { contains: 'claude' } },
    ),
    gpProvider(
      'deepseek',
      [
        gpModel({
          id: 'deepseek-v9',
          prices: [
            { prices: { input_mtok: 0.135, cache_read_mtok: 0.035, output_mtok: 0.55 } },
            { constraint: { start_time: '00:30:00Z', end_time: '16:30:00Z' }, prices: { input_mtok: 0.27, cache_read_mtok: 0.07, output_mtok: 1.1 } },
          ],
        }),
      ],
      { model_match: { contains: 'deepseek' } },
    ),
    gpProvider('google', [gpModel({ id: 'gemini-2.5-pro', prices: { input_mtok: tiered(1.25, [200000, 2.5]), output_mtok: tiered(10, [200000, 15]) } }), gpModel({ id: 'claude-sonnet-4-5', match: { contains: 'claude-sonnet-4-5' }, prices: { input_mtok: 3.3, output_mtok: 16.5 } })], {
      model_match: { contains: 'gemini' },
    }),
    gpProvider('aws', [gpModel({ id: 'global.anthropic.claude-sonnet-4-5-20250929-v1:0', prices: { input_mtok: 3, output_mtok: 15 } }), gpModel({ id: 'amazon.nova-pro-v1:0', prices: { input_mtok: 0.8, output_mtok: 3.2 } })]),
    gpProvider('openrouter', [gpModel({ id: 'anthropic/claude-sonnet-5', prices: { input_mtok: 2, output_mtok: 10 } })]),
  ];
}
