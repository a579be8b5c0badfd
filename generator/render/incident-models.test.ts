import { describe, expect, it } from 'vitest';
import { buildModelNameTable, modelsNamed } from '../status/incident-models.js';
import { incidentModelSources } from './incident-models.js';
import type { SourcedModel } from './model-sources.js';

type Source = Pick<SourcedModel, 'record' | 'offers'>;
const model = (id: string, name: string, offers: { provider: string; api_names: string[] }[], part_of?: string): Source =>
  ({ record: { id, name, author: id.split('/')[0]!, delisted_at: null, ...(part_of === undefined ? {} : { part_of }) }, offers }) as unknown as Source;

// The committed catalog has both: OpenRouter's `claude-opus-4.8` and the maker's `claude-opus-4-8`, one model.
const catalog = [
  model('anthropic/claude-opus-4.8', 'Claude Opus 4.8', [{ provider: 'openrouter', api_names: ['anthropic/claude-opus-4.8'] }]),
  model('anthropic/claude-opus-4-8', 'Claude Opus 4.8', [{ provider: 'anthropic', api_names: ['claude-opus-4-8'] }], 'anthropic/claude-opus-4.8'),
  model('anthropic/claude-haiku-4.5', 'Claude Haiku 4.5', [{ provider: 'anthropic', api_names: ['claude-haiku-4-5'] }]),
  model('anthropic/claude-sonnet-9', 'Claude Sonnet 9', [{ provider: 'anthropic', api_names: ['claude-sonnet-9'] }], 'anthropic/not-in-this-catalog'),
];
const anthropic = { inScope: (id: string) => id.startsWith('anthropic/') };

describe('incidentModelSources', () => {
  it("folds a model part of another into that model: its names and providers are the whole's, and it is no candidate of its own", () => {
    const sources = incidentModelSources(catalog);
    expect(sources.map((s) => s.id)).toEqual(['anthropic/claude-opus-4.8', 'anthropic/claude-haiku-4.5', 'anthropic/claude-sonnet-9']);
    const opus = sources[0]!;
    expect(opus.api_names).toEqual(['anthropic/claude-opus-4.8', 'claude-opus-4-8']);
    expect([...opus.providers].sort()).toEqual(['anthropic', 'openrouter']);
  });

  it('lets an incident naming the model by its display name or the maker\'s API name attach to the one model, not to neither', () => {
    const table = buildModelNameTable(incidentModelSources(catalog));
    expect(modelsNamed('Elevated errors on Claude Opus 4.8', table, anthropic)).toMatchObject({ models: ['anthropic/claude-opus-4.8'] });
    expect(modelsNamed('Errors for claude-opus-4-8 and Claude Haiku 4.5', table, anthropic).models).toEqual(['anthropic/claude-haiku-4.5', 'anthropic/claude-opus-4.8']);
    // Unfolded, the same name fits two records and attaches to neither.
    const unfolded = buildModelNameTable(catalog.map((m) => ({ id: m.record.id, name: m.record.name, delisted_at: null })));
    expect(modelsNamed('Elevated errors on Claude Opus 4.8', unfolded, anthropic).models).toEqual([]);
  });
});
