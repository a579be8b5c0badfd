import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { FINGERPRINT_LENGTH, forgetComposedLists, jsonFingerprints } from './fingerprint.js';

const SITE = 'https://modelpulse.test';
/** The content fingerprint as its definition says, computed apart: the text with `updated_at` null and the site's URL removed. */
const expected = (body: { data: unknown[]; meta: Record<string, unknown> }) =>
  createHash('sha256').update(JSON.stringify({ ...body, meta: { ...body.meta, updated_at: null } }).split(SITE).join('')).digest('hex').slice(0, FINGERPRINT_LENGTH);
const list = (items: object[]) => ({ data: items, meta: { updated_at: '2026-11-28T00:00:00Z', link: `${SITE}/docs`, count: items.length } });

describe('fingerprints of list bodies', () => {
  it('stay exact after the lists known by their elements are forgotten, for old elements and new ones', () => {
    const first = list([{ id: 'a/one', price: 1 }, { id: 'b/two', price: 2 }]);
    expect(jsonFingerprints(first, SITE).content).toBe(expected(first));
    forgetComposedLists();
    // Elements numbered anew: a list of other elements with the same meta is never taken for the first.
    const other = list([{ id: 'c/three', price: 3 }, { id: 'd/four', price: 4 }]);
    expect(jsonFingerprints(other, SITE).content).toBe(expected(other));
    expect(jsonFingerprints(other, SITE).content).not.toBe(jsonFingerprints(first, SITE).content);
    // The first list's own objects, in a new body, after the forgetting.
    const again = list([...first.data].reverse());
    expect(jsonFingerprints(again, SITE).content).toBe(expected(again));
    expect(jsonFingerprints({ ...first }, SITE).content).toBe(expected(first));
  });
});
