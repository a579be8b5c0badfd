import { describe, expect, it } from 'vitest';
import { openAiPage } from '../sources/firstparty/fixtures.js';
import { parseOpenAiPage } from '../sources/firstparty/openai.js';
import { splitConcatenatedFiles } from '../sources/firstparty/recordings.js';
import { BOOTSTRAP_STEPS, composeOpenAiPage } from './bootstrap-steps.js';

describe('the bootstrap\'s replay', () => {
  it('runs in time order', () => {
    const times = BOOTSTRAP_STEPS.map((s) => s.now);
    expect([...times].sort()).toEqual(times);
  });

  it('replays the 14 genai-prices copies first, each as of its own day, among the other recordings', () => {
    const copies = BOOTSTRAP_STEPS.filter((s) => s.genaiPrices !== undefined);
    expect(copies).toHaveLength(14);
    for (const step of copies) expect(step.genaiPrices).toBe(`genai-prices/data-${step.now.slice(0, 10)}.json`);
    // Everything before the first catalog is genai-prices: its prices are there when the models enter.
    const firstCatalog = BOOTSTRAP_STEPS.findIndex((s) => s.catalog !== undefined);
    expect(BOOTSTRAP_STEPS.slice(0, firstCatalog).map((s) => s.genaiPrices)).toEqual(copies.slice(0, firstCatalog).map((s) => s.genaiPrices));
    expect(firstCatalog).toBe(9);
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
