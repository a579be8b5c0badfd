import { describe, expect, it } from 'vitest';
import { FAULTS, itRejectsFaults, upstreamFailure, useLocalUpstream } from '../../testing/upstream-faults.js';
import type { FactsObservation, LifecycleSource, ModelFacts } from '../facts.js';
import { readLifecycleDate } from './dates.js';
import { anthropicPage, googlePage, mistralFiles, openAiPage, xaiGuide } from './fixtures.js';
import { readPricing } from './mistral.js';
import { lifecycleUrl, readLifecyclePage } from './index.js';
import { readReplacement } from './translate.js';

const markdown = (body: string) => ({ kind: 'text' as const, body, headers: { 'content-type': 'text/markdown; charset=utf-8' } });

function fact(observation: FactsObservation, key: string): ModelFacts {
  const found = observation.facts.find((f) => f.source_key === key);
  if (found === undefined) throw new Error(`no fact for ${key}: ${observation.facts.map((f) => f.source_key).join(', ')}`);
  return found;
}

const ANTHROPIC = anthropicPage(
  [
    { name: 'claude-next-5', state: 'Active', deprecated: 'N/A', retirement: 'Not sooner than June 9, 2027' },
    { name: 'claude-preview-x', state: 'Deprecated', deprecated: 'June 9, 2026', retirement: 'To be announced' },
    { name: 'claude-old-4-20250514', state: 'Retired', deprecated: 'April 14, 2026', retirement: 'June 15, 2026' },
  ],
  [
    { date: '2026-04-14', title: 'Claude Old 4', rows: [{ retirement: 'June 15, 2026', name: 'claude-old-4-20250514', replacement: 'claude-next-5' }] },
    { date: '2025-01-21', title: 'Claude 2', rows: [{ retirement: 'July 21, 2025', name: 'claude-2.1', replacement: 'claude-next-5' }] },
  ],
);

const OPENAI = openAiPage([
  // The later announcement moves the date: it stands.
  { date: '2026-04-22', title: 'Legacy snapshots', header: 'Model snapshot', rows: [
    { shutdown: 'October 23, 2026', model: '`gpt-old-1106-preview`', replacement: '`gpt-new`' },
    { shutdown: 'October 23, 2026', model: '`o9-2024-12-17` \\| `o9`', replacement: '`gpt-new` (`reasoning.mode: pro`)' },
  ] },
  { date: '2026-03-01', title: 'Transcription', rows: [{ shutdown: 'Feb 26, 2027', model: '`whisper-9`', replacement: '`gpt-a` or `gpt-b`' }] },
  { date: '2025-09-26', title: 'Legacy snapshots (March 2026 shutdown)', rows: [
    { shutdown: '2026\u201103\u201126', model: '`gpt-old-1106-preview`', replacement: '`gpt-5` or `gpt-4.1*`' },
    { shutdown: '2026-09-24', model: 'Videos API', replacement: '---' },
    { shutdown: '2024-10-28', model: 'New fine-tuning training on `babbage-002`', replacement: '`gpt-4o-mini`' },
  ] },
  { date: '2023-06-13', title: 'Updated chat models', rows: [{ shutdown: 'at earliest 2024-06-13', model: '`gpt-legacy-0314`', replacement: '`gpt-4o`' }] },
], ['o9-2024-12-17 | o9', 'gpt-legacy-0314 | gpt-legacy, gpt-legacy-completions', 'gpt-unlisted-0101 | gpt-unlisted']);

const GOOGLE = googlePage([
  { name: 'gemini-9-flash', shutdown: 'June 1, 2026', replacement: '`gemini-10-flash`' },
  { name: 'gemini-10-flash', shutdown: 'No shutdown date announced', replacement: '' },
  { name: 'veo-9-preview', shutdown: 'October 22, 2026', replacement: '`veo-10` or the GA models on the [Platform](https://example.com)', preview: true },
]);

const XAI = xaiGuide('May 15, 2026', [
  { name: 'grok-9-fast-reasoning', target: '`grok-10` with `low` reasoning effort' },
  { name: 'grok-code-9', target: '`grok-build-1`' },
]);

const VOXTRAL_PRICING = `  pricing: {
    type: 'custom',
    free: false,
    input: [
      { type: 'range', price: 0.001, denominator: '/Min' },
      { type: 'flat', price: 0.1, denominator: '/M Tokens' }
    ],
    output: [
      { type: 'range', price: 0.4, denominator: '/M Tokens' }
    ]
  },`;
