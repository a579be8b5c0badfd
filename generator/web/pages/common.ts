import { h, type Child } from '../dom.js';

/** A page's heading: focusable so the router can move keyboard and screen-reader focus to it. */
export function pageTitle(text: string): HTMLHeadingElement {
  return h('h1', { attrs: { tabindex: -1 } }, text);
}

export function note(text: Child, kind: 'info' | 'error' = 'info'): HTMLParagraphElement {
  return h('p', { class: `note note-${kind}`, attrs: kind === 'error' ? { role: 'alert' } : {} }, text);
}

export function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

export function cell(content: Child, className?: string): HTMLTableCellElement {
  return h('td', className === undefined ? {} : { class: className }, content);
}

/** A plain table: header labels and rows of cells. */
export function table(caption: string, headers: readonly string[], rows: readonly HTMLTableRowElement[]): HTMLTableElement {
  return h(
    'table',
    {},
    h('caption', { class: 'visually-hidden' }, caption),
    h('thead', {}, h('tr', {}, ...headers.map((label) => h('th', { attrs: { scope: 'col' } }, label)))),
    h('tbody', {}, ...rows),
  );
}

export function yesNo(value: boolean): string {
  return value ? 'yes' : 'no';
}
