/**
 * Building DOM nodes for the website. Every piece of text, upstream text included (incident
 * names, model descriptions), goes in through text nodes and attributes, never through HTML
 * parsing, so nothing a status page or catalog sends can become markup or script.
 */
import { safeHttpUrl } from '../render/presentation.js';
import { withoutBidiControls } from '../text/bidi.js';

export type Child = Node | string | number | null | undefined | false;

export interface Props {
  class?: string;
  attrs?: Record<string, string | number | boolean | null | undefined>;
  on?: Partial<{ [K in keyof HTMLElementEventMap]: (event: HTMLElementEventMap[K]) => void }>;
}

function append(parent: Node, children: readonly Child[]): void {
  for (const child of children) {
    if (child === null || child === undefined || child === false) continue;
    // No bidi control from any source can reorder the page's own text around it.
    parent.appendChild(typeof child === 'string' || typeof child === 'number' ? document.createTextNode(withoutBidiControls(String(child))) : child);
  }
}

function setAttributes(element: Element, attrs: Props['attrs']): void {
  for (const [name, value] of Object.entries(attrs ?? {})) {
    if (value === null || value === undefined || value === false) continue;
    element.setAttribute(name, value === true ? '' : String(value));
  }
}

export function h<K extends keyof HTMLElementTagNameMap>(tag: K, props: Props = {}, ...children: Child[]): HTMLElementTagNameMap[K] {
  const element = document.createElement(tag);
  if (props.class !== undefined) element.className = props.class;
  setAttributes(element, props.attrs);
  for (const [type, listener] of Object.entries(props.on ?? {})) element.addEventListener(type, listener as EventListener);
  append(element, children);
  return element;
}

const SVG_NS = 'http://www.w3.org/2000/svg';

export function svg(tag: string, attrs: Props['attrs'] = {}, ...children: Child[]): SVGElement {
  const element = document.createElementNS(SVG_NS, tag) as SVGElement;
  setAttributes(element, attrs);
  append(element, children);
  return element;
}

/** An external link that opens in place and leaks no referrer details beyond the origin. */
export function externalLink(href: string | null | undefined, text: Child): Node {
  const safe = safeHttpUrl(href);
  return safe === null ? h('span', {}, text) : h('a', { attrs: { href: safe, rel: 'noopener noreferrer' } }, text);
}

export function replaceChildren(parent: Element, ...children: Child[]): void {
  parent.replaceChildren();
  append(parent, children);
}

/** A table inside a scrollable, keyboard-focusable region, so wide tables work on a phone. */
export function scrollTable(label: string, table: HTMLTableElement): HTMLElement {
  return h('div', { class: 'table-scroll', attrs: { role: 'region', 'aria-label': label, tabindex: 0 } }, table);
}
