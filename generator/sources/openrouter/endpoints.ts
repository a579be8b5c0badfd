import { blendedPrice } from '../../models/price.js';
import type { EndpointRecord } from '../../models/types.js';
import type { EndpointsResponse } from './schema.js';
import { tokenCount } from '../../models/tokens.js';
import { withoutBidiControls } from '../../text/bidi.js';
import { capabilitiesOf, translatePricing } from './translate.js';

export interface EndpointsTranslation {
  items: EndpointRecord[];
  /** Endpoints left out, with the reason (bad prices are not published as facts). */
  issues: string[];
}

/** Pure: one model's provider offers, cheapest first (then by tag), bad prices left out. */
export function translateEndpoints(response: EndpointsResponse): EndpointsTranslation {
  const inputModalities = response.data.architecture?.input_modalities ?? [];
  const issues: string[] = [];
  const items: EndpointRecord[] = [];
  const seenTags = new Set<string>();
  for (const endpoint of response.data.endpoints) {
    const tag = endpoint.tag ?? endpoint.provider_name.toLowerCase();
    if (seenTags.has(tag)) {
      issues.push(`${tag}: duplicate endpoint tag; kept the first`);
      continue;
    }
    const translated = translatePricing(endpoint.pricing);
    if (translated.price === null) {
      issues.push(`${tag}: ${translated.problems.join('; ') || 'no usable price'}`);
      continue;
    }
    // 0/0 is free only on an endpoint OpenRouter marks free (`…/free`, `…:free`); otherwise unknown.
    const flaggedFree = /[/:]free$/.test(tag);
    const unflaggedZero = translated.price.input === 0 && translated.price.output === 0 && !flaggedFree;
    if (unflaggedZero) issues.push(`${tag}: prompt and completion prices are 0 without a free flag; published as unknown`);
    const price = unflaggedZero ? { ...translated.price, input: null, output: null } : translated.price;
    seenTags.add(tag);
    const report = (reason: string) => issues.push(`${tag}: ${reason}`);
    const parameters = endpoint.supported_parameters ?? [];
    const uptime = endpoint.uptime_last_1d;
    items.push({
      provider: withoutBidiControls(endpoint.provider_name),
      tag,
      price,
      context_length: tokenCount(endpoint.context_length, 'context_length', report),
      max_output: tokenCount(endpoint.max_completion_tokens, 'max_completion_tokens', report),
      quantization: endpoint.quantization && endpoint.quantization !== 'unknown' ? endpoint.quantization : null,
      capabilities: capabilitiesOf(inputModalities, parameters, false),
      free: flaggedFree && price.input === 0 && price.output === 0,
      uptime_1d: typeof uptime === 'number' && uptime >= 0 && uptime <= 100 ? Math.round(uptime * 100) / 10_000 : null,
    });
  }
  items.sort((a, b) => (blendedPrice(a.price) ?? Infinity) - (blendedPrice(b.price) ?? Infinity) || (a.tag < b.tag ? -1 : a.tag > b.tag ? 1 : 0));
  return { items, issues };
}
