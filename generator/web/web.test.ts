import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { niceCeiling, priceChartGeometry } from './chart.js';
import { orderDeprecations, relativeDay, replacementId, type DeprecationRow } from './deprecations.js';
import { jsonExcerpt, textExcerpt } from './excerpt.js';
import { dataAge, plural, REFRESH_MINUTES } from './freshness.js';
import { describeSchema, endpointDocs, exampleAddress } from './openapi-view.js';
import { formatChangePct, formatPrice, formatTime, formatTokens, formatUptime, meanUptime, unitPriceText, uptimeClass } from './format.js';
import { resolveRoute, type RouteTable } from './router.js';

describe('website formatting', () => {
  it('keeps free, unknown and small prices apart', () => {
    expect([0, null, 0.0045, 0.225, 2.5, 10, 12.345].map(formatPrice)).toEqual(['free', '—', '$0.0045', '$0.225', '$2.50', '$10.00', '$12.35']);
  });
  it('shortens token counts and shows uptime without inventing data', () => {
    expect([131072, 1_000_000, 1_048_576, 512, null].map(formatTokens)).toEqual(['131K', '1M', '1.05M', '512', '—']);
    expect([1, 0.99951, null].map(formatUptime)).toEqual(['100%', '99.95%', 'no data']);
    expect(meanUptime([{ uptime: null }, { uptime: 1 }, { uptime: 0.5 }])).toBe(0.75);
    expect(meanUptime([{ uptime: null }])).toBeNull();
    expect([null, 1, 0.97, 0.5].map(uptimeClass)).toEqual(['day-none', 'day-ok', 'day-minor', 'day-major']);
    expect([-12.345, 0, 3, null].map(formatChangePct)).toEqual(['-12.3%', '0%', '+3%', '—']);
    expect(formatTime('2026-11-21T10:05:00Z')).toBe('2026-11-21 10:05 UTC');
  });
});

describe('website router', () => {
  const page = (name: string) => Object.assign(async () => undefined, { displayName: name });
  const pages = { status: page('status'), service: page('service'), models: page('models'), cheapest: page('cheapest'), model: page('model'), changes: page('changes'), deprecations: page('deprecations'), docs: page('docs') } satisfies RouteTable;
  const name = (hash: string) => {
    const route = resolveRoute(hash, pages);
    return route === null ? null : [(route.page as { displayName?: string }).displayName, route.params, route.query.toString()];
  };

  it('maps hash addresses to pages with decoded parameters and the query', () => {
    expect(name('')).toEqual(['status', [], '']);
    expect(name('#/')).toEqual(['status', [], '']);
    expect(name('#/status/openai')).toEqual(['service', ['openai'], '']);
    expect(name('#/models?min_intel=40&vision=1')).toEqual(['models', [], 'min_intel=40&vision=1']);
    expect(name('#/models/openai/gpt-4o')).toEqual(['model', ['openai', 'gpt-4o'], '']);
    expect(name('#/models/a%2Fb/c')).toEqual(['model', ['a/b', 'c'], '']);
    expect(name('#/docs')).toEqual(['docs', [], '']);
    expect(name('#/docs/op-status')).toEqual(['docs', ['op-status'], '']);
    expect(name('#/cheapest?min_intel=40')).toEqual(['cheapest', [], 'min_intel=40']);
  });
  it('keeps addresses from before the catalogue: a `limit` is the cheapest view', () => {
    expect(name('#/models?min_intel=40&limit=20')).toEqual(['cheapest', [], 'min_intel=40&limit=20']);
    expect(name('#/models?min_intel=40')).toEqual(['models', [], 'min_intel=40']);
  });
  it('answers unknown or malformed addresses with no page', () => {
    expect(name('#/nowhere')).toBeNull();
    expect(name('#/models/a/b/c')).toBeNull();
    expect(name('#/docs/a/b')).toBeNull();
    expect(name('#/status/%E0%A4%A')).toBeNull();
  });
});