const EMBED_PRICING = `  pricing: {
    type: 'custom',
    free: false,
    input: [
      { type: 'flat', price: 0.1, denominator: '/M Tokens' }
    ],
    output: [
      
    ]
  },`;
const MISTRAL = mistralFiles([
  { file: 'big-3', name: 'Mistral Big 3', status: 'GA', apiNames: ['mistral-big-2512', 'mistral-big-latest'], pricing: { input: 0.5, output: 1.5, cachedInput: 0.05 } },
  { file: 'big-2', name: 'Mistral Big 2.1', status: 'Deprecated', apiNames: ['mistral-big-2411'], metadata: { deprecationDate: 'April 30, 2026', retirementDate: '2026-07-31', replacement: 'Mistral Big 3' }, pricing: { input: 2, output: 6 } },
  { file: 'voice-1', name: 'Mistral Voice 1', status: 'GA', apiNames: ['mistral-voice-2507'], pricing: VOXTRAL_PRICING },
  { file: 'embed-1', name: 'Mistral Embed', status: 'GA', apiNames: ['mistral-embed-2312'], pricing: EMBED_PRICING },
  { file: 'weights-only', name: 'Open Weights', status: 'Retired', apiNames: [], metadata: { deprecationDate: '', retirementDate: '' } },
]);

function routesFor(source: LifecycleSource, server: { url: string }): { routes: Record<string, ReturnType<typeof markdown>>; env: Record<string, string> } {
  if (source === 'mistral-deprecations') {
    const routes = Object.fromEntries(Object.entries(MISTRAL).map(([file, text]) => [`/mistral/${file}`, markdown(text)]));
    return { routes, env: { MODELPULSE_MISTRAL_DEPRECATIONS_URL: `${server.url}/mistral` } };
  }
  const body = { 'anthropic-deprecations': ANTHROPIC, 'openai-deprecations': OPENAI, 'google-deprecations': GOOGLE, 'xai-deprecations': XAI }[source];
  const envName = { 'anthropic-deprecations': 'MODELPULSE_ANTHROPIC_DEPRECATIONS_URL', 'openai-deprecations': 'MODELPULSE_OPENAI_DEPRECATIONS_URL', 'google-deprecations': 'MODELPULSE_GOOGLE_DEPRECATIONS_URL', 'xai-deprecations': 'MODELPULSE_XAI_DEPRECATIONS_URL' }[source];
  return { routes: { [`/${source}.md`]: markdown(body) }, env: { [envName]: `${server.url}/${source}.md` } };
}

