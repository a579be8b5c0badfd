import { describe, expect, it } from 'vitest';
import type { ModelEntry } from '../render/api-types.js';
import { niceCeiling, priceChartGeometry } from './chart.js';
import { formatChangePct, formatPrice, formatTime, formatTokens, formatUptime, meanUptime, uptimeClass } from './format.js';
import { sortModels } from './pages/models.js';
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
  const pages = { status: page('status'), service: page('service'), models: page('models'), model: page('model'), changes: page('changes'), deprecations: page('deprecations'), docs: page('docs') } satisfies RouteTable;
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
  });
  it('answers unknown or malformed addresses with no page', () => {
    expect(name('#/nowhere')).toBeNull();
    expect(name('#/models/a/b/c')).toBeNull();
    expect(name('#/status/%E0%A4%A')).toBeNull();
  });
});

describe('model table sorting', () => {
  const model = (id: string, blended: number | null, intel: number | null): ModelEntry =>
    ({ id, name: id, price: { blended, input: blended, output: blended, cache_read: null, cache_write: null }, context_length: null, benchmarks: { intelligence_index: intel } }) as unknown as ModelEntry;
  const models = [model('a', 2, null), model('b', 1, 50), model('c', null, 40), model('d', 1, 60)];

  it('sorts both ways, keeps ties in API order and puts unknown values last', () => {
    expect(sortModels(models, 'blended', 'ascending').map((m) => m.id)).toEqual(['b', 'd', 'a', 'c']);
    expect(sortModels(models, 'blended', 'descending').map((m) => m.id)).toEqual(['a', 'b', 'd', 'c']);
    expect(sortModels(models, 'intelligence', 'descending').map((m) => m.id)).toEqual(['d', 'b', 'c', 'a']);
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
    expect(geometry.paths.output).toBe('M0,0 L100,0 L100,0 L200,0 L200,100 L260,100');
    expect(geometry.marks.filter((m) => m.series === 'input').map((m) => m.x)).toEqual([0, 200]);
    expect(geometry.xLabels).toEqual([{ x: 0, label: '2026-01-01' }, { x: 250, label: '2026-01-26' }]);
    expect(geometry.yTicks.map((t) => t.label)).toEqual(['$0', '$1', '$2']);
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
