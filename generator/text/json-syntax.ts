/**
 * Where a JSON text first breaks the grammar (RFC 8259), in our own words. JSON.parse's messages
 * quote the text around the error (`Unexpected token 'r', "root:x:0:0:"... is not valid JSON`),
 * and a data file may be anything (a symlink to /etc/passwd, a secret pasted by mistake), so an
 * error about it names the place and the kind of problem, never the content. Only run after
 * JSON.parse failed: it is a checker, not a parser.
 */

export interface JsonSyntaxProblem {
  /** 1-based line and column (columns count UTF-16 code units, as editors mostly do). */
  line: number;
  column: number;
  /** What is wrong, without quoting the text. */
  problem: string;
}

class Failure {
  constructor(readonly offset: number, readonly problem: string) {}
}

/** The first syntax error of `text`, or null when it is valid JSON. */
export function findJsonSyntaxError(text: string): JsonSyntaxProblem | null {
  const failure = scan(text, () => undefined);
  return failure === null ? null : { ...lineAndColumn(text, failure.offset), problem: failure.problem };
}

/** A number literal whose mantissa is not zero but which reads as 0, or reads as ±Infinity. */
function unrepresentable(literal: string): boolean {
  const value = Number(literal);
  return !Number.isFinite(value) || (value === 0 && /[1-9]/.test(literal.split(/e/i)[0]!));
}

/**
 * The cheap test before the scan. A run of digits is tried only from its first digit (the
 * lookbehind): tried from every digit, a run of k digits cost k²/2 steps, and this test was a
 * third of the edge sweep's cost of reading an answer of OpenRouter's, whose uptimes have 14 digits.
 */
const MAYBE_UNREPRESENTABLE = /\d[eE][+-]?\d{3}|(?<!\d)\d{300}/;

/**
 * The first number literal of a valid JSON text that a double cannot hold: JSON.parse reads
 * `1e-400` as 0 (a price of 0 is "free") and `1e400` as Infinity, silently. Null when there is none.
 */
export function findUnrepresentableNumber(text: string): { line: number; column: number } | null {
  // Only an exponent of three digits or a run of 300 digits can leave a double's range.
  if (!MAYBE_UNREPRESENTABLE.test(text)) return null;
  let found: number | null = null;
  scan(text, (start, end) => {
    if (found === null && unrepresentable(text.slice(start, end))) found = start;
  });
  return found === null ? null : lineAndColumn(text, found);
}

/** Walks `text` as JSON, calling `onNumber` with each number literal's span; the first failure, or null. */
function scan(text: string, onNumber: (start: number, end: number) => void): Failure | null {
  let i = 0;
  const fail = (problem: string): never => {
    throw new Failure(i, i >= text.length ? 'unexpected end of file' : problem);
  };
  const ws = () => {
    while (i < text.length && (text[i] === ' ' || text[i] === '\t' || text[i] === '\n' || text[i] === '\r')) i += 1;
  };
  const literal = (word: string) => {
    for (const char of word) {
      if (text[i] !== char) fail('unexpected character (not a JSON value)');
      i += 1;
    }
  };
  const digits = () => {
    const start = i;
    while (i < text.length && text[i]! >= '0' && text[i]! <= '9') i += 1;
    if (i === start) fail('malformed number');
  };
  const number = () => {
    const start = i;
    if (text[i] === '-') i += 1;
    if (text[i] === '0') i += 1;
    else digits();
    if (text[i] === '.') {
      i += 1;
      digits();
    }
    if (text[i] === 'e' || text[i] === 'E') {
      i += 1;
      if (text[i] === '+' || text[i] === '-') i += 1;
      digits();
    }
    onNumber(start, i);
  };
  const string = () => {
    i += 1; // the opening quote
    for (;;) {
      if (i >= text.length) throw new Failure(i, 'unterminated string');
      const code = text.charCodeAt(i);
      if (code === 0x22) {
        i += 1;
        return;
      }
      if (code < 0x20) fail('control character inside a string');
      if (code === 0x5c) {
        i += 1;
        const escape = text[i];
        if (escape === 'u') {
          for (let k = 1; k <= 4; k += 1) if (!/[0-9a-fA-F]/.test(text[i + k] ?? '')) fail('malformed \\u escape');
          i += 5;
          continue;
        }
        if (escape === undefined || !'"\\/bfnrt'.includes(escape)) fail('malformed escape');
      }
      i += 1;
    }
  };
  const value = (depth: number): void => {
    if (depth > 1_000) fail('nested more than 1,000 levels deep');
    ws();
    const char = text[i];
    if (char === '{') {
      i += 1;
      ws();
      if (text[i] === '}') {
        i += 1;
        return;
      }
      for (;;) {
        ws();
        if (text[i] !== '"') fail('expected a property name in double quotes');
        string();
        ws();
        if (text[i] !== ':') fail("expected ':' after a property name");
        i += 1;
        value(depth + 1);
        ws();
        if (text[i] === ',') {
          i += 1;
          continue;
        }
        if (text[i] === '}') {
          i += 1;
          return;
        }
        fail("expected ',' or '}' after a property value");
      }
    }
    if (char === '[') {
      i += 1;
      ws();
      if (text[i] === ']') {
        i += 1;
        return;
      }
      for (;;) {
        value(depth + 1);
        ws();
        if (text[i] === ',') {
          i += 1;
          continue;
        }
        if (text[i] === ']') {
          i += 1;
          return;
        }
        fail("expected ',' or ']' after an array element");
      }
    }
    if (char === '"') return string();
    if (char === '-' || (char !== undefined && char >= '0' && char <= '9')) return number();
    if (char === 't') return literal('true');
    if (char === 'f') return literal('false');
    if (char === 'n') return literal('null');
    fail('unexpected character (not a JSON value)');
  };
  try {
    value(0);
    ws();
    if (i < text.length) fail('unexpected text after the JSON value');
    return null;
  } catch (error) {
    if (!(error instanceof Failure)) throw error;
    return error;
  }
}

function lineAndColumn(text: string, offset: number): { line: number; column: number } {
  let line = 1;
  let lineStart = 0;
  for (let k = 0; k < offset && k < text.length; k += 1) {
    if (text[k] === '\n') {
      line += 1;
      lineStart = k + 1;
    }
  }
  return { line, column: offset - lineStart + 1 };
}
