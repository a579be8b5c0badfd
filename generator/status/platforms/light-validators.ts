/**
 * The checkers of the light current-state documents (light-schemas.ts), compiled by ajv at their
 * first use. In the Cloudflare Worker this module is replaced at bundle time by ajv's standalone
 * code for the same schemas (assemble/standalone-validators.ts), because workerd forbids the
 * `new Function` ajv compiles with: one schema, the same checks, on both runtimes.
 */
import { compileValidator, createAjv } from '../../validation/ajv.js';
import type { Validator } from '../../validation/validator.js';
import { LIGHT_SCHEMAS, type LightPlatform } from './light-schemas.js';

const ajv = createAjv();

export const LIGHT_VALIDATORS: Record<LightPlatform, Validator<unknown>> = {
  statuspage: compileValidator(ajv, LIGHT_SCHEMAS.statuspage),
  incidentio: compileValidator(ajv, LIGHT_SCHEMAS.incidentio),
  instatus: compileValidator(ajv, LIGHT_SCHEMAS.instatus),
  betterstack: compileValidator(ajv, LIGHT_SCHEMAS.betterstack),
};
