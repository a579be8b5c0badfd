import { Ajv2020, type ErrorObject, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import { fullFormats } from 'ajv-formats/dist/formats.js';

// ajv-formats ships CommonJS; under NodeNext its default export arrives wrapped.
const addFormats = addFormatsModule as unknown as typeof addFormatsModule.default;

/** One ajv instance per schema family; `allErrors` so reports name every problem at once. */
export function createAjv(): Ajv2020 {
  const ajv = new Ajv2020({ allErrors: true, strict: true, allowUnionTypes: true });
  addFormats(ajv, ['date', 'date-time', 'uri']);
  // The same few URLs and times are checked in each of the thousands of files the build writes.
  for (const name of ['uri', 'date-time'] as const) ajv.addFormat(name, remembered(fullFormats[name]));
  return ajv;
}

/** A format check that remembers its last few thousand verdicts (the regexes are long). */
function remembered(format: unknown): (value: string) => boolean {
  const check =
    typeof format === 'function'
      ? (format as (value: string) => boolean)
      : format instanceof RegExp
        ? (value: string) => format.test(value)
        : (format as { validate: (value: string) => boolean }).validate;
  const verdicts = new Map<string, boolean>();
  return (value) => {
    let verdict = verdicts.get(value);
    if (verdict === undefined) {
      verdict = check(value);
      if (verdicts.size >= 10_000) verdicts.clear();
      verdicts.set(value, verdict);
    }
    return verdict;
  };
}

export interface Validator<T> {
  (value: unknown): value is T;
  /** Human-readable errors of the last failed call, at most `max` of them. */
  errors(max?: number): string;
}

/**
 * A checker for `schema`, compiled at its first use: modules declare their checkers at load, and
 * compiling them all then cost every process (each test file, each command) about a second for
 * checkers most of them never call.
 */
export function compileValidator<T>(ajv: Ajv2020, schema: object): Validator<T> {
  let validate: ValidateFunction | undefined;
  const compiled = () => (validate ??= ajv.compile(schema));
  const check = ((value: unknown) => compiled()(value)) as Validator<T>;
  check.errors = (max = 5) => formatErrors(validate?.errors ?? [], max);
  return check;
}

/** A key of the checked document: shown when it is a plain name, else `<key>` (it may be upstream text). */
const PLAIN_KEY = /^[A-Za-z0-9_.-]{1,64}$/;

function safePath(instancePath: string): string {
  if (instancePath === '') return '(root)';
  return instancePath
    .split('/')
    .map((part, i) => (i === 0 || PLAIN_KEY.test(part) ? part : '<key>'))
    .join('/');
}

export function formatErrors(errors: ErrorObject[], max = 5): string {
  const lines = errors.slice(0, max).map((e) => `${safePath(e.instancePath)} ${e.message ?? 'is invalid'}`);
  if (errors.length > max) lines.push(`… and ${errors.length - max} more`);
  return lines.join('; ');
}
