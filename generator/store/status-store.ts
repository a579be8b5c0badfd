import { join } from 'node:path';
import type { ServiceHistory } from '../status/history.js';
import { INCIDENT_SOURCES } from '../status/history.js';
import { DOWNTIME_STATUSES, INCIDENT_IMPACTS, INCIDENT_STATUSES, OFFICIAL_INDICATORS } from '../status/types.js';
import { calendarDate, isoTime, nullableIsoTime } from '../validation/common-schemas.js';
import { compileValidator, createAjv } from '../validation/ajv.js';
import { DataFileError, listDataFiles, readJsonFile, resolveInside, writeFileAtomic } from './files.js';
import { DATA_FILES } from './layout.js';
import { stableStringify } from '../text/stable-json.js';
import { asStore, type StoreRef } from './store.js';

const nullableString = { type: ['string', 'null'] } as const;

const officialIncident = {
  type: 'object',
  required: ['id', 'name', 'status', 'impact', 'started_at', 'updated_at', 'url'],
  additionalProperties: false,
  properties: {
    id: { type: 'string' },
    name: { type: 'string' },
    status: { enum: [...INCIDENT_STATUSES] },
    impact: { enum: [...INCIDENT_IMPACTS] },
    started_at: nullableIsoTime,
    updated_at: nullableIsoTime,
    url: nullableString,
  },
} as const;

/** The schema of data/status/<service_id>.json. */
export const serviceHistorySchema = {
  type: 'object',
  required: ['id', 'official', 'probe', 'days', 'incidents'],
  additionalProperties: false,
  properties: {
    id: { type: 'string', pattern: '^[a-z0-9][a-z0-9-]*$' },
    official: {
      type: 'object',
      required: ['snapshot', 'fetched_at', 'last_attempt_at', 'error'],
      additionalProperties: false,
      properties: {
        snapshot: {
          type: ['object', 'null'],
          required: ['indicator', 'description', 'url', 'active_incidents', 'components'],
          additionalProperties: false,
          properties: {
            indicator: { enum: [...OFFICIAL_INDICATORS] },
            description: { type: 'string' },
            url: { type: 'string' },
            active_incidents: { type: 'array', items: officialIncident },
            components: {
              type: 'array',
              items: { type: 'object', required: ['name', 'status'], additionalProperties: false, properties: { name: { type: 'string' }, status: { type: 'string' } } },
            },
          },
        },
        fetched_at: nullableIsoTime,
        last_attempt_at: nullableIsoTime,
        error: nullableString,
      },
    },
    probe: {
      type: ['object', 'null'],
      required: ['ok', 'latency_ms', 'http_status', 'checked_at', 'error', 'attempts'],
      additionalProperties: false,
      properties: {
        ok: { type: ['boolean', 'null'] },
        latency_ms: { type: ['integer', 'null'], minimum: 0 },
        http_status: { type: ['integer', 'null'] },
        checked_at: isoTime,
        error: nullableString,
        attempts: { type: 'integer', minimum: 0 },
      },
    },
    days: {
      type: 'array',
      items: {
        type: 'object',
        required: ['date', 'probes', 'ok'],
        additionalProperties: false,
        properties: { date: calendarDate, probes: { type: 'integer', minimum: 1 }, ok: { type: 'integer', minimum: 0 } },
      },
    },
    incidents: {
      type: 'array',
      items: {
        type: 'object',
        required: [...officialIncident.required, 'source', 'resolved_at'],
        additionalProperties: false,
        properties: {
          ...officialIncident.properties,
          source: { enum: [...INCIDENT_SOURCES] },
          resolved_at: nullableIsoTime,
          components: { type: 'array', items: { type: 'string' } },
          worst_status: { enum: [...DOWNTIME_STATUSES, null] },
        },
      },
    },
    history: {
      type: 'object',
      required: ['covered_from', 'fetched_at', 'last_attempt_at', 'error'],
      additionalProperties: false,
      properties: { covered_from: { type: ['string', 'null'], format: 'date' }, fetched_at: nullableIsoTime, last_attempt_at: nullableIsoTime, error: nullableString },
    },
  },
} as const;

const isServiceHistory = compileValidator<ServiceHistory>(createAjv(), serviceHistorySchema);

export async function loadStatusHistories(ref: StoreRef): Promise<Map<string, ServiceHistory>> {
  const root = asStore(ref).rootOf(DATA_FILES.status);
  const files = await listDataFiles(root, DATA_FILES.status.slice(0, -1), 1, '.json');
  const histories = new Map<string, ServiceHistory>();
  for (const file of files) {
    const path = join(root, file);
    const history = await readJsonFile(path, null);
    if (!isServiceHistory(history)) throw new DataFileError(path, `does not match the status history schema: ${isServiceHistory.errors()}`);
    if (`status/${history.id}.json` !== file) throw new DataFileError(path, `holds service ${history.id}, which belongs in status/${history.id}.json`);
    histories.set(history.id, history);
  }
  return histories;
}

export async function saveStatusHistories(ref: StoreRef, histories: Iterable<ServiceHistory>): Promise<void> {
  const list = [...histories];
  for (const history of list) {
    if (!isServiceHistory(history as unknown)) throw new DataFileError(history.id, `status history would be stored invalid: ${isServiceHistory.errors()}`);
  }
  for (const history of list) await writeFileAtomic(resolveInside(asStore(ref).path(DATA_FILES.status), `${history.id}.json`), stableStringify(history));
}
