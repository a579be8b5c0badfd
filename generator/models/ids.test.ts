import { describe, expect, it } from 'vitest';
import { isModelId, modelIdProblem, parseUpstreamModelId } from './ids.js';

describe('model ids', () => {
  it.each([
    'openai/gpt-4o',
    'openai/gpt-4.1',
    'meta-llama/llama-3.1-8b-instruct',
    'qwen/qwen3-coder-30b-a3b-instruct',
    'mistralai/mistral-7b-instruct-v0.1',
    'x-ai/grok-4.json-mode',
    'acme/console',
    'acme/com10',
  ])('accepts %s', (id) => {
    expect(modelIdProblem(id)).toBeNull();
  });

  it.each([
    ['openai/gpt-4o.json', /ends in "\.json"/],
    ['openai.json/hijack', /ends in "\.json"/],
    ['openai/feed.xml', /ends in "\.xml"/],
    ['openai/cal.ics', /ends in "\.ics"/],
    ['openai/app.js', /ends in "\.js"/],
    ['openai/logo.svg', /ends in "\.svg"/],
    ['openai/index.html', /ends in "\.html"/],
    ['openai/robots.txt', /ends in "\.txt"/],
    ['con/nul', /reserved file name on Windows/],
    ['evil/aux', /reserved file name on Windows/],
    ['evil/com1', /reserved file name on Windows/],
    ['lpt9/model', /reserved file name on Windows/],
    ['evil/nul.tar', /reserved file name on Windows/],
    ['evil/prn.v2', /reserved file name on Windows/],
    ['a/b..c', /contains "\.\."/],
    ['../etc', /not <author>\/<slug>/],
    ['OpenAI/GPT', /not <author>\/<slug>/],
  ])('refuses %s', (id, reason) => {
    expect(modelIdProblem(id)).toMatch(reason);
    expect(isModelId(id)).toBe(false);
  });

  it('refuses upstream ids that would end in a published extension or a reserved name, saying why', () => {
    expect(parseUpstreamModelId('OpenAI/GPT-4o.JSON')).toEqual({ ok: false, reason: expect.stringMatching(/refused id "OpenAI\/GPT-4o\.JSON": segment "gpt-4o\.json" ends in "\.json"/) });
    expect(parseUpstreamModelId('con/nul:free')).toMatchObject({ ok: false, reason: expect.stringMatching(/reserved file name on Windows/) });
    expect(parseUpstreamModelId('openai/gpt:x.json')).toMatchObject({ ok: false, reason: expect.stringMatching(/with its variant: .*ends in "\.json"/) });
    expect(parseUpstreamModelId('openai/gpt-4o:free')).toMatchObject({ ok: true, id: 'openai/gpt-4o' });
  });
});
