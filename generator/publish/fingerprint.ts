/**
 * Fingerprints of published files, for stable bytes and the deploy decision. Pure.
 *
 * - The content fingerprint covers everything a file says except its own `meta.updated_at`
 *   (which is derived from it), `meta.as_of` (derived from every catalog response's: see
 *   content-times.ts) and the site's address (a fork's own URL is not news).
 * - The material fingerprint leaves out what moves on every run by nature (probe latency, check
 *   times, ages, daily uptime fractions, freshness): a file whose material fingerprint is unchanged
 *   is not worth a deploy on its own, although its bytes may have changed.
 */
import { createHash } from 'node:crypto';
import { responseJson } from '../text/response-json.js';

/**
 * Keys whose values move with every check, not with what the service or model is doing; and the
 * real-traffic figures of the model status (issue 39: an endpoint's `stats`, a service's
 * `traffic` figures, observation times).
 */
export const VOLATILE_KEYS = [
  'updated_at', 'checked_at', 'latency_ms', 'age_seconds', 'fetched_at', 'uptime_90d', 'uptime_1d', 'freshness',
  'stats', 'observed_at', 'failing_share', 'counted_endpoints', 'counted_models',
] as const;
const volatile = new Set<string>(VOLATILE_KEYS);

/**
 * A model's `status` object (the model detail's and a models list entry's: its state, the
 * incidents naming it, its speed) is volatile as a whole in the catalog files: a model's state
 * moving is no catalog change (it would move `as_of` and rewrite every file). It is material in
 * the status files, where the model status list carries it in fields of their own. A `status`
 * that is a string (a service's, an incident's, a lifecycle's) is material as ever.
 */
const isVolatile = (key: string, value: unknown) => volatile.has(key) || (key === 'status' && value !== null && typeof value === 'object');

export const FINGERPRINT_LENGTH = 16;

function digest(text: string): string {
  return createHash('sha256').update(text).digest('hex').slice(0, FINGERPRINT_LENGTH);
}

/** The site URL removed, so the same data gives the same fingerprint on every deployment. */
function siteFree(text: string, siteUrl: string): string {
  return siteUrl === '' ? text : text.split(siteUrl).join('');
}

/** A JSON body with `meta.updated_at` (and `meta.as_of`, where present) null: what both are computed from. */
function withoutUpdatedAt(body: unknown): unknown {
  if (body === null || typeof body !== 'object' || !('meta' in body)) return body;
  const { meta } = body as { meta: unknown };
  if (meta === null || typeof meta !== 'object' || !('updated_at' in meta)) return body;
  return { ...body, meta: { ...meta, updated_at: null, ...('as_of' in meta ? { as_of: null } : {}) } };
}

/**
 * Volatile values become null wherever they are (JSON.stringify with this replacer gives the text
 * of the body with each volatile value replaced, without copying the body), and so does the
 * derived `as_of`, which the content fingerprint leaves out too.
 */
const nullVolatile = (key: string, value: unknown): unknown => (isVolatile(key, value) || key === 'as_of' ? null : value);

export interface Fingerprints {
  content: string;
  material: string;
}

/**
 * Fingerprints already computed, per response body and site URL. A rendered body never changes
 * after rendering but for its own `meta.updated_at` and `meta.as_of`, which neither fingerprint reads, so `update`
 * stamping the times and then recording the fingerprints computes each body's once (the same holds
 * for the list elements below).
 */
const computed = new WeakMap<object, { siteUrl: string; fingerprints: Fingerprints }>();

/** The volatile keys as they appear in serialized JSON. */
const VOLATILE_KEY_PATTERN = new RegExp(`"(?:${VOLATILE_KEYS.join('|')})":|"status":\\{`, 'g');

/** Whether serialized JSON holds a volatile key, besides at most `allowedUpdatedAt` null `updated_at`s. */
function holdsVolatile(text: string, allowedUpdatedAt: number): boolean {
  let updatedAt = 0;
  for (const match of text.matchAll(VOLATILE_KEY_PATTERN)) {
    if (match[0] !== '"updated_at":' || !text.startsWith('"updated_at":null', match.index) || ++updatedAt > allowedUpdatedAt) return true;
  }
  return false;
}

interface Serialized {
  text: string;
  /** Holds a volatile key (see holdsVolatile). */
  volatile: boolean;
}

interface Element extends Serialized {
  /** A small number for the element's text (interned): what a list is known by in `composed` below. */
  id: number;
}