describe('the makers\' deprecation pages through a local server', () => {
  const local = useLocalUpstream();

  async function read(source: LifecycleSource): Promise<FactsObservation> {
    const { routes, env } = routesFor(source, local.server);
    local.server.setRoutes(routes);
    return readLifecyclePage(local.http, source, lifecycleUrl(source, env));
  }

  it('reads Anthropic\'s status table for dates and its history for replacements; earliest dates and "to be announced" are no date', async () => {
    const facts = await read('anthropic-deprecations');
    expect(fact(facts, 'claude-old-4-20250514')).toMatchObject({ retirement_date: '2026-06-15', author: 'anthropic', lifecycle: { deprecated_at: '2026-04-14', replacement: 'claude-next-5', replacement_names: ['claude-next-5'], source_url: 'https://platform.claude.com/docs/en/about-claude/model-deprecations' } });
    expect(fact(facts, 'claude-next-5')).toMatchObject({ retirement_date: null, lifecycle: { note: 'not sooner than 2027-06-09' } });
    expect(fact(facts, 'claude-preview-x')).toMatchObject({ retirement_date: null, deprecated: true, lifecycle: { note: 'to be announced', deprecated_at: '2026-06-09' } });
    expect(fact(facts, 'claude-2.1').retirement_date).toBe('2025-07-21');
    expect(facts.issues).toEqual([]);
  });

  it('keeps OpenAI\'s latest announcement, reads non-breaking hyphens, retires the aliases a row names, and skips rows that are not models', async () => {
    const facts = await read('openai-deprecations');
    expect(fact(facts, 'gpt-old-1106-preview')).toMatchObject({ retirement_date: '2026-10-23', lifecycle: { announced_at: '2026-04-22', deprecated_at: '2026-04-22', replacement_names: ['gpt-new'] } });
    expect(fact(facts, 'o9')).toMatchObject({ retirement_date: '2026-10-23', lifecycle: { replacement: 'gpt-new (reasoning.mode: pro)', replacement_names: ['gpt-new'] } });
    expect(fact(facts, 'whisper-9').lifecycle!.replacement_names).toEqual(['gpt-a', 'gpt-b']);
    expect(fact(facts, 'gpt-legacy-0314')).toMatchObject({ retirement_date: null, lifecycle: { note: 'not sooner than 2024-06-13' } });
    // The closing "Plain-text aliases" list: its aliases join the row of that snapshot, and retire with it.
    expect(fact(facts, 'gpt-legacy-0314').lifecycle!.aliases).toEqual(['gpt-legacy', 'gpt-legacy-completions']);
    expect(fact(facts, 'gpt-legacy').lifecycle!.note).toBe('not sooner than 2024-06-13');
    expect(fact(facts, 'o9-2024-12-17').lifecycle!.aliases).toEqual(['o9']);
    expect(facts.facts.map((f) => f.source_key)).not.toContain('gpt-unlisted-0101');
    expect(facts.facts.map((f) => f.source_key)).not.toContain('babbage-002');
    expect(facts.facts.some((f) => f.source_key.includes('videos'))).toBe(false);
  });

  it('reads Google\'s family tables past the preview divider; an alternative without a model name gives no single replacement', async () => {
    const facts = await read('google-deprecations');
    expect(fact(facts, 'gemini-9-flash')).toMatchObject({ retirement_date: '2026-06-01', lifecycle: { replacement: 'gemini-10-flash', replacement_names: ['gemini-10-flash'] } });
    expect(fact(facts, 'gemini-10-flash')).toMatchObject({ retirement_date: null, lifecycle: { note: 'no shutdown date announced', replacement: null } });
    expect(fact(facts, 'veo-9-preview')).toMatchObject({ retirement_date: '2026-10-22', lifecycle: { replacement: 'veo-10 or the GA models on the Platform', replacement_names: [] } });
  });

  it('dates every model of an xAI guide by its title and names the redirect target', async () => {
    const facts = await read('xai-deprecations');
    expect(fact(facts, 'grok-9-fast-reasoning')).toMatchObject({ retirement_date: '2026-05-15', lifecycle: { replacement: 'grok-10 with low reasoning effort', replacement_names: ['grok-10'] } });
  });

  it('reads Mistral\'s definitions file by file: the first API name is the model, the rest its aliases; display names resolve replacements', async () => {
    const facts = await read('mistral-deprecations');
    expect(fact(facts, 'mistral-big-2411')).toMatchObject({ retirement_date: '2026-07-31', author: 'mistral', lifecycle: { deprecated_at: '2026-04-30', replacement: 'Mistral Big 3', replacement_names: ['mistral-big-2512'], display_name: 'Mistral Big 2.1' } });
    expect(fact(facts, 'mistral-big-2512').lifecycle!.aliases).toEqual(['mistral-big-latest']);
    expect(facts.facts.map((f) => f.source_key)).not.toContain('mistral-big-latest');
    expect(facts.facts).toHaveLength(4);
  });

  it("reads Mistral's own price of each definition: one text input and one text output price per 1M tokens, a cached input as cache_read", async () => {
    const facts = await read('mistral-deprecations');
    expect(fact(facts, 'mistral-big-2512').maker_price).toEqual({ input: 0.5, output: 1.5, cache_read: 0.05, cache_write: null });
    expect(fact(facts, 'mistral-big-2411').maker_price).toEqual({ input: 2, output: 6, cache_read: null, cache_write: null });
    // Its audio is per minute, its text per token: the text price is the model's.
    expect(fact(facts, 'mistral-voice-2507').maker_price).toEqual({ input: 0.1, output: 0.4, cache_read: null, cache_write: null });
    // An embedding states an input price alone: no text price, and no price is made up.
    expect(fact(facts, 'mistral-embed-2312').maker_price).toBeUndefined();
    expect(fact(facts, 'mistral-big-2411').price).toBeNull();
    expect(readPricing("  pricing: {\n    type: 'custom',\n    free: true,\n    input: [\n      { type: 'range', price: 0, denominator: '/M Tokens' },\n    ],\n    output: [\n      { type: 'range', price: 0, denominator: '/M Tokens' },\n    ],\n  },")).toBeNull();
    expect(readPricing("  pricing: {\n    input: [ { type: 'range', price: -1, denominator: '/M Tokens' } ],\n    output: [ { type: 'range', price: 2, denominator: '/M Tokens' } ]\n  },")).toBeNull();
  });

  it('fails with a layout error, never an empty list, when the tables are gone or renamed', async () => {
    local.server.setRoutes({ '/a.md': markdown('# Model deprecations\n\nWe moved this page.'), '/b.md': markdown(ANTHROPIC.replace('API model name', 'Model ID')), '/c.md': markdown(OPENAI.replace(/Recommended replacement/g, 'Successor')) });
    const gone = await upstreamFailure(readLifecyclePage(local.http, 'anthropic-deprecations', `${local.server.url}/a.md`));
    expect(gone.kind).toBe('invalid_schema');
    expect(gone.detail).toMatch(/layout not recognized/);
    expect((await upstreamFailure(readLifecyclePage(local.http, 'anthropic-deprecations', `${local.server.url}/b.md`))).detail).toMatch(/status table/);
    expect((await upstreamFailure(readLifecyclePage(local.http, 'openai-deprecations', `${local.server.url}/c.md`))).detail).toMatch(/columns/);
  });

  it('reports a date it cannot read instead of guessing', async () => {
    local.server.setRoutes({ '/g.md': markdown(GOOGLE.replace('June 1, 2026', 'Early June 2026')) });
    const facts = await readLifecyclePage(local.http, 'google-deprecations', `${local.server.url}/g.md`);
    expect(fact(facts, 'gemini-9-flash')).toMatchObject({ retirement_date: null, lifecycle: { note: 'retirement date not readable' } });
    expect(facts.issues).toEqual([expect.objectContaining({ source_key: 'gemini-9-flash', reason: expect.stringMatching(/not readable, left out: "Early June 2026"/) })]);
  });

  itRejectsFaults(local, (http) => readLifecyclePage(http, 'google-deprecations', `${local.server.url}/deprecations.md.txt`), '/deprecations.md.txt', [
    { ...FAULTS.neverAnswers(), source: 'google-deprecations', namesUrl: true },
    { title: 'a 500 as http_status', reply: { kind: 'text', status: 500, body: 'oops' }, kind: 'http_status', status: 500 },
    { ...FAULTS.overSizeCap(), source: 'google-deprecations' },
    { title: 'an HTML page instead of the Markdown form as invalid_body', reply: { kind: 'text', body: '<!DOCTYPE html><html><body>Sign in</body></html>' }, kind: 'invalid_body', detail: /HTML page/ },
  ]);
});

