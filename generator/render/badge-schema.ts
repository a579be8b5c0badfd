/** The published schema of /api/v1/badges/<service_id>/<kind>.json. */

/** Joi's `string()`, which shields validates with, rejects the empty string. */
const shieldsString = (description: string) => ({ type: 'string', minLength: 1, description }) as const;

/**
 * The shields.io endpoint badge format (schemaVersion 1), transcribed from
 * https://shields.io/badges/endpoint-badge and shields' own validation: unknown keys are rejected,
 * `namedLogo` and `logoSvg` exclude each other, `logoColor` and `logoSize` need `namedLogo`.
 */
export function badgeSchema(siteUrl: string) {
  return {
    $schema: 'https://json-schema.org/draft/2020-12/schema',
    $id: `${siteUrl}/api/v1/schemas/badge.json`,
    title: 'shields.io endpoint badge',
    description: 'Show it with https://img.shields.io/endpoint?url=<URL of this file, URL-encoded>',
    type: 'object',
    required: ['schemaVersion', 'label', 'message'],
    additionalProperties: false,
    properties: {
      schemaVersion: { const: 1, description: 'always 1' },
      label: { type: 'string', description: 'the left text; the empty string omits the left side' },
      message: shieldsString('the right text; never empty'),
      color: shieldsString('the right color (default lightgrey): a named color, hex, rgb, rgba, hsl, hsla or a CSS color name'),
      labelColor: shieldsString('the left color (default grey)'),
      isError: { type: 'boolean', description: 'true: an error badge whose color users cannot override (default false)' },
      namedLogo: shieldsString('a simple-icons slug'),
      logoSvg: shieldsString('an SVG string with a custom logo'),
      logoColor: shieldsString('the logo color; simple-icons logos only'),
      logoSize: shieldsString('"auto" makes the logo resize adaptively; simple-icons logos only'),
      style: shieldsString('the default style: flat, flat-square, plastic, for-the-badge or social'),
      cacheSeconds: { type: 'integer', minimum: 0, description: 'HTTP cache lifetime; shields ignores values below its minimum (300 s for endpoint badges)' },
    },
    dependentRequired: { logoColor: ['namedLogo'], logoSize: ['namedLogo'] },
    // Not both logos (`not: { required }` trips ajv's strict mode; this says the same).
    dependentSchemas: { namedLogo: { properties: { logoSvg: false } } },
  };
}
