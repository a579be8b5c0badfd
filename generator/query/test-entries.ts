import type { ModelEntry } from '../types/api-types.js';
import { ResolveError } from './api-name-index.js';

/** A model entry for the query tests: paid at `input`/`output` (null: unknown), 128k context, no capabilities. */
export function testEntry(id: string, input: number | null, output: number | null, extra: Partial<ModelEntry> = {}, intel: number | null = null): ModelEntry {
  const blended = input === null || output === null ? null : (3 * input + output) / 4;
  return {
    id,
    name: id,
    author: id.split('/')[0]!,
    price: { input, output, blended, cache_read: null, cache_write: null },
    context_length: 128000,
    max_output: null,
    capabilities: { vision: false, reasoning: false, tools: false },
    benchmarks: { intelligence_index: intel, coding_index: null, math_index: null },
    retirement_date: null,
    has_free_variant: false,
    unit_prices: [],
    cheapest_offer: null,
    lifecycle: { status: null, not_before: null },
    type: 'chat',
    modalities: { input: ['text'], output: ['text'] },
    on_sale: true,
    ...extra,
  };
}

/** The ResolveError `run` throws (the resolution tests); fails when it resolves instead. */
export function refusal(run: () => unknown): ResolveError {
  try {
    run();
  } catch (error) {
    if (error instanceof ResolveError) return error;
    throw error;
  }
  throw new Error('resolved');
}
