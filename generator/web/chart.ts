import { svg } from './dom.js';

/** One price as published in price_history (null = not offered / unknown at that time). */
export interface PricePoint {
  at: string;
  input: number | null;
  output: number | null;
}

export interface ChartBox {
  width: number;
  height: number;
  left: number;
  right: number;
  top: number;
  bottom: number;
}

export const CHART_BOX: ChartBox = { width: 640, height: 240, left: 64, right: 12, top: 12, bottom: 28 };
export const CHART_SERIES = ['input', 'output'] as const;
export type ChartSeries = (typeof CHART_SERIES)[number];

export interface ChartGeometry {
  /** SVG path data per series: horizontal steps, a gap where the price was unknown. */
  paths: Record<ChartSeries, string>;
  yTicks: Array<{ y: number; label: string }>;
  xLabels: Array<{ x: number; label: string }>;
  /** Where each known price starts, for a dot per change. */
  marks: Array<{ series: ChartSeries; x: number; y: number }>;
}

const round = (n: number) => Math.round(n * 10) / 10;

/** Share of the time axis added after the last observation. */
export const END_PADDING = 0.04;

/** The smallest of 1, 2, 2.5 or 5 × 10^k at or above `value`: round axis labels ($0, $5, $10). */
export function niceCeiling(value: number): number {
  if (!(value > 0)) return 1;
  const magnitude = 10 ** Math.floor(Math.log10(value));
  const step = [1, 2, 2.5, 5, 10].find((m) => m * magnitude >= value * (1 - 1e-9)) ?? 10;
  return step * magnitude;
}

/**
 * Pure: a step chart of input and output prices from the first observation to `endAt` (the
 * data's as-of time). A price holds until the next change, so steps, not slopes.
 */
export function priceChartGeometry(points: readonly PricePoint[], endAt: string, box: ChartBox = CHART_BOX): ChartGeometry | null {
  if (points.length === 0) return null;
  const t0 = Date.parse(points[0]!.at);
  const last = Math.max(Date.parse(endAt), Date.parse(points[points.length - 1]!.at), t0 + 86_400_000);
  // A little room after the as-of time, so a change seen in the latest run shows as a step.
  const t1 = last + (last - t0) * END_PADDING;
  const values = points.flatMap((p) => [p.input, p.output]).filter((v): v is number => v !== null);
  const max = niceCeiling(values.length === 0 ? 0 : Math.max(...values));
  const plotW = box.width - box.left - box.right;
  const plotH = box.height - box.top - box.bottom;
  const x = (t: number) => round(box.left + ((t - t0) / (t1 - t0)) * plotW);
  const y = (v: number) => round(box.top + plotH - (v / max) * plotH);
  const paths = { input: '', output: '' } as Record<ChartSeries, string>;
  const marks: ChartGeometry['marks'] = [];
  for (const series of CHART_SERIES) {
    // One step per change of this series: a point that repeats its price (another field of the
    // history changed, such as a cache price flickering to null and back) draws nothing new.
    const steps = points.filter((point, i) => i === 0 || point[series] !== points[i - 1]![series]);
    const parts: string[] = [];
    steps.forEach((step, i) => {
      const value = step[series];
      if (value === null) return;
      const start = x(Date.parse(step.at));
      marks.push({ series, x: start, y: y(value) });
      const end = x(i + 1 < steps.length ? Date.parse(steps[i + 1]!.at) : t1);
      const prev = i > 0 ? steps[i - 1]![series] : null;
      // Join to the previous step with a vertical line, or start a new piece after a gap.
      parts.push(`${prev === null ? 'M' : 'L'}${start},${y(value)}`, `L${end},${y(value)}`);
    });
    paths[series] = parts.join(' ');
  }
  const yTicks = [0, 0.5, 1].map((f) => ({ y: y(max * f), label: `$${Number((max * f).toPrecision(3))}` }));
  const xLabels = [t0, last].map((t) => ({ x: x(t), label: new Date(t).toISOString().slice(0, 10) }));
  return { paths, yTicks, xLabels, marks };
}

/** The chart as an SVG element; the price history table beside it carries the same numbers for screen readers. */
export function priceChart(points: readonly PricePoint[], endAt: string): SVGElement | null {
  const geometry = priceChartGeometry(points, endAt);
  if (geometry === null) return null;
  const box = CHART_BOX;
  return svg(
    'svg',
    { viewBox: `0 0 ${box.width} ${box.height}`, class: 'chart', role: 'img', 'aria-label': 'Price history chart: input and output price in USD per 1M tokens over time' },
    ...geometry.yTicks.flatMap((t) => [
      svg('line', { x1: box.left, x2: box.width - box.right, y1: t.y, y2: t.y, class: 'grid' }),
      svg('text', { x: box.left - 6, y: t.y + 4, 'text-anchor': 'end', class: 'axis' }, t.label),
    ]),
    ...geometry.xLabels.map((l, i) => svg('text', { x: l.x, y: box.height - 8, 'text-anchor': i === 0 ? 'start' : 'end', class: 'axis' }, l.label)),
    ...CHART_SERIES.map((series) => svg('path', { d: geometry.paths[series], class: `line line-${series}` })),
    ...geometry.marks.map((m) => svg('circle', { cx: m.x, cy: m.y, r: 3, class: `mark line-${m.series}` })),
  );
}
