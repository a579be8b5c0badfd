/**
 * One model per thing, through update and the render: a deployment whose state holds a maker's
 * dated snapshot made a model of its own (`openai/gpt-4-0613`) and a delisted shell
 * (`anthropic/claude-opus-4-8`) beside the models they are part of. Its next update joins them; the
 * site publishes each once, the old addresses answering which model they are part of, and a
 * replacement naming the shell resolves to the model. Two catalog models that are one are
 * published once by the build.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { ModelRecord } from '../models/types.js';
import { anthropicPage, openAiPage } from '../sources/firstparty/fixtures.js';
import { llmFile, llmRecord } from '../sources/litellm/fixtures.js';
import { orModel } from '../sources/openrouter/fixtures.js';
import { saveModels } from '../store/data-store.js';
import type { ModelDetail, ModelEntry } from '../types/api-types.js';
import { renderSite, type RenderedSite } from '../testing/rendered-site.js';
import { seedCatalog } from '../testing/seed.js';
import { tempDir } from '../testing/tree.js';
import { factsFrom } from '../testing/facts-from.js';
import type { FactsRunReport } from '../update/facts.js';

const NOW = '2026-10-06T00:00:00Z';
const LITELLM = llmFile({
  'gpt-4': llmRecord({ provider: 'openai', input: 3e-5, output: 6e-5, max_input_tokens: 8192 }),
  'gpt-4-0613': llmRecord({ provider: 'openai', input: 3e-5, output: 6e-5, max_input_tokens: 8192 }),
  'gpt-4-0314': llmRecord({ provider: 'openai', input: 3e-5, output: 6e-5, max_input_tokens: 8192 }),
  'claude-opus-4-8': llmRecord({ provider: 'anthropic', input: 5e-6, output: 2.5e-5, max_input_tokens: 1000000 }),
});
const OPENAI = openAiPage([{ date: '2026-04-22', title: 'Legacy GPT models', rows: [{ shutdown: 'October 23, 2026', model: '`gpt-4-0613` \\| `gpt-4`, `gpt-4-completions`', replacement: '`gpt-5.6-sol`' }] }]);
const ANTHROPIC = anthropicPage(
  [{ name: 'claude-opus-4-20250514', state: 'Retired', deprecated: 'April 14, 2026', retirement: 'June 15, 2026' }],
  [{ date: '2026-04-14', title: 'Claude Opus 4', rows: [{ retirement: 'June 15, 2026', name: 'claude-opus-4-20250514', replacement: 'claude-opus-4-8' }] }],
);

/** A maker's own model as an earlier version made it from LiteLLM's record (no offers of its own stored). */
function made(id: string, delisted: string | null): ModelRecord {
  return {
    id, upstream_id: `litellm/${id.split('/')[1]}`, name: id.split('/')[1]!, author: id.split('/')[0]!, description: '', created_at: null, context_length: 8192, max_output: null,
    capabilities: { vision: false, reasoning: false, tools: false }, input_modalities: ['text'], output_modalities: ['text'],
    benchmarks: { intelligence_index: null, coding_index: null, math_index: null }, retirement_date: null, free_variant: null,
    first_seen_at: '2026-08-01T06:00:00Z', delisted_at: delisted, price_history: [], endpoints: { updated_at: null, items: [] }, origin: 'first-party', type: 'chat',
  };
}

let site: RenderedSite;
let report: FactsRunReport;
const detail = (id: string) => site.json<{ data: ModelDetail }>(`api/v1/models/${id}.json`).data;

