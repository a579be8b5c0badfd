import { describe, expect, it } from 'vitest';
import { buildModelNameTable, familyNames, modelsNamed, normalizeName, type NamedModelSource } from './incident-models.js';

const model = (id: string, name: string, extra: Partial<NamedModelSource> = {}): NamedModelSource => ({ id, name, delisted_at: null, ...extra });

const catalog = [
  model('anthropic/claude-opus-5', 'Claude Opus 5'),
  model('anthropic/claude-opus-5-fast', 'Claude Opus 5 (Fast)'),
  model('anthropic/claude-opus-4.8', 'Claude Opus 4.8'),
  model('anthropic/claude-haiku-4.5', 'Claude Haiku 4.5', { api_names: ['claude-haiku-4-5-20251001', 'claude-haiku-4-5'] }),
  model('anthropic/claude-sonnet-5', 'Claude Sonnet 5'),
  model('anthropic/claude-fable-5', 'Claude Fable 5'),
  model('anthropic/claude-3.5-sonnet', 'Claude 3.5 Sonnet', { delisted_at: '2026-05-01T00:00:00Z' }),
  model('openai/gpt-5', 'GPT-5'),
  model('openai/gpt-5.4', 'GPT-5.4'),
  model('openai/gpt-5.4-mini', 'GPT-5.4 Mini'),
  model('openai/ada', 'ada'),
  model('openai/text-embedding-3-small', 'text embedding 3'),
  model('openai/text-embedding-3-large', 'text embedding 3'),
  model('google/gemini-3-pro-preview', 'Gemini 3 Pro Preview'),
  model('google/gemini-2.5-pro', 'Gemini 2.5 Pro'),
  model('google/gemini-2.5-pro-preview', 'Gemini 2.5 Pro Preview 06-05'),
  model('meta-llama/llama-3.3-70b-instruct', 'Llama 3.3 70B Instruct'),
];
const table = buildModelNameTable(catalog);
const anthropic = { inScope: (id: string) => id.startsWith('anthropic/') };

describe('normalizeName', () => {
  it('keeps version dots, folds case and separators', () => {
    expect(normalizeName('GPT-4o-mini (2024-07-18)')).toBe('gpt 4o mini 2024 07 18');
    expect(normalizeName('Elevated errors on Claude Opus 4.5.')).toBe('elevated errors on claude opus 4.5');
    expect(normalizeName('status.claude.com')).toBe('status claude com');
  });
});

describe('familyNames', () => {
  it("drops the brand word where a named version remains, and the maker's qualifiers", () => {
    expect(familyNames('Claude Opus 5')).toEqual(['opus 5']);
    expect(familyNames('Gemini 3 Pro Preview')).toEqual(['gemini 3 pro']);
    expect(familyNames('Llama 3.3 70B Instruct')).toEqual(['llama 3.3 70b']);
    expect(familyNames('Gemini 2.5 Pro Preview 06-05')).toEqual(['gemini 2.5 pro']);
    // Never a bare version ("3 pro", "5.4 mini").
    expect(familyNames('GPT-5.4 Mini')).toEqual([]);
  });
});

describe('modelsNamed', () => {
  it('attaches an incident to each model it names, by display and family names', () => {
    expect(modelsNamed('Degraded performance for Claude Opus 5 and Claude Haiku 4.5', table, anthropic).models).toEqual(['anthropic/claude-haiku-4.5', 'anthropic/claude-opus-5']);
    expect(modelsNamed('Elevated errors for Mythos 5, Fable 5, Opus 5 and Claude Haiku 4.5', table, anthropic).models).toEqual([
      'anthropic/claude-fable-5',
      'anthropic/claude-haiku-4.5',
      'anthropic/claude-opus-5',
    ]);
    expect(modelsNamed('Elevated errors for claude-haiku-4-5-20251001', table, anthropic).models).toEqual(['anthropic/claude-haiku-4.5']);
  });

  it('names nothing for "multiple models" and words that are no name', () => {
    for (const text of ['Elevated errors on requests to multiple models', 'Elevated errors across all models', 'Service disruption on Claude services', 'Issues reaching status.claude.com']) {
      expect(modelsNamed(text, table, anthropic)).toEqual({ models: [], ambiguous: [] });
    }
    // A lone word is never a name, even one a model carries.
    expect(modelsNamed('Ada Lovelace day', table).models).toEqual([]);
  });

  it('matches whole names only, the longest at each place', () => {
    expect(modelsNamed('Errors on GPT-5.4 Mini', table).models).toEqual(['openai/gpt-5.4-mini']);
    expect(modelsNamed('Errors on GPT-5.4', table).models).toEqual(['openai/gpt-5.4']);
    expect(modelsNamed('Errors on GPT-5', table).models).toEqual(['openai/gpt-5']);
    expect(modelsNamed('Claude Opus 5 (Fast) is slow', table).models).toEqual(['anthropic/claude-opus-5-fast']);
    expect(modelsNamed('Elevated errors for Opus 4', table, anthropic).models).toEqual([]);
  });

  it("prefers a model's own name to another's family name", () => {
    // "Gemini 2.5 Pro" is one model's display name and the other's family name.
    expect(modelsNamed('Gemini 2.5 Pro errors', table)).toEqual({ models: ['google/gemini-2.5-pro'], ambiguous: [] });
    expect(modelsNamed('Gemini 3 Pro errors', table).models).toEqual(['google/gemini-3-pro-preview']);
    expect(modelsNamed('Llama 3.3 70B slow on one provider', table).models).toEqual(['meta-llama/llama-3.3-70b-instruct']);
  });

  it('attaches a name that fits two models to neither, and says so', () => {
    expect(modelsNamed('text-embedding 3 errors', table)).toEqual({ models: [], ambiguous: [{ name: 'text embedding 3', candidates: ['openai/text-embedding-3-large', 'openai/text-embedding-3-small'] }] });
  });

  it("counts only the service's scope and models listed when the incident began", () => {
    expect(modelsNamed('GPT-5 errors', table, anthropic).models).toEqual([]);
    expect(modelsNamed('Claude 3.5 Sonnet errors', table, { ...anthropic, at: '2026-07-01T00:00:00Z' }).models).toEqual([]);
    expect(modelsNamed('Claude 3.5 Sonnet errors', table, { ...anthropic, at: '2026-04-01T00:00:00Z' }).models).toEqual(['anthropic/claude-3.5-sonnet']);
  });
});
