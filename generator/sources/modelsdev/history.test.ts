import { describe, expect, it } from 'vitest';
import { catalogAt, parseModelsDevHistory, readTimes, utcSecond, type ModelsDevHistory } from './history.js';
import { parseModelsDev } from './parse.js';
import { ModelTomlError, readModelToml } from './toml.js';
import { translateModelsDev } from './translate.js';

// Model files as models.dev's repository held them: the June 2025 form (`inputCached`, top-level
// modalities), today's form, an `[extends]` file, a `base_model` file, a broken commit, a deletion.
const GPT_4O_2025_06 = `name = "GPT-4o"
attachment = true
reasoning = false

[cost]
input = 2.50
output = 10.00
inputCached = 1.25
outputCached = 0.00

[limit]
context = 128_000
output = 16_384
`;

const GPT_4O_2025_06_23 = `name = "GPT-4o"
release_date = "2024-05-13"
last_updated = "2024-05-13"
attachment = true
reasoning = false
temperature = true
knowledge = "2023-09"
tool_call = true
input_modalities = ["text", "image"]
output_modalities = ["text"]
open_weights = false

[cost]
input = 2.50
output = 10.00
cache_read = 1.25

[limit]
context = 128_000
output = 16_384
`;

const O3_CUT = `name = "o3"
release_date = "2025-04-16"
last_updated = "2025-04-16"
attachment = true
reasoning = true

[cost]
input = 2.00
output = 8.00
cache_read = 0.50

[limit]
context = 200_000
output = 100_000

[modalities]
input = ["text", "image"]
output = ["text"]
`;

const AZURE_O3 = `[extends]
from = "openai/o3"
omit = ["structured_output", "cost.cache_read"]

[modalities]
input = ["text", "image"]
output = ["text"]
`;

const BEDROCK_BASE_MODEL = `base_model = "anthropic/claude-opus-4-1-20250805"

[cost]
input = 15
output = 75
cache_read = 1.5
cache_write = 18.75
`;

const history: ModelsDevHistory = {
  repository: 'anomalyco/models.dev',
  head: 'f3fc692299671838c7c65fd8126bf84d81a2e817',
  head_date: '2026-07-02T00:40:28+08:00',
  providers: ['openai', 'azure', 'amazon-bedrock'],
  files: [
    {
      path: 'providers/openai/models/gpt-4o.toml',
      versions: [
        { commit: 'a1', date: '2025-06-05T16:31:32-04:00', toml: GPT_4O_2025_06 },
        { commit: 'a2', date: '2025-06-23T14:24:37-04:00', toml: GPT_4O_2025_06_23 },
        { commit: 'a3', date: '2025-07-01T10:00:00+05:30', toml: 'name = "GPT-4o\n[cost' },
      ],
    },
    {
      path: 'providers/openai/models/o3.toml',
      versions: [
        { commit: 'b1', date: '2025-06-04T12:00:00Z', toml: O3_CUT.replace('input = 2.00', 'input = 10.00').replace('output = 8.00', 'output = 40.00') },
        { commit: 'b2', date: '2025-06-11T09:00:00Z', toml: O3_CUT },
      ],
    },
    { path: 'providers/azure/models/o3.toml', versions: [{ commit: 'c1', date: '2025-06-20T00:00:00Z', toml: AZURE_O3 }] },
    {
      path: 'providers/amazon-bedrock/models/anthropic.claude-opus-4-1-20250805-v1:0.toml',
      versions: [
        { commit: 'd1', date: '2025-08-06T00:00:00Z', toml: BEDROCK_BASE_MODEL },
        { commit: 'd2', date: '2026-06-26T00:00:00Z', deleted: true },
      ],
    },
  ],
};

/** The catalog at a time, through the update's own models.dev read (parse, translate). */
function factsAt(time: string) {
  const { catalog } = catalogAt(history, time);
  return translateModelsDev(parseModelsDev(JSON.parse(JSON.stringify(catalog)), 'http://127.0.0.1/api.json'));
}

