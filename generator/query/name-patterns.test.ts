import { describe, expect, it } from 'vitest';
import { bestPattern, matchPattern, MAX_NAME_LENGTH, regexLiteral, unsafeRegex, type PublishedPattern } from './name-patterns.js';

// genai-prices' own clauses (prices/data.json, 2026-07): Anthropic's Claude 3.7 Sonnet family,
// Gemini 2.5 Pro and its preview, xAI's dated Grok 4.3 names, Mistral Medium's prefix.
const patterns: PublishedPattern[] = [
  { match: { or: [{ starts_with: 'claude-3-7-sonnet' }, { starts_with: 'claude-3.7-sonnet' }] }, name: 'claude-3-7-sonnet-latest' },
  { match: { starts_with: 'gemini-2.5-pro' }, name: 'gemini-2.5-pro', except: ['gemini-2.5-pro-preview-tts'] },
  { match: { starts_with: 'gemini-2.5-pro-preview' }, name: 'gemini-2.5-pro-preview' },
  { match: { regex: '^grok-4\\.3-\\d{8}$' }, name: 'grok-4.3' },
  { match: { and: [{ contains: 'nova' }, { ends_with: '-lite' }] }, name: 'amazon.nova-lite-v1:0' },
];

describe('name patterns', () => {
  it('take a name the most specific clause describes, case-insensitively, never a name listed as something else', () => {
    expect(bestPattern(patterns, 'claude-3-7-sonnet')?.name).toBe('claude-3-7-sonnet-latest');
    expect(bestPattern(patterns, 'Claude-3.7-Sonnet-20250219')?.name).toBe('claude-3-7-sonnet-latest');
    // The longer literal wins over the list's order: the preview's own family, not Gemini 2.5 Pro's.
    expect(bestPattern(patterns, 'gemini-2.5-pro-preview-05-06')?.name).toBe('gemini-2.5-pro-preview');
    expect(bestPattern(patterns, 'gemini-2.5-pro-exp-03-25')?.name).toBe('gemini-2.5-pro');
    // A name a source writes out for another model is never taken by a family.
    expect(bestPattern(patterns, 'gemini-2.5-pro-preview-tts')?.name).toBe('gemini-2.5-pro-preview');
    expect(bestPattern(patterns.slice(0, 2), 'gemini-2.5-pro-preview-tts')).toBeUndefined();
    expect(bestPattern(patterns, 'grok-4.3-20260501')?.name).toBe('grok-4.3');
    expect(bestPattern(patterns, 'grok-4.3-2026050')).toBeUndefined();
    expect(bestPattern(patterns, 'us.amazon.nova-lite')?.name).toBe('amazon.nova-lite-v1:0');
    expect(bestPattern(patterns, 'gpt-4o')).toBeUndefined();
  });

  it('rank a match by the literal it pins: and adds its parts, or takes its best branch', () => {
    expect(matchPattern({ and: [{ contains: 'nova' }, { ends_with: '-lite' }] }, 'amazon.nova-lite')).toEqual({ length: 9, rank: 2 });
    expect(matchPattern({ or: [{ contains: 'o4' }, { starts_with: 'o4-mini' }] }, 'o4-mini-2025-04-16')).toEqual({ length: 7, rank: 4 });
    expect(matchPattern({ regex: '^o[134]' }, 'o3-mini')).toEqual({ length: 1, rank: 3 });
    expect(regexLiteral('^gemini-3\\.5-flash-\\d')).toBe('gemini-3.5-flash-');
    expect(regexLiteral('^gpt-4o?')).toBe('gpt-4');
  });

  it('run only regexes whose backtracking is bounded, and stay fast on hostile names', () => {
    for (const safe of ['^grok-4\\.3-\\d{8}$', '(?:mi|code|dev|magi|mini)stral', '^gemini-3\\.5-flash-\\d', '^o[134]', '^claude-(?:3-5|3\\.5)-sonnet(?:-v2)?@\\d+$']) expect(unsafeRegex(safe)).toBeNull();
    expect(unsafeRegex('^(a+)+$')).toMatch(/safe subset/);
    expect(unsafeRegex('^(a|aa)*$')).toMatch(/safe subset/);
    expect(unsafeRegex('(x+x+)+y')).toMatch(/safe subset/);
    expect(unsafeRegex('^(?=a)a')).toMatch(/safe subset/);
    expect(unsafeRegex('^(a)\\1$')).toMatch(/safe subset/);
    expect(unsafeRegex('.*.*.*.*=.*')).toMatch(/steps/);
    // `^` anchors only where no top-level alternative escapes it.
    expect(unsafeRegex('^a|.*.*b')).toMatch(/steps/);
    expect(unsafeRegex('^(?:a|.*b)')).toBeNull();
    expect(unsafeRegex(`^${'a'.repeat(101)}`)).toMatch(/longer than 100/);
    expect(unsafeRegex('^a{2,1}')).toMatch(/safe subset/);
    expect(unsafeRegex('^[a-')).toMatch(/safe subset/);
    // An unsafe regex matches nothing; a hostile name of any length is refused before any regex runs.
    expect(matchPattern({ regex: '^(a+)+$' }, 'aaaa')).toBeNull();
    expect(bestPattern([{ match: { regex: '^a*a*a*a*a*a*b' }, name: 'x' }], 'a'.repeat(100))).toBeUndefined();
    expect(bestPattern(patterns, `claude-3-7-sonnet${'x'.repeat(MAX_NAME_LENGTH)}`)).toBeUndefined();
  });

  it('ignore what is not a clause', () => {
    const odd = [{ match: { nope: 1 }, name: 'a' }, { match: null, name: 'b' }, { match: { or: 'x' }, name: 'c' }, null] as unknown as PublishedPattern[];
    expect(bestPattern(odd, 'a')).toBeUndefined();
  });
});

