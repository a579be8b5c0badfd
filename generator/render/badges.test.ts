import { describe, expect, it } from 'vitest';
import { addDays } from '../models/dates.js';
import { SERVICE_STATUSES, type ServiceStatus } from '../status/combine.js';
import { createAjv } from '../validation/ajv.js';
import { renderBadges, uptimeBadge, uptimeColor, type ShieldsBadge } from './badges.js';
import { meanUptime, uptimePercent } from './presentation.js';
import { apiSchemas } from './schemas.js';
import type { ServiceDetail } from './status.js';
import { NO_TRAFFIC } from './status.js';

/**
 * The endpoint format as https://shields.io/badges/endpoint-badge documents it, written here
 * independently of the schema we publish (render/schemas.ts), so a slip there cannot hide here.
 */
const nonEmpty = { type: 'string', minLength: 1 };
const SHIELDS_ENDPOINT_SCHEMA = {
  $schema: 'https://json-schema.org/draft/2020-12/schema',
  type: 'object',
  additionalProperties: false,
  required: ['schemaVersion', 'label', 'message'],
  properties: {
    schemaVersion: { const: 1 },
    label: { type: 'string' },
    message: nonEmpty,
    color: nonEmpty,
    labelColor: nonEmpty,
    isError: { type: 'boolean' },
    namedLogo: nonEmpty,
    logoSvg: nonEmpty,
    logoColor: nonEmpty,
    logoSize: nonEmpty,
    style: nonEmpty,
    cacheSeconds: { type: 'integer', minimum: 0 },
  },
  // "namedLogo or logoSvg, not both"; logoColor and logoSize only with namedLogo. (Each `required`
  // names its property in `properties` beside it, as ajv's strict mode wants.)
  allOf: [
    { if: { properties: { namedLogo: true }, required: ['namedLogo'] }, then: { properties: { logoSvg: false } } },
    { if: { properties: { logoColor: true }, required: ['logoColor'] }, then: { properties: { namedLogo: true }, required: ['namedLogo'] } },
    { if: { properties: { logoSize: true }, required: ['logoSize'] }, then: { properties: { namedLogo: true }, required: ['namedLogo'] } },
  ],
};

const SHIELDS_NAMED_COLORS = ['brightgreen', 'green', 'yellowgreen', 'yellow', 'orange', 'red', 'blue', 'lightgrey'];
const END = '2026-11-20';

/** Exactly 90 days ending on END, oldest first; the given values fill the newest days. */
function days(newest: Array<number | null>): ServiceDetail['uptime_90d'] {
  const values = [...Array<null>(90 - newest.length).fill(null), ...newest];
  return values.map((uptime, i) => ({ date: addDays(END, i - 89), uptime, probe: uptime, official: null }));
}

function service(id: string, status: ServiceStatus = 'operational', uptime: Array<number | null> = []): ServiceDetail {
  return {
    id,
    name: `Service ${id}`,
    url: `https://${id}.example.com`,
    status,
    official: { platform: 'statuspage', indicator: 'none', description: 'All Systems Operational', url: null, fetched_at: null, stale: false, age_seconds: null, error: null },
    probe_configured: false,
    probe: null,
    active_incidents: [],
    traffic: NO_TRAFFIC,
    official_history: null,
    uptime_90d: days(uptime),
    recent_incidents: [],
  };
}

describe('renderBadges', () => {
  const services = SERVICE_STATUSES.map((status, i) => service(`svc-${i}`, status, [1, 0.99, null]));

  it('writes a status and an uptime badge per service, with the badge schema', () => {
    const files = renderBadges(services);
    expect(files.map((f) => f.path)).toEqual(services.flatMap((s) => [`api/v1/badges/${s.id}/status.json`, `api/v1/badges/${s.id}/uptime.json`]));
    expect(files.every((f) => f.schema === 'badge')).toBe(true);
  });

  it('matches the shields endpoint format (and our published badge schema)', () => {
    const ajv = createAjv();
    const shields = ajv.compile(SHIELDS_ENDPOINT_SCHEMA);
    const published = ajv.compile(apiSchemas('https://pulse.example.org').badge);
    const bodies = renderBadges([...services, service('empty', 'unknown', [])]).map((f) => f.body as ShieldsBadge);
    for (const body of bodies) {
      expect(shields(body), JSON.stringify(shields.errors)).toBe(true);
      expect(published(body), JSON.stringify(published.errors)).toBe(true);
      expect(Object.keys(body)).toEqual(['schemaVersion', 'label', 'message', 'color', 'cacheSeconds']);
      expect(SHIELDS_NAMED_COLORS).toContain(body.color);
      // shields ignores cacheSeconds below 300: every badge asks for at least that.
      expect(body.cacheSeconds).toBeGreaterThanOrEqual(300);
    }
  });

  it('says the combined status in words, colored by status', () => {
    const status = renderBadges(services).filter((f) => f.path.endsWith('/status.json')).map((f) => f.body as ShieldsBadge);
    expect(status.map((b) => [b.label, b.message, b.color])).toEqual([
      ['Service svc-0', 'operational', 'brightgreen'],
      ['Service svc-1', 'degraded', 'yellow'],
      ['Service svc-2', 'partial outage', 'orange'],
      ['Service svc-3', 'major outage', 'red'],
      ['Service svc-4', 'maintenance', 'blue'],
      ['Service svc-5', 'unknown', 'lightgrey'],
    ]);
    expect(status.every((b) => b.cacheSeconds === 300)).toBe(true);
  });
});