describe('price history chart', () => {
  it('draws steps that hold until the next change and leaves a gap while the price is unknown', () => {
    const geometry = priceChartGeometry(
      [
        { at: '2026-01-01T00:00:00Z', input: 1, output: 2 },
        { at: '2026-01-11T00:00:00Z', input: null, output: 2 },
        { at: '2026-01-21T00:00:00Z', input: 0.5, output: 1 },
      ],
      '2026-01-26T00:00:00Z',
      { width: 260, height: 212, left: 0, right: 0, top: 0, bottom: 12 },
    )!;
    // 25 days plus 4% padding = 26 days over 260 px: 10 px a day. Axis to $2 over 200 px.
    expect(geometry.paths.input).toBe('M0,100 L100,100 M200,150 L260,150');
    // Output holds $2 over the first two points: one step, one mark.
    expect(geometry.paths.output).toBe('M0,0 L200,0 L200,100 L260,100');
    expect(geometry.marks.filter((m) => m.series === 'output').map((m) => m.x)).toEqual([0, 200]);
    expect(geometry.marks.filter((m) => m.series === 'input').map((m) => m.x)).toEqual([0, 200]);
    expect(geometry.xLabels).toEqual([{ x: 0, label: '2026-01-01' }, { x: 250, label: '2026-01-26' }]);
    expect(geometry.yTicks.map((t) => t.label)).toEqual(['$0', '$1', '$2']);
  });
  it('draws no duplicate point when only another field of the history changed', () => {
    // GPT-4o's history: the cache price flickers between a value and null, input and output hold.
    const points = ['2026-03-29', '2026-05-01', '2026-08-01'].map((day) => ({ at: `${day}T00:00:00Z`, input: 2.5, output: 10 }));
    const geometry = priceChartGeometry(points, '2026-08-01T00:00:00Z')!;
    expect(geometry.marks.map((m) => m.series)).toEqual(['input', 'output']);
    expect(geometry.paths.input.match(/M/g)).toHaveLength(1);
  });
  it('a change seen at the as-of time still shows as a step', () => {
    const geometry = priceChartGeometry([{ at: '2026-01-01T00:00:00Z', input: 1, output: 1 }, { at: '2026-01-26T00:00:00Z', input: 2, output: 2 }], '2026-01-26T00:00:00Z', { width: 260, height: 212, left: 0, right: 0, top: 0, bottom: 12 })!;
    expect(geometry.paths.input).toBe('M0,100 L250,100 L250,0 L260,0');
  });
  it('rounds the axis up to a readable value and has nothing to draw without history', () => {
    expect([0, 0.3, 1, 1.1, 2.4, 4.2, 11, 0.616].map(niceCeiling)).toEqual([1, 0.5, 1, 2, 2.5, 5, 20, 1]);
    expect(priceChartGeometry([], '2026-01-01T00:00:00Z')).toBeNull();
  });
});

describe("the data's age for the reader", () => {
  const now = Date.parse('2026-11-23T12:00:00Z');
  it('says how old the data is and calls it stale after two missed refreshes', () => {
    expect(dataAge('2026-09-15T00:00:00Z', now)).toEqual({ age: '69 days', stale: true });
    expect(dataAge('2026-11-23T11:45:00Z', now)).toEqual({ age: '15 minutes', stale: false });
    expect(dataAge('2026-11-23T11:29:00Z', now)).toEqual({ age: '31 minutes', stale: true });
    expect(dataAge('2026-11-22T09:00:00Z', now)).toEqual({ age: '27 hours', stale: true });
    // A reader whose clock runs behind the data sees it as new, not as negative minutes.
    expect(dataAge('2026-11-23T12:05:00Z', now)).toEqual({ age: 'less than a minute', stale: false });
    expect(dataAge(null, now)).toEqual({ age: null, stale: false });
    expect([plural(1, 'entry', 'entries'), plural(2, 'entry', 'entries'), plural(0, 'model')]).toEqual(['1 entry', '2 entries', '0 models']);
  });
  it('uses the cadence the refresh workflow runs at', async () => {
    const workflow = await readFile('.github/workflows/refresh.yml', 'utf8');
    const minutes = /cron: '([\d,]+) \* \* \* \*'/.exec(workflow)![1]!.split(',').map(Number);
    const gaps = minutes.map((m, i) => ((minutes[(i + 1) % minutes.length]! - m + 60) % 60) || 60);
    expect(Math.max(...gaps)).toBe(REFRESH_MINUTES);
  });
});

