/** Escaping for the XML we write (Atom feeds): every upstream string goes through here. */

/**
 * Characters XML 1.0 forbids anywhere, even escaped (§2.2 Char): C0 controls other than tab,
 * newline and carriage return, lone surrogates, U+FFFE and U+FFFF. Upstream names may carry them
 * (a stray \u0000 or a terminal colour code); a parser would reject the whole feed, so they go.
 */
const ILLEGAL_XML_CHARS = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

const ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' };

/** Text safe for element content and for double- or single-quoted attribute values. */
export function escapeXml(value: string): string {
  return value.replace(ILLEGAL_XML_CHARS, '').replace(/[&<>"']/g, (c) => ENTITIES[c]!);
}

/** `<name attr="…">text</name>`, everything escaped; attributes in the order given. */
export function xmlElement(name: string, attributes: Record<string, string>, text?: string): string {
  const attrs = Object.entries(attributes)
    .map(([key, value]) => ` ${key}="${escapeXml(value)}"`)
    .join('');
  return text === undefined ? `<${name}${attrs}/>` : `<${name}${attrs}>${escapeXml(text)}</${name}>`;
}