describe('the published badge schema', () => {
  // Each verdict must be the same under shields' rules (as transcribed above) and ours.
  const cases: Array<[string, unknown, boolean]> = [
    ['minimal', { schemaVersion: 1, label: 'a', message: 'b' }, true],
    ['empty label', { schemaVersion: 1, label: '', message: 'b' }, true],
    ['every option', { schemaVersion: 1, label: 'a', message: 'b', color: '#123456', labelColor: 'grey', isError: true, namedLogo: 'openai', logoColor: 'white', logoSize: 'auto', style: 'flat-square', cacheSeconds: 3600 }, true],
    ['custom logo', { schemaVersion: 1, label: 'a', message: 'b', logoSvg: '<svg/>' }, true],
    ['empty message', { schemaVersion: 1, label: 'a', message: '' }, false],
    ['no label', { schemaVersion: 1, message: 'b' }, false],
    ['schema version 2', { schemaVersion: 2, label: 'a', message: 'b' }, false],
    ['unknown key', { schemaVersion: 1, label: 'a', message: 'b', link: 'https://x.example' }, false],
    ['both logos', { schemaVersion: 1, label: 'a', message: 'b', namedLogo: 'openai', logoSvg: '<svg/>' }, false],
    ['logo color without named logo', { schemaVersion: 1, label: 'a', message: 'b', logoColor: 'red' }, false],
    ['fractional cache', { schemaVersion: 1, label: 'a', message: 'b', cacheSeconds: 1.5 }, false],
    ['empty color', { schemaVersion: 1, label: 'a', message: 'b', color: '' }, false],
  ];
  const ajv = createAjv();
  const shields = ajv.compile(SHIELDS_ENDPOINT_SCHEMA);
  const published = ajv.compile(apiSchemas('https://pulse.example.org').badge);
  it.each(cases)('%s', (_name, body, valid) => {
    expect(shields(body)).toBe(valid);
    expect(published(body)).toBe(valid);
  });
});

describe('uptime badge', () => {
  it('is the mean of the daily fractions over the days with data', () => {
    expect(meanUptime(days([1, 0.98, null, 0.99]))).toBeCloseTo(0.99, 12);
    const badge = uptimeBadge(service('x', 'operational', [1, 0.98, null, 0.99]));
    expect(badge).toEqual({ schemaVersion: 1, label: 'Service x uptime 90d', message: '99.00%', color: 'green', cacheSeconds: 3600 });
  });

  it('says "no data" in grey when no day has probes (never 100%)', () => {
    for (const uptime of [[], [null, null]]) {
      expect(uptimeBadge(service('x', 'operational', uptime))).toEqual({ schemaVersion: 1, label: 'Service x uptime 90d', message: 'no data', color: 'lightgrey', cacheSeconds: 3600 });
    }
  });

  it('rounds down, so 100% means no failed probe at all', () => {
    expect(uptimeBadge(service('x', 'operational', Array<number>(90).fill(1))).message).toBe('100%');
    expect(uptimeBadge(service('x', 'operational', [1, 1, 1, 0.9999])).message).toBe('99.99%');
    expect(uptimePercent(0.9995)).toBe(99.95);
    expect(uptimePercent(0.99996)).toBe(99.99);
    expect(uptimeBadge(service('x', 'operational', [0.5, 0])).message).toBe('25.00%');
  });

  it('colors by documented thresholds on the figure shown', () => {
    const cases: Array<[number, string]> = [
      [100, 'brightgreen'],
      [99.9, 'brightgreen'],
      [99.89, 'green'],
      [99, 'green'],
      [98.99, 'yellowgreen'],
      [98, 'yellowgreen'],
      [97.99, 'yellow'],
      [95, 'yellow'],
      [94.99, 'orange'],
      [90, 'orange'],
      [89.99, 'red'],
      [0, 'red'],
    ];
    expect(cases.map(([percent]) => uptimeColor(percent))).toEqual(cases.map(([, color]) => color));
    // 99.8999…% displays as 99.89%, and is colored as what it displays.
    expect(uptimeBadge(service('x', 'operational', [0.99899])).color).toBe('green');
  });
});