describe('deprecations for the reader', () => {
  // Rows as older data had them (no replacement_id, no deprecated_at) unless `extra` adds them.
  const row = (model_id: string, retirement_date: string, extra: Partial<DeprecationRow> = {}) => ({ model_id, name: model_id, retirement_date, retired: false, replacement: null, source_url: 'https://docs.example.com', ...extra }) as DeprecationRow;
  it("puts the next retirement first, judged on the reader's day, then the retired ones newest first", () => {
    // The API said "not retired" as of its own day; by the reader's day two of these have passed.
    const rows = [row('a/past', '2026-02-19', { retired: true }), row('a/today', '2026-11-23'), row('a/gone', '2026-08-05'), row('a/soon', '2026-12-31'), row('a/next', '2026-11-24')];
    const shown = orderDeprecations(rows, '2026-11-23');
    expect(shown.map((s) => [s.row.model_id, s.retired, relativeDay(s.days)])).toEqual([
      ['a/next', false, 'tomorrow'],
      ['a/soon', false, 'in 38 days'],
      ['a/today', true, 'today'],
      ['a/gone', true, '110 days ago'],
      ['a/past', true, '277 days ago'],
    ]);
  });
  it('links a replacement we track, and names one we do not', () => {
    expect(replacementId(row('a/x', '2026-12-01', { replacement: 'Claude Opus 4.5', replacement_id: null }))).toBeNull();
    expect(replacementId(row('a/x', '2026-12-01', { replacement: 'Claude Opus 4.5', replacement_id: 'anthropic/claude-opus-4.5' }))).toBe('anthropic/claude-opus-4.5');
    // Rows from before replacement_id existed named our model id in `replacement`.
    expect(replacementId(row('a/x', '2026-12-01', { replacement: 'anthropic/claude-opus-4.5' }))).toBe('anthropic/claude-opus-4.5');
    expect(replacementId(row('a/x', '2026-12-01', { replacement: 'a newer model' }))).toBeNull();
  });
});

describe('response excerpts on the docs page', () => {
  it('keeps the shape and the first item, and says what it left out', () => {
    const body = { data: [{ id: 'a/b', description: 'x'.repeat(100), tags: [], nested: { deeper: { deepest: { gone: 1 } } } }, { id: 'c/d' }, { id: 'e/f' }], meta: { count: 3 } };
    expect(jsonExcerpt(body)).toBe(
      [
        '{',
        '  "data": [',
        '    {',
        '      "id": "a/b",',
        `      "description": "${'x'.repeat(48)}" …,`,
        '      "tags": [],',
        '      "nested": {',
        '        "deeper": {…}',
        '      }',
        '    },',
        '    // … 2 more',
        '  ],',
        '  "meta": {',
        '    "count": 3',
        '  }',
        '}',
      ].join('\n'),
    );
    expect(jsonExcerpt({ list: Array.from({ length: 100 }, (_, i) => i) }, { items: 100, chars: 10, depth: 3, lines: 5 }).split('\n')).toHaveLength(5);
    expect(textExcerpt('a\nb\nc', 2)).toBe('a\nb\n…');
  });
});

