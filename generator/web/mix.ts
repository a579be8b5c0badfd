/**
 * A token mix as the website's addresses and forms carry it (`input`, `cache_read`,
 * `cache_write`, `output`), read with the cost module's own parser (query/cost-usage.ts through
 * the published client). Pure: used by the model page's cost box and by the catalogue.
 */
import { usageFromText, type CostInputError } from '../client/client.js';
import type { TokenUsage } from '../query/cost.js';
import type { UsageField } from '../query/cost-usage.js';

/** The counts the website asks for: a text token mix (image and audio parts are the package's and the CLI's). */
export const MIX_USAGE_FIELDS = ['input_tokens', 'cache_read_tokens', 'cache_write_tokens', 'output_tokens'] as const satisfies readonly UsageField[];
export type MixField = (typeof MIX_USAGE_FIELDS)[number];
const USAGE_FIELDS = MIX_USAGE_FIELDS;

/** The address parameter and the label of each count. */
export const MIX_FIELDS: Record<MixField, { param: string; label: string }> = {
  input_tokens: { param: 'input', label: 'Prompt tokens (cache included)' },
  cache_read_tokens: { param: 'cache_read', label: 'of which cache reads' },
  cache_write_tokens: { param: 'cache_write', label: 'of which cache writes' },
  output_tokens: { param: 'output', label: 'Output tokens' },
};
export const DEFAULT_MIX: Record<MixField, string> = { input_tokens: '10000', cache_read_tokens: '0', cache_write_tokens: '0', output_tokens: '1000' };

/** A token mix from address or form parameters: null when none is given; CostInputError when one is wrong. */
export function mixFromParams(params: URLSearchParams): TokenUsage | null {
  const given = USAGE_FIELDS.filter((f) => (params.get(MIX_FIELDS[f].param) ?? '').trim() !== '');
  if (given.length === 0) return null;
  return usageFromText(Object.fromEntries(given.map((f) => [f, params.get(MIX_FIELDS[f].param)!])));
}

/** The module's message in the form's words. */
export function mixProblem(error: CostInputError): string {
  return USAGE_FIELDS.reduce((message, f) => message.replaceAll(f, `“${MIX_FIELDS[f].label}”`), error.message);
}

export function mixParams(usage: TokenUsage): URLSearchParams {
  return new URLSearchParams(USAGE_FIELDS.filter((f) => usage[f] !== undefined).map((f) => [MIX_FIELDS[f].param, String(usage[f])]));
}

