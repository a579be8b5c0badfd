import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { sha256Hex } from './sha256.js';

describe('sha256Hex', () => {
  it('gives node:crypto\'s digest for empty, short, multi-block and non-ASCII texts', () => {
    const texts = ['', 'abc', 'API degraded', 'x'.repeat(55), 'y'.repeat(56), 'z'.repeat(64), 'Ausfall der API – 日本語 🚨', 'a'.repeat(1000)];
    for (const text of texts) expect(sha256Hex(text), text.slice(0, 20)).toBe(createHash('sha256').update(text).digest('hex'));
  });
});
