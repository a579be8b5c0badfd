import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadOverrides } from '../store/overrides.js';
import { tempDir } from '../testing/tree.js';
import { applyOverride as apply, singleSource } from './overrides.js';
import type { ModelOverride } from './overrides.js';

const applyOverride = (r: ModelRecord, o: ModelOverride | undefined, url: string) => apply(r, o, singleSource('openrouter', url));
import type { ModelRecord } from './types.js';

const record: ModelRecord = {
  id: 'openai/gpt-test',
  upstream_id: 'openai/gpt-test',
  name: 'GPT Test',
  author: 'openai',
  description: '',
  created_at: null,
  context_length: 128000,
  max_output: 16384,
  capabilities: { vision: false, reasoning: false, tools: true },
  input_modalities: ['text'],
  output_modalities: ['text'],
  benchmarks: { intelligence_index: 40, coding_index: null, math_index: null },
  retirement_date: '2026-12-31',
  free_variant: null,
  first_seen_at: '2026-03-29T00:00:00Z',
  delisted_at: null,
  price_history: [{ at: '2026-03-29T00:00:00Z', input: 1, output: 2, cache_read: null, cache_write: null }],
  endpoints: { updated_at: null, items: [] },
};
const UPSTREAM = 'https://openrouter.ai/openai/gpt-test';

async function overridesFile(content: unknown): Promise<string> {
  const dir = await tempDir('overrides');
  await mkdir(dir, { recursive: true });
  await writeFile(join(dir, 'overrides.json'), JSON.stringify(content));
  return dir;
}

describe('applyOverride', () => {
  it('keeps upstream values and names the upstream when there is no override', () => {
    const { record: out, provenance, replacement } = applyOverride(record, undefined, UPSTREAM);
    expect(out).toEqual(record);
    expect(provenance).toEqual({
      price: { source: 'openrouter', url: UPSTREAM },
      benchmarks: { source: 'openrouter', url: UPSTREAM },
      retirement_date: { source: 'openrouter', url: UPSTREAM },
      corrections: [],
      price_corrections: [],
    });
    expect(replacement).toBeNull();
  });

  it('lets a curated retirement and corrections win, and says so', () => {
    const fix = { field: 'benchmarks.intelligence_index' as const, value: 45.5, reason: 'upstream swapped two models', source_url: 'https://example.com/aa' };
    const { record: out, provenance, replacement, retirementSourceUrl } = applyOverride(
      record,
      { retirement: { date: '2026-10-01', source_url: 'https://example.com/deprecations', replacement: 'openai/gpt-next' }, corrections: [fix, { field: 'capabilities.vision', value: true, reason: 'accepts images', source_url: 'https://example.com/docs' }] },
      UPSTREAM,
    );
    expect(out.retirement_date).toBe('2026-10-01');
    expect(out.benchmarks.intelligence_index).toBe(45.5);
    expect(out.capabilities).toEqual({ vision: true, reasoning: false, tools: true });
    expect(provenance.retirement_date).toEqual({ source: 'override', url: 'https://example.com/deprecations' });
    expect(provenance.benchmarks).toEqual({ source: 'override', url: 'https://example.com/aa' });
    expect(provenance.price?.source).toBe('openrouter');
    expect(replacement).toBe('openai/gpt-next');
    expect(retirementSourceUrl).toBe('https://example.com/deprecations');
  });
});

describe('loadOverrides', () => {
  const known = new Set(['openai/gpt-test', 'openai/gpt-next']);

  it('accepts a valid file and treats a missing file as no overrides', async () => {
    const dir = await overridesFile({ models: { 'openai/gpt-test': { retirement: { date: '2026-10-01', source_url: 'https://example.com/x', replacement: 'openai/gpt-next' } } } });
    expect((await loadOverrides(dir, known)).models['openai/gpt-test']?.retirement?.date).toBe('2026-10-01');
    expect(await loadOverrides(await tempDir('none'), known)).toEqual({ models: {} });
  });

  it.each([
    [{ models: { 'openai/gpt-typo': { retirement: { date: '2026-10-01', source_url: 'https://example.com/x' } } } }, /overrides openai\/gpt-typo, a model not in data\/models/],
    [{ models: { 'openai/gpt-test': { retirement: { date: '2026-10-01', source_url: 'https://example.com/x', replacement: 'openai/nope' } } } }, /names openai\/nope as the replacement/],
    [{ models: { 'openai/gpt-test': { retirement: { date: '2026-10', source_url: 'https://example.com/x' } } } }, /does not match the overrides schema/],
    [{ models: { 'openai/gpt-test': { corrections: [{ field: 'context_length', value: 'big', reason: 'r', source_url: 'https://example.com/x' }] } } }, /context_length must be a positive whole number/],
    [{ models: { 'openai/gpt-test': { corrections: [{ field: 'price.input', value: 1, reason: 'r', source_url: 'https://example.com/x' }] } } }, /does not match the overrides schema/],
  ])('rejects %j with a clear error', async (content, error) => {
    await expect(loadOverrides(await overridesFile(content), known)).rejects.toThrow(error);
  });
});