/**
 * List elements serialized once per render: the 16,000 `cheapest` variants, the lists and the
 * feeds share the same model entries, which JSON.stringify would serialize again in every file.
 */
let elements = new WeakMap<object, Element>();
/** Every distinct element text seen since the lists were last forgotten, by its digest: its number. */
const elementIds = new Map<string, number>();

function element(item: object): Element {
  let known = elements.get(item);
  if (known === undefined) {
    const text = JSON.stringify(item);
    const textDigest = createHash('sha256').update(text).digest('base64');
    let id = elementIds.get(textDigest);
    if (id === undefined) elementIds.set(textDigest, (id = elementIds.size));
    known = { text, volatile: holdsVolatile(text, 0), id };
    elements.set(item, known);
  }
  return known;
}

/**
 * Fingerprints of list bodies by what they are made of (the meta's text and each element's
 * number), which determine their text exactly: a process that renders again and again (the
 * simulated month) computes each distinct list's once. Bounded; cleared when full.
 */
const composed = new Map<string, Fingerprints>();
const COMPOSED_MAX = 200_000;

/**
 * Forgets the lists known by their elements' numbers, and the numbers with them: a process that
 * renders for a long time (the simulated month, the 10× bench) keeps a bounded memory. Numbers
 * start again only with no list left that names an old one, so no new list can be taken for an
 * old one. Called before a body is judged, never between its elements' numbering and its list.
 */
export function forgetComposedLists(): void {
  composed.clear();
  elementIds.clear();
  elements = new WeakMap();
}

/**
 * JSON.stringify of a body with `meta.updated_at` null (withoutUpdatedAt), and whether it holds a
 * volatile key besides that one: the same text, composed from the shared elements of a `data` list
 * when the body is `{ data: [objects…], meta }`, which is then also known by `key`.
 */
function serializeBody(body: unknown): Serialized & { key: string | null } {
  const bare = withoutUpdatedAt(body);
  const shape = bare !== null && typeof bare === 'object' ? Object.keys(bare) : [];
  const data = (bare as { data?: unknown }).data;
  const list = shape.length === 2 && shape[0] === 'data' && shape[1] === 'meta' && Array.isArray(data) && data.every((d) => d !== null && typeof d === 'object' && !Array.isArray(d));
  if (!list) {
    const text = JSON.stringify(bare);
    return { text, volatile: holdsVolatile(text, 1), key: null };
  }
  const items = (data as object[]).map(element);
  const meta = JSON.stringify((bare as { meta: unknown }).meta);
  let text: string | undefined;
  return {
    get text() {
      return (text ??= `{"data":[${items.map((i) => i.text).join(',')}],"meta":${meta}}`);
    },
    volatile: items.some((i) => i.volatile) || holdsVolatile(meta, 1),
    key: `${meta}\n${items.map((i) => i.id).join(',')}`,
  };
}

/** Fingerprints of one JSON response (its body before `updated_at` is filled in, or after). */
export function jsonFingerprints(body: unknown, siteUrl: string): Fingerprints {
  if (composed.size >= COMPOSED_MAX) forgetComposedLists();
  const known = body !== null && typeof body === 'object' ? computed.get(body) : undefined;
  if (known !== undefined && known.siteUrl === siteUrl) return known.fingerprints;
  const serialized = serializeBody(body);
  const key = serialized.key === null ? null : `${siteUrl}\n${serialized.key}`;
  let fingerprints = key === null ? undefined : composed.get(key);
  if (fingerprints === undefined) {
    const content = digest(siteFree(serialized.text, siteUrl));
    // Volatile values become null rather than vanish: a response whose only volatile value is its
    // own updated_at then has a material fingerprint equal to its content fingerprint, which is
    // what the serialized text shows without a second pass over the body.
    const material = serialized.volatile ? digest(siteFree(responseJson(body, nullVolatile), siteUrl)) : content;
    fingerprints = { content, material };
    if (key !== null) {
      composed.set(key, fingerprints);
    }
  }
  if (body !== null && typeof body === 'object') computed.set(body, { siteUrl, fingerprints });
  return fingerprints;
}

/**
 * The content fingerprint alone (what `updated_at` is looked up by). Both are computed and kept
 * with the body: `update` records them afterwards without a second pass.
 */
export function contentFingerprint(body: unknown, siteUrl: string): string {
  return jsonFingerprints(body, siteUrl).content;
}
