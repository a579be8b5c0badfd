/** Labelled native form controls shared by the model catalogue and the cheapest view. */
import { CHEAPEST_FLAGS } from '../../query/cheapest.js';
import { h } from '../dom.js';

const CONTEXT_CHOICES: Array<[string, string]> = [['', 'any'], ['32000', '32K'], ['128000', '128K'], ['200000', '200K'], ['262144', '256K'], ['1000000', '1M']];
const FLAG_LABELS: Record<(typeof CHEAPEST_FLAGS)[number], string> = { vision: 'Vision', reasoning: 'Reasoning', tools: 'Tools' };

export function selectField(name: string, label: string, choices: Array<[string, string]>, value: string): HTMLElement {
  // A value from the address that no choice offers is shown as it is, not silently changed.
  const all = choices.some(([v]) => v === value) ? choices : [...choices, [value, value] as [string, string]];
  const control = h('select', { attrs: { id: `f-${name}`, name } }, ...all.map(([v, text]) => h('option', { attrs: { value: v, selected: v === value } }, text)));
  return h('div', { class: 'field' }, h('label', { attrs: { for: `f-${name}` } }, label), control);
}

/** The filters both pages share with the `cheapest` query: intelligence, context and capabilities. */
export function sharedFilterFields(query: URLSearchParams): HTMLElement[] {
  return [
    h('div', { class: 'field' }, h('label', { attrs: { for: 'f-min_intel' } }, 'Min. intelligence'), h('input', { attrs: { id: 'f-min_intel', name: 'min_intel', type: 'number', min: 0, max: 100, step: 1, inputmode: 'numeric', value: query.get('min_intel') ?? '' } })),
    selectField('min_context', 'Min. context', CONTEXT_CHOICES, query.get('min_context') ?? ''),
    ...CHEAPEST_FLAGS.map((name) => {
      const on = ['1', 'true'].includes(query.get(name) ?? '');
      return h('div', { class: 'field check' }, h('input', { attrs: { id: `f-${name}`, name, type: 'checkbox', value: '1', checked: on } }), h('label', { attrs: { for: `f-${name}` } }, FLAG_LABELS[name]));
    }),
  ];
}

/** The form's non-empty values as address parameters, in the form's order. */
export function readForm(form: HTMLFormElement): URLSearchParams {
  const next = new URLSearchParams();
  for (const [name, value] of new FormData(form)) if (typeof value === 'string' && value.trim() !== '') next.set(name, value.trim());
  return next;
}

/** The filters that carry over between the catalogue and the cheapest view. */
export function sharedFilters(params: URLSearchParams): URLSearchParams {
  return new URLSearchParams([...params].filter(([name]) => name === 'min_intel' || name === 'min_context' || (CHEAPEST_FLAGS as readonly string[]).includes(name)));
}

/** "All models" and "Cheapest first": two views of the catalogue, one current. */
export function viewTabs(current: 'all' | 'cheapest', hrefs: { all: string; cheapest: string }): HTMLElement {
  const tab = (which: 'all' | 'cheapest', text: string) => h('li', {}, h('a', { attrs: { href: hrefs[which], 'aria-current': which === current ? 'page' : null } }, text));
  return h('nav', { class: 'tabs', attrs: { 'aria-label': 'Model views' } }, h('ul', {}, tab('all', 'All models'), tab('cheapest', 'Cheapest first')));
}
