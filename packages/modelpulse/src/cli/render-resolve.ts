/**
 * What `modelpulse resolve` prints by default, and what the CLI says when a name resolves to no
 * one model (its suggestions, or the models that claim it). Pure.
 */
import type { ResolveError } from '../../../../generator/query/resolve.js';
import type { ResolveResponse } from '../client.js';
import { printable, usd } from './format.js';
import { attribution } from './render.js';

export function renderResolved(response: ResolveResponse): string {
  const r = response.data;
  const place = [r.offer.kind === 'standard' ? '' : r.offer.kind, r.offer.region ?? ''].filter((p) => p !== '').join(' ');
  const units = r.price.unit_prices.map((u) => {
    const p = u as { usd?: unknown; unit?: unknown; kind?: unknown };
    return `${usd(typeof p.usd === 'number' ? p.usd : null)} per ${printable(p.unit)}${p.kind === undefined ? '' : ` (${printable(p.kind)})`}`;
  });
  const lines = [
    `${printable(r.provider)} ${printable(r.api_name)} → ${printable(r.model)}${r.type === null ? '' : ` (${printable(r.type)})`}`,
    ...(r.moved_from === null ? [] : [`  an alias that moved: it named ${printable(r.moved_from)} before`]),
    `  offer:  ${printable(r.offer.provider_name ?? r.provider)}${place === '' ? '' : ` ${printable(place)}`}, price from ${printable(r.offer.source)} (${printable(r.offer.source_key)})`,
    `  price on ${printable(r.at ?? 'the data\'s day')}: input ${usd(r.price.input)}, output ${usd(r.price.output)}, cache read ${usd(r.price.cache_read)}, cache write ${usd(r.price.cache_write)} per 1M tokens${r.price.since === null ? ' (not known on that day)' : ` (in force since ${printable(r.price.since)})`}`,
    ...(units.length === 0 ? [] : [`  other units: ${units.join(', ')}`]),
    '',
    attribution(response.meta),
  ];
  return lines.join('\n');
}

/** A name we cannot resolve, with what was probably meant or who claims it. */
export function resolveErrorText(error: ResolveError): string {
  if (error.suggestions.length > 0) return `${error.message}\n  did you mean: ${error.suggestions.map(printable).join(', ')}`;
  return error.message;
}