describe('the docs page reading the OpenAPI document', () => {
  const op = (operationId: string, description: string, extra: object = {}) => ({ get: { operationId, tags: ['models'], summary: operationId, description, responses: { 200: { description: 'ok', content: { 'application/json': {} } } }, ...extra } });
  const file = (operationId: string, parameters: object[]) => op(operationId, 'A file.', { parameters, 'x-modelpulse-group': 'cheapest-files' });
  const doc = {
    components: {
      parameters: {
        Limit: { name: 'limit', in: 'query', examples: { five: { value: 5 } } },
        MinIntelSegment: { name: 'min_intel', in: 'path', required: true, examples: { a: { value: 40 } } },
        LimitSegment: { name: 'limit', in: 'path', required: true, examples: { a: { value: 5 } } },
        Path: { name: 'path', in: 'path', required: true, examples: { a: { value: 'a b/c' } } },
      },
    },
    'x-modelpulse-groups': { 'cheapest-files': { summary: 'Precomputed files', description: 'Each variant as a file.', example: '/api/v1/cheapest/min_intel/{min_intel}/vision.json' } },
    paths: {
      '/api/v1/cheapest': op('cheapest', 'Shared.\n\nRouted only.', { parameters: [{ $ref: '#/components/parameters/Limit' }], responses: { 200: { description: 'ok', content: { 'application/json': {} } }, 400: { description: 'bad' } } }),
      '/api/v1/cheapest.json': op('cheapestFile', 'Shared.\n\nFile only.'),
      '/api/v1/cheapest/vision.json': file('cheapestFileVision', []),
      '/api/v1/cheapest/min_intel/{min_intel}/vision.json': file('cheapestFileMinIntelVision', [{ $ref: '#/components/parameters/MinIntelSegment' }]),
      '/api/v1/cheapest/limit/{limit}.json': file('cheapestFileLimit', [{ $ref: '#/components/parameters/LimitSegment' }]),
      '/api/v1/cheapest/min_intel/{min_intel}/limit/{limit}.json': file('cheapestFileMinIntelLimit', [{ $ref: '#/components/parameters/MinIntelSegment' }, { $ref: '#/components/parameters/LimitSegment' }]),
      '/api/v1/files/{path}': op('files', 'One file.', { parameters: [{ $ref: '#/components/parameters/Path' }] }),
    },
  };
  it('shows each endpoint once, its two forms together, the shared text once, a group as one endpoint', () => {
    const endpoints = endpointDocs(doc);
    expect(endpoints.map((e) => [e.anchor, e.forms.map((f) => f.path), e.morePaths])).toEqual([
      ['cheapest', ['/api/v1/cheapest', '/api/v1/cheapest.json'], []],
      ['cheapest-files', ['/api/v1/cheapest/min_intel/{min_intel}/vision.json'], ['/api/v1/cheapest/vision.json', '/api/v1/cheapest/limit/{limit}.json', '/api/v1/cheapest/min_intel/{min_intel}/limit/{limit}.json']],
      ['files-path', ['/api/v1/files/{path}'], []],
    ]);
    expect(endpoints[0]).toMatchObject({ description: 'Shared.', forms: [{ note: 'Routed only.' }, { note: 'File only.' }], mediaType: 'application/json' });
    expect(endpoints[0]!.responses.map(([code]) => code)).toEqual(['200', '400']);
    expect(endpoints[1]).toMatchObject({ summary: 'Precomputed files', description: 'Each variant as a file.', forms: [{ note: '' }], mediaType: 'application/json' });
    expect(endpoints[1]!.parameters.map((p) => `${p.in}:${p.name}`)).toEqual(['path:min_intel', 'path:limit']);
  });
  it('fills example addresses from the parameters’ own examples, an example’s slashes kept', () => {
    const [cheapestDoc, filesDoc, oneDoc] = endpointDocs(doc);
    expect(exampleAddress('/api/v1/cheapest', cheapestDoc!.parameters, true)).toBe('/api/v1/cheapest?limit=5');
    expect(exampleAddress(filesDoc!.forms[0]!.path, filesDoc!.parameters)).toBe('/api/v1/cheapest/min_intel/40/vision.json');
    expect(exampleAddress('/api/v1/files/{path}', oneDoc!.parameters)).toBe('/api/v1/files/a%20b/c');
    expect(exampleAddress('/api/v1/models/{author}.json', [])).toBeNull();
    expect([{ type: 'integer', minimum: 0 }, { type: 'integer', minimum: 1, maximum: 100, default: 10 }].map(describeSchema)).toEqual(['integer; ≥ 0', 'integer; 1–100; default 10']);
  });
});

describe('unit prices', () => {
  it('read per unit, and nothing for a model sold by the token', () => {
    expect(unitPriceText([{ unit: 'song', usd: 0.08 }, { unit: 'image', usd: 0.039 }])).toBe('$0.08 per song, $0.039 per image');
    expect([unitPriceText([]), unitPriceText(undefined)]).toEqual([null, null]);
    expect(unitPriceText([{ unit: '1m_tokens', kind: 'input_audio', usd: 32 }, { unit: '1m_tokens', kind: 'cache_read_audio', usd: 0.4 }])).toBe('$32 per 1M audio input tokens, $0.4 per 1M audio cached input tokens');
    expect(unitPriceText([{ unit: 'image', kind: 'output_image', usd: 0.04 }, { unit: 'second', kind: 'output_video', usd: 0.75 }, { unit: '1m_characters', kind: 'input_text', usd: 15 }])).toBe(
      '$0.04 per image, $0.75 per second of video output, $15 per 1M text input characters',
    );
    expect(unitPriceText([{ unit: '1k_requests', kind: 'request', usd: 10 }, { unit: 'song', kind: 'output', usd: 0.08 }])).toBe('$10 per 1K requests, $0.08 per song');
  });
});
