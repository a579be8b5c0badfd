/** Pure formatting for the website (tested in Node; no DOM, no clock). */
import type { ServiceStatus } from '../status/combine.js';
import { STATUS_WORDS, uptimePercent } from '../render/presentation.js';

export { meanUptime } from '../render/presentation.js';

/** USD per 1M tokens: 0 is free, null unknown. */
export function formatPrice(value: number | null | undefined): string {
  if (value === null || value === undefined) return '—';
  if (value === 0) return 'free';
  if (value < 0.01) return `$${value.toPrecision(2)}`;
  // Cents always; a third decimal only where it carries information ($0.225, not $2.500).
  return value < 10 ? `$${value.toFixed(3).replace(/(\.\d\d)0$/, '$1')}` : `$${value.toFixed(2)}`;
}

/** A price not per text token (models sold per song or image have null token prices): `kind` says what is priced. */
export interface UnitPrice {
  unit: string;
  kind?: string;
  usd: number;
}

const MEDIA: Readonly<Record<string, string>> = { audio: 'audio', image: 'image', video: 'video', text: 'text' };

/** "per 1M audio input tokens", "per image generated", "per second of audio input", "per song". */
export function unitLabel(unit: string, kind: string | undefined): string {
  const [direction, medium] = kind === undefined ? [undefined, undefined] : kind.startsWith('cache_read_') ? ['cached input', kind.slice(11)] : kind.split('_');
  const what = medium === undefined ? '' : `${MEDIA[medium] ?? medium} ${direction}`;
  switch (unit) {
    case '1m_tokens':
      return `per 1M ${what} tokens`.replace(/\s+/g, ' ');
    case '1m_characters':
      return `per 1M ${what} characters`.replace(/\s+/g, ' ');
    case '1k_requests':
      return 'per 1K requests';
    case 'image':
      return kind === 'input_image' ? 'per input image' : 'per image';
    case 'second':
    case 'minute':
      return medium === undefined ? `per ${unit}` : `per ${unit} of ${what}`;
    default:
      return `per ${unit}`;
  }
}

/** "$0.08 per song" (several joined), or null when the model has no price but by the text token. */
export function unitPriceText(prices: readonly UnitPrice[] | undefined): string | null {
  if (prices === undefined || prices.length === 0) return null;
  return prices.map((p) => `$${Number(p.usd.toPrecision(6))} ${unitLabel(p.unit, p.kind)}`).join(', ');
}

/** 131072 → "131K", 1000000 → "1M", 1048576 → "1.05M". */
export function formatTokens(value: number | null | undefined): string {
  if (value === null || value === undefined) return '—';
  if (value >= 1_000_000) return `${Number((value / 1_000_000).toFixed(2))}M`;
  if (value >= 1_000) return `${Math.round(value / 1_000)}K`;
  return String(value);
}

/** A fraction 0..1 as a percentage, rounded down like the badges; null is "no data". */
export function formatUptime(value: number | null | undefined): string {
  if (value === null || value === undefined) return 'no data';
  return `${uptimePercent(value)}%`;
}

export function formatChangePct(value: number | null | undefined): string {
  if (value === null || value === undefined) return '—';
  const rounded = Number(value.toFixed(1));
  return `${rounded > 0 ? '+' : ''}${rounded}%`;
}

/** ISO time → "2026-11-21 10:00 UTC"; dates stay dates. */
export function formatTime(value: string | null | undefined): string {
  if (value === null || value === undefined) return '—';
  const match = /^(\d{4}-\d{2}-\d{2})T(\d{2}:\d{2})/.exec(value);
  return match === null ? value : `${match[1]} ${match[2]} UTC`;
}

export function formatLatency(ms: number | null | undefined): string {
  return ms === null || ms === undefined ? '—' : `${Math.round(ms)} ms`;
}

/** "partial_outage" → "Partial outage". */
export function statusWords(status: string): string {
  const words = STATUS_WORDS[status as ServiceStatus] ?? status;
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** The uptime bar's shade for one day: a class name, so the stylesheet decides the colors. */
export function uptimeClass(uptime: number | null): string {
  if (uptime === null) return 'day-none';
  if (uptime >= 0.999) return 'day-ok';
  if (uptime >= 0.95) return 'day-minor';
  return 'day-major';
}

/** Output tokens a second: "45.2 tok/s" below 100, whole above; null is "—". */
export function formatThroughput(tps: number | null | undefined): string {
  if (tps === null || tps === undefined) return '—';
  return `${tps < 100 ? Number(tps.toFixed(1)) : Math.round(tps)} tok/s`;
}

/** A share 0..1 as a percentage to one decimal ("2.5%"); null is "no data". */
export function formatShare(share: number | null | undefined): string {
  if (share === null || share === undefined) return 'no data';
  return `${Number((share * 100).toFixed(1))}%`;
}
