/**
 * The few Markdown forms that upstream descriptions and the OpenAPI text use (paragraphs, `- `
 * lists, **bold**, *italic*, `code`, [text](url) and bare http(s) URLs), parsed into plain tokens
 * and only then made into DOM nodes. Text stays text: nothing is ever parsed as HTML (a `<b>` in
 * a description shows as those three characters), and a link becomes a link only when its policy
 * says where it goes: http(s) out, or one of our own pages.
 */
import { safeHttpUrl } from '../render/presentation.js';
import { externalLink, h } from './dom.js';
import { routes } from '../render/page-routes.js';

export type Inline =
  | { kind: 'text' | 'strong' | 'em' | 'code'; text: string }
  | { kind: 'link'; text: string; href: string; internal: boolean };
export type Block = { kind: 'paragraph'; content: Inline[] } | { kind: 'list'; items: Inline[][] };

/** Where a link target goes, or null to keep only its text. */
export type LinkPolicy = (target: string) => { href: string; internal: boolean } | null;

const external = (target: string) => {
  const href = safeHttpUrl(target);
  return href === null ? null : { href, internal: false };
};

/** The API docs: `/api/v1/…` stays on this site (relative to the page, so sub-paths work). */
export const docsLinks: LinkPolicy = (target) =>
  target.startsWith('/') && !target.startsWith('//') ? { href: `.${target}`, internal: true } : external(target);

const MODEL_ID = /^[a-z0-9][a-z0-9._-]*\/[a-z0-9][a-z0-9._-]*$/;

/**
 * Model descriptions (OpenRouter's): its model links (`/models/openai/gpt-4o`, `/openai/gpt-4o`)
 * become our model pages; its other pages (`/rankings`, an author page) stay text.
 */
export const modelLinks: LinkPolicy = (target) => {
  if (/^https?:/i.test(target)) return external(target);
  const id = target.replace(/^\/(models\/)?/, '');
  return MODEL_ID.test(id) ? { href: routes.model(id), internal: true } : null;
};

const INLINE = /\*\*([^*\n]+)\*\*|\*([^*\s][^*\n]*?)\*|`([^`\n]+)`|\[([^\]\n]+)\]\(\s*<?([^()\s<>]+)>?\s*\)|(https?:\/\/[^\s<>()]*[^\s<>().,;:!?'"])/g;

export function parseInline(text: string, links: LinkPolicy): Inline[] {
  const out: Inline[] = [];
  let last = 0;
  const pushText = (t: string) => {
    if (t === '') return;
    const previous = out.at(-1);
    if (previous?.kind === 'text') previous.text += t;
    else out.push({ kind: 'text', text: t });
  };
  for (const match of text.matchAll(INLINE)) {
    const at = match.index ?? 0;
    pushText(text.slice(last, at));
    const [whole, bold, italic, code, linkText, target, bare] = match;
    if (bold !== undefined) out.push({ kind: 'strong', text: bold });
    else if (italic !== undefined) out.push({ kind: 'em', text: italic });
    else if (code !== undefined) out.push({ kind: 'code', text: code });
    else {
      const label = linkText ?? bare!;
      const link = links(target ?? bare!);
      if (link === null) pushText(linkText ?? whole);
      else out.push({ kind: 'link', text: label, ...link });
    }
    last = at + whole.length;
  }
  pushText(text.slice(last));
  return out;
}

const LIST_ITEM = /^\s*[-*]\s+/;

/** Blank-line separated blocks; inside one, runs of `- ` lines are a list, other lines a paragraph. */
export function parseBlocks(text: string, links: LinkPolicy): Block[] {
  const blocks: Block[] = [];
  for (const chunk of text.replace(/\r\n?/g, '\n').split(/\n\s*\n/)) {
    let lines: string[] = [];
    let items: string[] = [];
    const flush = () => {
      if (lines.length > 0) blocks.push({ kind: 'paragraph', content: parseInline(lines.join('\n'), links) });
      if (items.length > 0) blocks.push({ kind: 'list', items: items.map((i) => parseInline(i, links)) });
      lines = [];
      items = [];
    };
    for (const line of chunk.split('\n')) {
      if (line.trim() === '') continue;
      if (LIST_ITEM.test(line)) {
        if (lines.length > 0) flush();
        items.push(line.replace(LIST_ITEM, ''));
      } else {
        if (items.length > 0) flush();
        lines.push(line);
      }
    }
    flush();
  }
  return blocks;
}

function inlineNode(token: Inline): Node | string {
  switch (token.kind) {
    case 'text':
      return token.text;
    case 'strong':
      return h('strong', {}, token.text);
    case 'em':
      return h('em', {}, token.text);
    case 'code':
      return h('code', {}, token.text);
    case 'link':
      return token.internal ? h('a', { attrs: { href: token.href } }, token.text) : externalLink(token.href, token.text);
  }
}

export function inlineMarkdown(text: string, links: LinkPolicy = docsLinks): Array<Node | string> {
  return parseInline(text, links).map(inlineNode);
}

export function markdownBlocks(text: string | null | undefined, links: LinkPolicy = docsLinks): HTMLElement[] {
  return parseBlocks(text ?? '', links).map((block) =>
    block.kind === 'paragraph' ? h('p', {}, ...block.content.map(inlineNode)) : h('ul', {}, ...block.items.map((item) => h('li', {}, ...item.map(inlineNode)))),
  );
}
