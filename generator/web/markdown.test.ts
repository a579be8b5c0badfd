import { describe, expect, it } from 'vitest';
import { docsLinks, modelLinks, parseBlocks, parseInline } from './markdown.js';

describe('upstream Markdown in model descriptions', () => {
  it("turns OpenRouter's model links into our model pages and its other pages into their text", () => {
    expect(parseInline('the level of [GPT-4 Turbo](/models/openai/gpt-4-turbo) and [o1](/openai/o1)', modelLinks)).toEqual([
      { kind: 'text', text: 'the level of ' },
      { kind: 'link', text: 'GPT-4 Turbo', href: '#/models/openai/gpt-4-turbo', internal: true },
      { kind: 'text', text: ' and ' },
      { kind: 'link', text: 'o1', href: '#/models/openai/o1', internal: true },
    ]);
    expect(parseInline('see [the rankings](/rankings#task-spend) and [Qwen](/qwen)', modelLinks)).toEqual([{ kind: 'text', text: 'see the rankings and Qwen' }]);
  });

  it('links only http(s): javascript:, data: and protocol-relative targets stay text', () => {
    for (const target of ['javascript:alert(1)', 'JAVASCRIPT:alert(1)', 'data:text/html,<b>x</b>', '//evil.example.com/x', 'vbscript:x']) {
      const tokens = parseInline(`[click](${target})`, modelLinks);
      expect(tokens.every((t) => t.kind !== 'link'), target).toBe(true);
    }
    expect(parseInline('from [Poolside](<https://poolside.ai/>).', modelLinks)[1]).toEqual({ kind: 'link', text: 'Poolside', href: 'https://poolside.ai/', internal: false });
  });

  it('links bare URLs without their trailing punctuation, and keeps HTML as text', () => {
    expect(parseInline('Docs: https://docs.example.com/a_b. Use <instruction>{x}</instruction>', modelLinks)).toEqual([
      { kind: 'text', text: 'Docs: ' },
      { kind: 'link', text: 'https://docs.example.com/a_b', href: 'https://docs.example.com/a_b', internal: false },
      { kind: 'text', text: '. Use <instruction>{x}</instruction>' },
    ]);
  });

  it('reads emphasis and code, and splits paragraphs from lists', () => {
    expect(parseInline('**bold**, *italic* and `code`; 2 * 3 * 4', modelLinks).map((t) => t.kind)).toEqual(['strong', 'text', 'em', 'text', 'code', 'text']);
    const blocks = parseBlocks('Intro.\n\nBehavior:\n- low: 4 agents\n- high: 16 agents\nMore text', modelLinks);
    expect(blocks.map((b) => b.kind)).toEqual(['paragraph', 'paragraph', 'list', 'paragraph']);
    expect(blocks[2]).toEqual({ kind: 'list', items: [[{ kind: 'text', text: 'low: 4 agents' }], [{ kind: 'text', text: 'high: 16 agents' }]] });
  });
});

describe('Markdown in the OpenAPI descriptions', () => {
  it('keeps site links on this site, relative to the page (sub-paths work)', () => {
    expect(parseInline('[models](/api/v1/models.json)', docsLinks)).toEqual([{ kind: 'link', text: 'models', href: './api/v1/models.json', internal: true }]);
  });
});