beforeAll(async () => {
  const dataDir = await tempDir('part-of-data');
  await seedCatalog(
    dataDir,
    [
      orModel({ id: 'openai/gpt-4', prompt: '0.00003', completion: '0.00006', context_length: 8191 }),
      orModel({ id: 'openai/gpt-4-0314', prompt: '0.00003', completion: '0.00006', context_length: 8191 }),
      orModel({ id: 'anthropic/claude-opus-4.8', prompt: '0.000005', completion: '0.000025', context_length: 1000000 }),
      orModel({ id: 'anthropic/claude-opus-4', prompt: '0.000015', completion: '0.000075', context_length: 200000 }),
      // OpenRouter lists one model twice: its dated name (`-0309`, xAI's spelling of its canonical slug's date) and the name.
      { ...orModel({ id: 'x-ai/grok-9', prompt: '0.000001', completion: '0.000002' }), canonical_slug: 'x-ai/grok-9-20260309' },
      { ...orModel({ id: 'x-ai/grok-9-0309', prompt: '0.000001', completion: '0.000002' }), canonical_slug: 'x-ai/grok-9-0309' },
    ],
    '2026-10-01T00:00:00Z',
  );
  await saveModels(dataDir, [made('openai/gpt-4-0613', null), made('anthropic/claude-opus-4-8', '2026-08-01T06:00:00Z')]);
  const markdown = (body: string) => ({ kind: 'text' as const, body, headers: { 'content-type': 'text/markdown' } });
  const routes = { '/litellm.json': { kind: 'json' as const, body: LITELLM }, '/openai.md': markdown(OPENAI), '/anthropic.md': markdown(ANTHROPIC) };
  const env = { MODELPULSE_LITELLM_URL: '/litellm.json', MODELPULSE_OPENAI_DEPRECATIONS_URL: '/openai.md', MODELPULSE_ANTHROPIC_DEPRECATIONS_URL: '/anthropic.md' };
  report = await factsFrom(dataDir, NOW, routes, env, ['litellm', 'openai-deprecations', 'anthropic-deprecations']);
  site = await renderSite(dataDir, 'https://modelpulse.test');
}, 60_000);

describe('one model per thing', () => {
  it('joins the stored duplicates on the next update, and reports the pair it cannot join', () => {
    expect(report.ok).toBe(true);
    expect(report.firstPartyModels!.superseded.sort()).toEqual(['anthropic/claude-opus-4-8 → anthropic/claude-opus-4.8', 'openai/gpt-4-0613 → openai/gpt-4']);
    expect(report.firstPartyModels!.added).toEqual([]);
    expect(report.firstPartyModels!.duplicates).toEqual(['x-ai/grok-9 and x-ai/grok-9-0309 are one model (dated name grok-9-0309)']);
  });

  it('publishes each model once: the old address says which model it is part of; that model has its offers and lifecycle', () => {
    const listed = site.json<{ data: ModelEntry[] }>('api/v1/models.json').data.map((m) => m.id);
    expect(listed.sort()).toEqual(['anthropic/claude-opus-4', 'anthropic/claude-opus-4.8', 'openai/gpt-4', 'openai/gpt-4-0314', 'x-ai/grok-9']);
    expect(detail('openai/gpt-4-0613')).toMatchObject({ part_of: 'openai/gpt-4', on_sale: false, delisted_at: NOW, endpoints: [] });
    expect(detail('anthropic/claude-opus-4-8')).toMatchObject({ part_of: 'anthropic/claude-opus-4.8', delisted_at: '2026-08-01T06:00:00Z', endpoints: [] });
    const gpt4 = detail('openai/gpt-4');
    expect(gpt4.part_of).toBeNull();
    expect(gpt4.endpoints.find((o) => o.source === 'litellm' && o.provider === 'openai')?.api_names).toEqual(['gpt-4', 'gpt-4-0613', 'gpt-4-completions']);
    expect(gpt4.lifecycle).toMatchObject({ retirement_date: '2026-10-23' });
  });

  it("resolves a replacement that names the shell to the model, and publishes two catalog models that are one once", () => {
    expect(detail('anthropic/claude-opus-4').deprecation).toMatchObject({ replacement: 'anthropic/claude-opus-4.8', replacement_id: 'anthropic/claude-opus-4.8' });
    expect(detail('x-ai/grok-9-0309')).toMatchObject({ part_of: 'x-ai/grok-9', on_sale: false, delisted_at: null });
    expect(detail('x-ai/grok-9').part_of).toBeNull();
  });
});
