/**
 * The model page's cost box: a token mix in (the address keeps it: `?input=…&output=…`), one line
 * per offer out, priced by the published client's cost module (query/cost.ts) from the model
 * detail the page already holds: the headline price, then each provider's standard offer, with
 * the long-context tier the prompt crosses and what is unknown.
 */
import { CostInputError, estimateEveryOffer } from '../../client/client.js';
import type { CostEstimate, CostModel, TokenUsage } from '../../query/cost.js';
import { DEFAULT_MIX, MIX_FIELDS, MIX_USAGE_FIELDS as USAGE_FIELDS, mixFromParams, mixParams, mixProblem, type MixField } from '../mix.js';
import type { ModelDetail } from '../../types/api-types.js';
import { usdAmount } from '../../render/presentation.js';
import { h, replaceChildren, scrollTable } from '../dom.js';
import { formatTokens } from '../format.js';
import { cell, note, table } from './common.js';

export function mixFields(values: URLSearchParams, idPrefix: string): HTMLElement[] {
  return USAGE_FIELDS.map((f) => {
    const { param, label } = MIX_FIELDS[f];
    const id = `${idPrefix}-${param}`;
    return h('div', { class: 'field' }, h('label', { attrs: { for: id } }, label), h('input', { attrs: { id, name: param, type: 'number', min: 0, step: 1, inputmode: 'numeric', value: values.get(param) ?? '' } }));
  });
}

const SOURCES: Record<string, string> = { maker: "the maker's page", openrouter: 'OpenRouter', litellm: 'LiteLLM', modelsdev: 'models.dev', 'genai-prices': 'genai-prices' };

/** `base`, `above 200K prompt tokens`, or unknown past a tier the model has. */
export function ratesText(estimate: CostEstimate): string {
  if (estimate.missing.includes('price_tiers')) return 'not known past the long-context tier';
  return estimate.tier === null ? 'base' : `above ${formatTokens(estimate.tier.min_prompt_tokens)} prompt tokens`;
}

export function totalText(estimate: CostEstimate): string {
  if (estimate.total_usd !== null) return usdAmount(estimate.total_usd);
  const what = estimate.missing.map((m) => (m === 'price_tiers' ? 'long-context rates' : `${m.replace('_', '-')} price`));
  return `unknown (no ${what.join(', ')})`;
}

function offerRows(model: ModelDetail, estimates: readonly CostEstimate[]): HTMLTableRowElement[] {
  return estimates.map((e) => {
    const name = e.provider === null ? 'Headline price' : (model.endpoints.find((o) => o.provider === e.provider)?.provider_name ?? e.provider);
    const lines = e.lines.map((l) => cell(l.tokens === 0 ? '—' : l.cost_usd === null ? 'unknown' : usdAmount(l.cost_usd), 'num'));
    return h(
      'tr',
      { attrs: { 'data-offer': e.provider ?? 'headline' } },
      h('th', { attrs: { scope: 'row' } }, name),
      cell(e.source === null ? '—' : (SOURCES[e.source] ?? e.source)),
      cell(ratesText(e)),
      ...lines,
      h('td', { class: 'num total', attrs: { 'data-total': e.total_usd ?? '' } }, totalText(e)),
    );
  });
}

/** The box; it prices the mix in the address (or a default one) and again on every change. */
export function costBox(model: ModelDetail, query: URLSearchParams, onMix: (params: URLSearchParams) => void): HTMLElement {
  const given = new URLSearchParams(USAGE_FIELDS.map((f) => [MIX_FIELDS[f].param, query.get(MIX_FIELDS[f].param) ?? DEFAULT_MIX[f]]));
  const form = h('form', { class: 'filters cost-form', attrs: { 'aria-label': 'Token mix' } }, ...mixFields(given, 'cost'));
  const status = h('p', { class: 'lead', attrs: { role: 'status', 'aria-live': 'polite' } });
  const result = h('div', { class: 'cost-result' });
  // Only a mix the reader typed goes into the address; visiting a model leaves it as it is.
  const draw = (typed: boolean) => {
    const params = new URLSearchParams([...new FormData(form)].map(([k, v]) => [k, String(v)]));
    for (const input of form.querySelectorAll('input')) input.removeAttribute('aria-invalid');
    let usage: TokenUsage | null;
    try {
      usage = mixFromParams(params);
    } catch (error) {
      if (!(error instanceof CostInputError)) throw error;
      form.querySelector(`input[name="${MIX_FIELDS[error.field as MixField]?.param ?? ''}"]`)?.setAttribute('aria-invalid', 'true');
      status.textContent = mixProblem(error);
      return;
    }
    if (usage === null) {
      status.textContent = 'Enter a token mix to price it.';
      return replaceChildren(result);
    }
    const estimates = estimateEveryOffer(model as unknown as CostModel, usage);
    const headline = estimates[0]!;
    status.textContent = `At the headline price this request costs ${totalText(headline)}${headline.tier === null ? '' : `, at the long-context rates (the prompt is above ${formatTokens(headline.tier.min_prompt_tokens)} tokens)`}.`;
    const headers = ['Offer', 'Price from', 'Rates', 'Fresh input', 'Cache reads', 'Cache writes', 'Output', 'Total'];
    replaceChildren(result, scrollTable('Cost per offer', table('Cost of this token mix per offer, USD', headers, offerRows(model, estimates))));
    if (typed) onMix(mixParams(usage));
  };
  form.addEventListener('input', () => draw(true));
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    draw(true);
  });
  draw(false);
  return h(
    'section',
    { class: 'cost-box', attrs: { 'aria-labelledby': 'cost-heading' } },
    h('h2', { attrs: { id: 'cost-heading' } }, 'Cost of a request'),
    note('The prompt counts every input token, cache reads and writes included; a long-context tier applies to the whole request. Exact to the micro-dollar; unknown prices are never guessed.'),
    form,
    status,
    result,
  );
}
