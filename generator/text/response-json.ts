/**
 * JSON.stringify for response bodies, byte for byte the same text, made faster where the same
 * object appears in many files: a model entry is in up to 11,547 `cheapest` files, and its text
 * is made once per render instead of once per file, and a response's `data` once for its
 * fingerprints and its file. Texts are remembered by object identity (so a later render's new
 * objects are never confused with them): the render never changes an object once it is in a
 * response's `data` (only `meta.updated_at` is filled in later, and `meta` is never remembered).
 */
export type Replacer = (key: string, value: unknown) => unknown;

interface Texts {
  items: WeakMap<object, string>;
  data: WeakMap<unknown[], string>;
}

/** One set of remembered texts per replacer: the same object has another text under another one. */
const textsByReplacer = new Map<Replacer | undefined, Texts>();

function textsFor(replacer: Replacer | undefined): Texts {
  let texts = textsByReplacer.get(replacer);
  if (texts === undefined) {
    texts = { items: new WeakMap(), data: new WeakMap() };
    textsByReplacer.set(replacer, texts);
  }
  return texts;
}

/** `{ data: [...], meta }` in that key order, as every API response is built. */
function isEnvelope(body: unknown): body is { data: unknown[]; meta: unknown } {
  if (body === null || typeof body !== 'object' || Array.isArray(body)) return false;
  const keys = Object.keys(body);
  return keys.length === 2 && keys[0] === 'data' && keys[1] === 'meta' && Array.isArray((body as { data: unknown }).data) && (body as { meta: unknown }).meta !== undefined;
}

/**
 * Exactly `JSON.stringify(body, replacer)`, for a replacer that treats array elements by their
 * value alone (its key is then the index) and is the same function each time it is passed.
 */
export function responseJson(body: unknown, replacer?: Replacer): string {
  if (!isEnvelope(body) || (replacer !== undefined && (replacer('data', body.data) !== body.data || replacer('meta', body.meta) !== body.meta))) {
    return JSON.stringify(body, replacer as Parameters<typeof JSON.stringify>[1]);
  }
  const texts = textsFor(replacer);
  let data = texts.data.get(body.data);
  if (data === undefined) {
    const item = (value: unknown, index: number): string => {
      const replaced = replacer === undefined ? value : replacer(String(index), value);
      if (replaced === null || typeof replaced !== 'object') return JSON.stringify(replaced, replacer as Parameters<typeof JSON.stringify>[1]) ?? 'null';
      let text = texts.items.get(replaced);
      if (text === undefined) {
        text = JSON.stringify(replaced, replacer as Parameters<typeof JSON.stringify>[1]);
        texts.items.set(replaced, text);
      }
      return text;
    };
    data = `[${body.data.map(item).join(',')}]`;
    texts.data.set(body.data, data);
  }
  return `{"data":${data},"meta":${JSON.stringify(body.meta, replacer as Parameters<typeof JSON.stringify>[1])}}`;
}