describe('dates and replacements as the pages write them', () => {
  it('reads dates, earliest dates and no dates, never guessing', () => {
    expect(readLifecycleDate('Oct 1, 2026')).toEqual({ kind: 'exact', date: '2026-10-01' });
    expect(readLifecycleDate('September 29, 2026')).toEqual({ kind: 'exact', date: '2026-09-29' });
    expect(readLifecycleDate('2026\u201103\u201126')).toEqual({ kind: 'exact', date: '2026-03-26' });
    expect(readLifecycleDate('Not sooner than\u00a0June 9, 2027')).toEqual({ kind: 'not_before', date: '2027-06-09' });
    expect(readLifecycleDate('at earliest 2024-06-13')).toEqual({ kind: 'not_before', date: '2024-06-13' });
    expect(readLifecycleDate('To be announced')).toEqual({ kind: 'none', reason: 'to be announced' });
    expect(readLifecycleDate('N/A')).toEqual({ kind: 'none', reason: 'no date given' });
    expect(readLifecycleDate('February 30, 2026')).toEqual({ kind: 'unreadable', text: 'February 30, 2026' });
    expect(readLifecycleDate('August 2026')).toEqual({ kind: 'unreadable', text: 'August 2026' });
  });

  it('names a model only where the replacement names one', () => {
    expect(readReplacement('`gpt-image-2`, `gpt-image-1`, or `gpt-image-1-mini`', null).names).toEqual(['gpt-image-2', 'gpt-image-1', 'gpt-image-1-mini']);
    expect(readReplacement('`gpt-5` or `gpt-4.1*`', null).names).toEqual(['gpt-5', 'gpt-4.1']);
    expect(readReplacement('The most capable cyber model available to you.', null)).toEqual({ text: 'The most capable cyber model available to you.', names: [] });
    expect(readReplacement('---', null)).toEqual({ text: null, names: [] });
    expect(readReplacement('gemini-robotics-er-2-preview', null).names).toEqual(['gemini-robotics-er-2-preview']);
  });
});
