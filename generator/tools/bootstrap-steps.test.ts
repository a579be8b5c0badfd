import { describe, expect, it } from 'vitest';
import { openAiPage } from '../sources/firstparty/fixtures.js';
import { parseOpenAiPage } from '../sources/firstparty/openai.js';
import { splitConcatenatedFiles } from '../sources/firstparty/recordings.js';
import { bootstrapSteps, composeModelsDev, composeOpenAiPage, MODELSDEV_FILE, MODELSDEV_FILE_AT } from './bootstrap-steps.js';

// models.dev's reads from its history: two before the recorded file's day, one after.
const BOOTSTRAP_STEPS = bootstrapSteps(['2025-06-05T20:31:32Z', '2026-04-24T10:00:00Z', '2026-06-26T12:00:00Z']);

describe('the bootstrap\'s replay', () => {
  it('runs in time order', () => {
    const times = BOOTSTRAP_STEPS.map((s) => s.now);
    expect([...times].sort()).toEqual(times);
  });

  it('replays the 14 genai-prices copies and models.dev\'s history first, each as of its own time, among the other recordings', () => {
    const copies = BOOTSTRAP_STEPS.filter((s) => s.genaiPrices !== undefined);
    expect(copies).toHaveLength(14);
    for (const step of copies) expect(step.genaiPrices).toBe(`genai-prices/data-${step.now.slice(0, 10)}.json`);
    // Everything before the first catalog is genai-prices and models.dev: their prices are there when the models enter.
    const firstCatalog = BOOTSTRAP_STEPS.findIndex((s) => s.catalog !== undefined);
    expect(BOOTSTRAP_STEPS.slice(0, firstCatalog).every((s) => s.genaiPrices !== undefined || s.modelsdev !== undefined)).toBe(true);
    expect(firstCatalog).toBe(10);
  });

  it('reads models.dev from its history, and on the recorded file\'s day from that file first, so no provider leaves', () => {
    const reads = BOOTSTRAP_STEPS.filter((s) => s.modelsdev !== undefined);
    expect(reads.map((s) => [s.now, s.modelsdev])).toEqual([
      ['2025-06-05T20:31:32Z', [{ historyAt: '2025-06-05T20:31:32Z' }]],
      ['2026-04-24T10:00:00Z', [{ historyAt: '2026-04-24T10:00:00Z' }]],
      [MODELSDEV_FILE_AT, [{ file: MODELSDEV_FILE }, { historyAt: MODELSDEV_FILE_AT }]],
      ['2026-06-26T12:00:00Z', [{ historyAt: '2026-06-26T12:00:00Z' }, { file: MODELSDEV_FILE }]],
    ]);
    expect(composeModelsDev([{ openai: 'history', zai: 'history' }, { openai: 'file', openrouter: 'file' }])).toEqual({ openai: 'history', zai: 'history', openrouter: 'file' });
  });

  it('adds a later capture\'s sections to the top of OpenAI\'s upcoming deprecations', () => {
    const base = openAiPage([{ date: '2026-09-11', title: 'Old', rows: [{ shutdown: 'Oct 1, 2026', model: '`gpt-a`', replacement: '`gpt-b`' }] }]);
    const excerpt = '## Upcoming deprecations\n\nUpcoming deprecations are listed below.\n\n### 2026-10-01: New\n\n| Shutdown date | Model / system | Recommended replacement |\n|---|---|---|\n| Apr 1, 2027 | `gpt-c` | `gpt-d` |\n';
    const page = composeOpenAiPage(base, excerpt);
    expect(page.indexOf('### 2026-10-01: New')).toBeLessThan(page.indexOf('### 2026-09-11: Old'));
    expect(parseOpenAiPage(page, 'x').rows.map((r) => [r.api_name, r.announced])).toEqual([['gpt-c', '2026-10-01'], ['gpt-a', '2026-09-11']]);
    expect(() => composeOpenAiPage('# nothing here', excerpt)).toThrow(/expected/);
  });

  it('splits the recorded Mistral definitions back into files', () => {
    const text = '===== src/schema/models/models/a.ts @ 222f =====\nexport default 1;\n\n===== src/schema/models/models/index.ts @ 222f =====\nimport a from \'./a\';\n';
    expect(splitConcatenatedFiles(text)).toEqual({ 'a.ts': 'export default 1;\n\n', 'index.ts': "import a from './a';\n" });
  });
});
