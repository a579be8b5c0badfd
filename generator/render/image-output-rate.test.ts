import { describe, expect, it } from 'vitest';
import type { DirectOffer } from '../models/facts-merge.js';
import { withoutImageRateOutput } from './image-output-rate.js';

const offer = (source: DirectOffer['source'], provider: string, key: string, input: number, output: number): DirectOffer => ({
  source, provider, source_key: key, first_party: true, price: { input, output, cache_read: null, cache_write: null }, price_tiers: [], context_length: null, max_output: null,
  retirement_date: null, prices_checked: null, price_history: [], source_date: null, upcoming: [], time_window: null,
});

// Gemini 2.5 Flash Image as the sources priced it in 2026-07: genai-prices' one output rate is the
// $30 image rate; LiteLLM states $2.50 text output and $30 per 1M image tokens.
const genai = offer('genai-prices', 'google', 'google/gemini-2.5-flash-image', 0.3, 30);
const litellm = offer('litellm', 'gemini', 'gemini/gemini-2.5-flash-image', 0.3, 2.5);
const vertex = offer('litellm', 'vertex_ai', 'gemini-2.5-flash-image', 0.3, 2.5);
const imageRate = [{ unit: '1m_tokens' as const, kind: 'output_image' as const, usd: 30 }];

describe('withoutImageRateOutput', () => {
  it("lets another source's text rate stand for the place where genai-prices' output is the image rate", () => {
    const { offers, dropped } = withoutImageRateOutput([genai, litellm, vertex], imageRate);
    expect(offers).toEqual([litellm, vertex]);
    expect(dropped).toEqual([genai]);
  });

  it('keeps genai-prices where nothing contradicts it: no image rate, no text rate at its place, or a text rate of its own', () => {
    expect(withoutImageRateOutput([genai, litellm], []).offers).toEqual([genai, litellm]);
    expect(withoutImageRateOutput([genai, vertex], imageRate).offers).toEqual([genai, vertex]);
    const text = offer('genai-prices', 'google', 'google/gemini-3-pro-image-preview', 2, 12);
    expect(withoutImageRateOutput([text, offer('litellm', 'gemini', 'gemini/gemini-3-pro-image-preview', 2, 12)], [{ unit: '1m_tokens', kind: 'output_image', usd: 120 }]).dropped).toEqual([]);
  });
});
