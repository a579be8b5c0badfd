/**
 * Fingerprints of published files, for stable bytes and the deploy decision. Pure.
 *
 * - The content fingerprint covers everything a file says except its own `meta.updated_at`
 *   (which is derived from it) and the site's address (a fork's own URL is not news).
 * - The material fingerprint leaves out what moves on every run by nature (probe latency, check
 *   times, ages, daily uptime fractions, freshness): a file whose material fingerprint is unchanged
 *   is not worth a deploy on its own, although its bytes may have changed.
 */
import { createHash } from 'node:crypto';
import { responseJson } from '../text/response-json.js';

/** Keys whose values move with every check, not with what the service or model is doing. */
export const VOLATILE_KEYS = ['updated_at', 'checked_at', 'latency_ms', 'age_seconds', 'fetched_at', 'uptime_90d', 'uptime_1d', 'freshness'] as const;
const volatile = new Set<string>(VOLATILE_KEYS);

export const FINGERPRINT_LENGTH = 16;

function digest(text: string): string {
  return createHash('sha256').update(text).digest('hex').slice(0, FINGERPRINT_LENGTH);
}

/** The site URL removed, so the same data gives the same fingerprint on every deployment. */
function siteFree(text: string, siteUrl: string): string {
  return siteUrl === '' ? text : text.split(siteUrl).join('');
}

/** A JSON body with `meta.updated_at` set to null: what `updated_at` is computed from. */
function withoutUpdatedAt(body: unknown): unknown {
  if (body === null || typeof body !== 'object' || !('meta' in body)) return body;
  const { meta } = body as { meta: unknown };
  if (meta === null || typeof meta !== 'object' || !('updated_at' in meta)) return body;
  return { ...body, meta: { ...meta, updated_at: null } };
}

/**
 * Volatile values become null wherever they are (JSON.stringify with this replacer gives the text
 * of the body with each volatile value replaced, without copying the body).
 */
const nullVolatile = (key: string, value: unknown): unknown => (volatile.has(key) ? null : value);

export interface Fingerprints {
  content: string;
  material: string;
}

/** The content fingerprint alone (what `updated_at` is looked up by). */
export function contentFingerprint(body: unknown, siteUrl: string): string {
  return digest(siteFree(responseJson(withoutUpdatedAt(body)), siteUrl));
}

/** Fingerprints of one JSON response (its body before `updated_at` is filled in, or after). */
export function jsonFingerprints(body: unknown, siteUrl: string): Fingerprints {
  const content = contentFingerprint(body, siteUrl);
  // Volatile values become null rather than vanish: a response whose only volatile value is its
  // own updated_at then has a material fingerprint equal to its content fingerprint.
  return { content, material: digest(siteFree(responseJson(body, nullVolatile), siteUrl)) };
}