describe('a family and the versions of a model', () => {
  it('never takes another version, whatever follows it, but takes dates, stages and variants', () => {
    const family = (literal: string, name: string) => matchPattern({ starts_with: literal }, name) !== null;
    for (const [literal, name] of [
      ['claude-3-7-sonnet', 'claude-3-7-sonnet-20250219'],
      ['gemini-2.5-pro', 'gemini-2.5-pro-preview-05-06'],
      ['gemini-2.5-flash-preview', 'gemini-2.5-flash-preview-09-2025'],
      ['gemini-2.0-flash', 'gemini-2.0-flash-exp'],
      ['gemini-2.0-flash', 'gemini-2.0-flash-001'],
      ['mistral-medium', 'mistral-medium-2505'],
      ['gpt-4.5-preview', 'gpt-4.5-preview-2025-02-27'],
      ['grok-4', 'grok-4-0709'],
      ['claude-opus-4', 'claude-opus-4@20250514'],
    ] as const) expect(family(literal, name), `${literal} ${name}`).toBe(true);
    for (const [literal, name] of [
      ['claude-fable-5', 'claude-fable-5-1'],
      ['claude-2', 'claude-2.1'],
      ['claude-opus-4', 'claude-opus-4-5-20251101'],
      ['grok-4', 'grok-4-1-fast'],
      ['qwen3', 'qwen3-235b-a22b'],
    ] as const) expect(family(literal, name), `${literal} ${name}`).toBe(false);
    // A `contains` family: Vertex's Claude Sonnet 4 clause never takes Claude Sonnet 4.5.
    expect(matchPattern({ contains: 'claude-sonnet-4' }, 'claude-sonnet-4-5@20250929')).toBeNull();
    expect(matchPattern({ contains: 'claude-sonnet-4' }, 'claude-sonnet-4@20250514')).not.toBeNull();
    expect(matchPattern({ contains: 'amazon.nova-pro' }, 'us.amazon.nova-pro-v1:0')).not.toBeNull();
  });
});
