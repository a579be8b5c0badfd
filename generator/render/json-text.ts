/**
 * JSON.stringify for response bodies, byte for byte the same text, made faster where the same
 * object appears in many files: a model entry is in up to 16,640 `cheapest` files, and its text
 * is made once per render instead of once per file, and a response's `data` once for its
 * fingerprint and its file. Texts are remembered by object identity (so a later render's new
 * objects are never confused with them): the render never changes an object once it is in a
 * response's `data` (only `meta.updated_at` is filled in later, and `meta` is never remembered).
 */
const itemText = new WeakMap<object, string>();

function itemJson(item: unknown): string {
  if (item === null || typeof item !== 'object') return JSON.stringify(item) ?? 'null';
  let text = itemText.get(item);
  if (text === undefined) {
    text = JSON.stringify(item);
    itemText.set(item, text);
  }
  return text;
}

/** `{ data, meta }` in that key order, as every API response is built. */
function isEnvelope(body: unknown): body is { data: unknown[]; meta: unknown } {
  if (body === null || typeof body !== 'object' || Array.isArray(body)) return false;
  const keys = Object.keys(body);
  return keys.length === 2 && keys[0] === 'data' && keys[1] === 'meta' && Array.isArray((body as { data: unknown }).data) && (body as { meta: unknown }).meta !== undefined;
}

/** The text of a `data` array, kept while the array lives: its fingerprint and its file share it. */
const dataText = new WeakMap<unknown[], string>();

/** Exactly `JSON.stringify(body)`. */
export function responseJson(body: unknown): string {
  if (!isEnvelope(body)) return JSON.stringify(body);
  let data = dataText.get(body.data);
  if (data === undefined) {
    data = `[${body.data.map(itemJson).join(',')}]`;
    dataText.set(body.data, data);
  }
  return `{"data":${data},"meta":${JSON.stringify(body.meta)}}`;
}