const priceOf = (time: string, key: string) => factsAt(time).facts.find((f) => f.source_key === key)?.price;

describe("models.dev's history", () => {
  it('reads the 2025 file form as today\'s: inputCached is cache_read, a 0.00 outputCached says none', () => {
    expect(priceOf('2025-06-10T00:00:00Z', 'openai/gpt-4o')).toEqual({ input: 2.5, output: 10, cache_read: 1.25, cache_write: null });
    const later = factsAt('2025-06-30T00:00:00Z').facts.find((f) => f.source_key === 'openai/gpt-4o')!;
    expect(later.price).toEqual({ input: 2.5, output: 10, cache_read: 1.25, cache_write: null });
    expect(later.modalities).toEqual({ input: ['image', 'text'], output: ['text'] });
    expect(later.release_date).toBe('2024-05-13');
    expect(later.context_length).toBe(128000);
  });

  it('stands each file at its last version by the time, and a file before its first commit is absent', () => {
    expect(priceOf('2025-06-05T00:00:00Z', 'openai/o3')).toEqual({ input: 10, output: 40, cache_read: 0.5, cache_write: null });
    expect(priceOf('2025-06-11T09:00:00Z', 'openai/o3')).toEqual({ input: 2, output: 8, cache_read: 0.5, cache_write: null });
    expect(priceOf('2025-06-05T00:00:00Z', 'openai/gpt-4o')).toBeUndefined();
  });

  it('inherits an [extends] file as it stood at the same time, less its omit paths', () => {
    expect(priceOf('2025-06-21T00:00:00Z', 'azure/o3')).toEqual({ input: 2, output: 8, cache_read: null, cache_write: null });
    const azure = factsAt('2025-06-21T00:00:00Z').facts.find((f) => f.source_key === 'azure/o3')!;
    expect(azure.context_length).toBe(200000);
    expect(azure.release_date).toBe('2025-04-16');
  });

  it('keeps a base_model file on its own fields, and a deleted file is gone', () => {
    expect(priceOf('2025-09-01T00:00:00Z', 'amazon-bedrock/anthropic.claude-opus-4-1-20250805-v1:0')).toEqual({ input: 15, output: 75, cache_read: 1.5, cache_write: 18.75 });
    expect(priceOf('2026-06-27T00:00:00Z', 'amazon-bedrock/anthropic.claude-opus-4-1-20250805-v1:0')).toBeUndefined();
  });

  it('skips a version that is not TOML for the one before, and counts it', () => {
    const at = catalogAt(history, '2025-07-02T00:00:00Z');
    expect(at.unreadable).toBe(1);
    expect(at.catalog.openai!.models['gpt-4o']!.cost).toEqual({ input: 2.5, output: 10, cache_read: 1.25 });
    expect(() => readModelToml('name = "GPT-4o\n[cost')).toThrow(ModelTomlError);
  });

  it('reads once per week with a price, an arrival or a deletion, at its last such commit', () => {
    expect(utcSecond('2025-06-05T16:31:32-04:00')).toBe('2025-06-05T20:31:32Z');
    // 06-04 and 06-05 share a week (Monday 2025-06-02); the 06-23 edit leaves the price as it was.
    expect(readTimes(history)).toEqual(['2025-06-05T20:31:32Z', '2025-06-11T09:00:00Z', '2025-06-20T00:00:00Z', '2025-08-06T00:00:00Z', '2026-06-26T00:00:00Z']);
    expect(readTimes(history, '2025-06-11T09:00:00Z', '2025-12-31T00:00:00Z')).toEqual(['2025-06-20T00:00:00Z', '2025-08-06T00:00:00Z']);
  });

  it('refuses a file that is not such a history', () => {
    expect(() => parseModelsDevHistory({ files: [] })).toThrow(/not a models.dev history file/);
    expect(parseModelsDevHistory(JSON.parse(JSON.stringify(history))).files).toHaveLength(4);
  });
});
