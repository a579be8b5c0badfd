/**
 * The Worker's checkers of the light status documents: ajv's standalone code for the very schemas
 * Node compiles at run time (status/platforms/light-schemas.ts), generated at bundle time. workerd
 * forbids `new Function`, with which ajv compiles; standalone code is plain functions. An esbuild
 * plugin puts this module where status/platforms/light-validators.ts would be.
 */
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Ajv2020 } from 'ajv/dist/2020.js';
import standaloneCodeModule from 'ajv/dist/standalone/index.js';
import type { Plugin } from 'esbuild';
import { LIGHT_SCHEMAS } from '../status/platforms/light-schemas.js';

// ajv's standalone entry ships CommonJS; under NodeNext its default export arrives wrapped.
const standaloneCode = standaloneCodeModule as unknown as typeof standaloneCodeModule.default;

const VALIDATOR_MODULE = fileURLToPath(new URL('../validation/validator.ts', import.meta.url));

/** The generated module: the same export (LIGHT_VALIDATORS) and the same error wording as Node's. */
export function standaloneLightValidators(): string {
  // The options createAjv uses for checking (no formats: these schemas name none).
  const ajv = new Ajv2020({ allErrors: true, strict: true, allowUnionTypes: true, code: { source: true, esm: true } });
  const names = Object.keys(LIGHT_SCHEMAS) as Array<keyof typeof LIGHT_SCHEMAS>;
  for (const name of names) ajv.addSchema(LIGHT_SCHEMAS[name], `light-${name}`);
  const code = standaloneCode(ajv, Object.fromEntries(names.map((name) => [`check_${name}`, `light-${name}`])));
  if (/\brequire\(/.test(code)) throw new Error('the standalone checkers of the light status schemas need a runtime module: keep those schemas to plain keywords');
  const wrap = names.map((name) => `  ${name}: wrap(check_${name}),`).join('\n');
  return [
    code.replace(/^"use strict";/, ''),
    `import { formatErrors } from ${JSON.stringify(VALIDATOR_MODULE)};`,
    'function wrap(fn) { const check = (value) => fn(value); check.errors = (max = 5) => formatErrors(fn.errors ?? [], max); return check; }',
    `export const LIGHT_VALIDATORS = {\n${wrap}\n};`,
  ].join('\n');
}

export const standaloneValidatorsPlugin: Plugin = {
  name: 'standalone-light-validators',
  setup(build) {
    build.onResolve({ filter: /(^|[\\/])light-validators\.js$/ }, () => ({ path: 'light-validators', namespace: 'standalone-validators' }));
    build.onLoad({ filter: /.*/, namespace: 'standalone-validators' }, () => ({ contents: standaloneLightValidators(), loader: 'js', resolveDir: dirname(VALIDATOR_MODULE) }));
  },
};
