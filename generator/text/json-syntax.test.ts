import { describe, expect, it } from 'vitest';
import { findJsonSyntaxError, findUnrepresentableNumber } from './json-syntax.js';

describe('findUnrepresentableNumber', () => {
  it('finds an exponent that leaves a double\'s range, either way, and says where', () => {
    expect(findUnrepresentableNumber('{"a": 1,\n "b": 1e-400}')).toEqual({ line: 2, column: 7 });
    expect(findUnrepresentableNumber('[2.5E+400]')).toEqual({ line: 1, column: 2 });
  });

  it('finds a run of digits too long for a double, wherever the run starts', () => {
    const huge = `1${'0'.repeat(320)}`;
    expect(findUnrepresentableNumber(`{"x": ${huge}}`)).toEqual({ line: 1, column: 7 });
    expect(findUnrepresentableNumber(`{"x": 99.82, "y": -${huge}}`)).toEqual({ line: 1, column: 19 });
  });

  it('passes what a double holds: three-digit exponents in range, long fractions, digits in strings', () => {
    expect(findUnrepresentableNumber('{"uptime": 99.82397465234993, "tiny": 1e-300, "big": 1.5e308}')).toBeNull();
    expect(findUnrepresentableNumber(`{"id": "${'7'.repeat(400)}", "note": "1e-400 in a string is text"}`)).toBeNull();
    // 300 zeros after the point read as a number a double holds (0.000…1 with 300 digits is 1e-301).
    expect(findUnrepresentableNumber(`[0.${'0'.repeat(299)}1]`)).toBeNull();
    expect(findUnrepresentableNumber(`[0.${'0'.repeat(400)}1]`)).toEqual({ line: 1, column: 2 });
  });
});

describe('findJsonSyntaxError', () => {
  it('names the place of the first error, never the text', () => {
    expect(findJsonSyntaxError('{"a": 1,}')).toEqual({ line: 1, column: 9, problem: 'expected a property name in double quotes' });
    expect(findJsonSyntaxError('{"a": [1, 2]}')).toBeNull();
  });
});
