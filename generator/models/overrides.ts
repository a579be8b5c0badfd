/**
 * Applies curated overrides (data/overrides.json) to a model record and says, per field group,
 * where each published value came from. Pure.
 */
import { FACT_SOURCES } from '../sources/facts.js';
import type { ModelRecord } from './types.js';
import type { Correction as PriceCorrection } from './witness/judge.js';

/** Model fields an override may correct (data/overrides.json, read by store/overrides.ts); everything else comes from upstream. */
export const CORRECTABLE_FIELDS = ['name', 'context_length', 'max_output', 'capabilities.vision', 'capabilities.reasoning', 'capabilities.tools', 'benchmarks.intelligence_index', 'benchmarks.coding_index', 'benchmarks.math_index'] as const;
export type CorrectableField = (typeof CORRECTABLE_FIELDS)[number];

export interface Correction {
  field: CorrectableField;
  value: string | number | boolean | null;
  reason: string;
  source_url: string;
}

export interface ModelOverride {
  retirement?: { date: string; source_url: string; replacement?: string | null; reason?: string };
  corrections?: Correction[];
}

export const PROVENANCE_SOURCES = ['openrouter', ...FACT_SOURCES, 'maker', 'override'] as const;
export type ProvenanceSource = (typeof PROVENANCE_SOURCES)[number];

export interface FieldProvenance {
  source: ProvenanceSource;
  url: string;
}

export interface Provenance {
  price: FieldProvenance | null;
  benchmarks: FieldProvenance;
  retirement_date: FieldProvenance | null;
  corrections: Correction[];
  /** Prices a source showed and later corrected (models/witness/judge.ts): never price changes, kept here. */
  price_corrections: PriceCorrection[];
}

export interface OverriddenModel {
  record: ModelRecord;
  provenance: Provenance;
  replacement: string | null;
  retirementSourceUrl: string | null;
}

function setField(record: ModelRecord, correction: Correction): ModelRecord {
  const [group, key] = correction.field.split('.') as [string, string | undefined];
  if (key === undefined) return { ...record, [group]: correction.value };
  const inner = record[group as 'capabilities' | 'benchmarks'] as unknown as Record<string, unknown>;
  return { ...record, [group]: { ...inner, [key]: correction.value } };
}

/** Where the upstream values of each field group came from, before overrides. */
export interface UpstreamProvenance {
  price: FieldProvenance;
  benchmarks: FieldProvenance;
  retirement_date: FieldProvenance;
}

/** The same source for every field group: a model known only from its catalog entry. */
export function singleSource(source: ProvenanceSource, url: string): UpstreamProvenance {
  const provenance: FieldProvenance = { source, url };
  return { price: provenance, benchmarks: provenance, retirement_date: provenance };
}

export function applyOverride(record: ModelRecord, override: ModelOverride | undefined, upstream: UpstreamProvenance, priceCorrections: readonly PriceCorrection[] = []): OverriddenModel {
  let next = record;
  for (const correction of override?.corrections ?? []) next = setField(next, correction);
  const corrected = new Set((override?.corrections ?? []).map((c) => c.field.split('.')[0]));
  const retirement = override?.retirement;
  if (retirement !== undefined) next = { ...next, retirement_date: retirement.date };
  const overridden = (url: string): FieldProvenance => ({ source: 'override', url });
  const benchmarkFix = override?.corrections?.find((c) => c.field.startsWith('benchmarks.'));
  return {
    record: next,
    provenance: {
      price: record.price_history.length === 0 ? null : upstream.price,
      benchmarks: corrected.has('benchmarks') && benchmarkFix ? overridden(benchmarkFix.source_url) : upstream.benchmarks,
      retirement_date: retirement !== undefined ? overridden(retirement.source_url) : record.retirement_date !== null ? upstream.retirement_date : null,
      corrections: override?.corrections ?? [],
      price_corrections: [...priceCorrections],
    },
    replacement: retirement?.replacement ?? null,
    retirementSourceUrl: retirement?.source_url ?? (record.retirement_date !== null ? upstream.retirement_date.url : null),
  };
}
