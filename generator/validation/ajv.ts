import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import { fullFormats } from 'ajv-formats/dist/formats.js';
import { formatErrors, type Validator } from './validator.js';

export { formatErrors, type Validator } from './validator.js';

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

