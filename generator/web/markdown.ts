import { externalLink, h } from './dom.js';

/**
 * The few inline Markdown forms the OpenAPI descriptions use (**bold**, `code`, [text](url)),
 * turned into DOM nodes. Text stays text: nothing is parsed as HTML, and only http(s) or
 * same-site links become links.
 */
const INLINE = /\*\*([^*]+)\*\*|`([^`]+)`|\[([^\]]+)\]\(([^)\s]+)\)/g;

export function inlineMarkdown(text: string): Array<Node | string> {
  const out: Array<Node | string> = [];
  let last = 0;
  for (const match of text.matchAll(INLINE)) {
    const at = match.index ?? 0;
    if (at > last) out.push(text.slice(last, at));
    const [, bold, code, linkText, href] = match;
    if (bold !== undefined) out.push(h('strong', {}, bold));
    else if (code !== undefined) out.push(h('code', {}, code));
    else if (href!.startsWith('/') && !href!.startsWith('//')) out.push(h('a', { attrs: { href: `.${href}` } }, linkText!));
    else out.push(externalLink(href, linkText!));
    last = at + match[0].length;
  }
  if (last < text.length) out.push(text.slice(last));
  return out;
}

/** Blank-line separated paragraphs, each with inline Markdown. */
export function markdownParagraphs(text: string | undefined): HTMLParagraphElement[] {
  return (text ?? '')
    .split(/\n{2,}/)
    .filter((p) => p.trim() !== '')
    .map((p) => h('p', {}, ...inlineMarkdown(p)));
}
