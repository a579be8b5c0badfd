/**
 * The publishing side of the duplicate check (pure; docs/data.md, "Identity"): no two published
 * models are one model. `update` merges what the identity rules can (a maker's own model becomes
 * `part_of` another, its records joining that model: sources/first-party-merge.ts) and reports the
 * pairs it cannot as DuplicateModelsError. The build never publishes such a pair: of each pair it
 * lists one model, and publishes the other as `part_of` it (its detail stays at its address, left
 * out of every list, never on sale). Which one stays: a listed model before a delisted one,
 * OpenRouter's before a maker's own, the one seen first, then the id.
 */
import type { ModelRecord } from '../models/types.js';
import { findDuplicateModels } from '../sources/duplicate-models.js';
import { LIFECYCLE_SOURCES } from '../sources/facts.js';
import type { Dataset } from '../store/data-store.js';

const cached = new WeakMap<Dataset, Map<string, string>>();

const rank = (r: ModelRecord) => [r.delisted_at === null ? 0 : 1, r.origin === 'first-party' ? 1 : 0, r.first_seen_at, r.id] as const;
const before = (a: ModelRecord, b: ModelRecord) => {
  const [x, y] = [rank(a), rank(b)];
  for (let i = 0; i < x.length; i++) if (x[i] !== y[i]) return x[i]! < y[i]!;
  return false;
};

/** Each model published as part of another: the stored `part_of`, and one of each pair the check still finds. */
export function publishedPartOf(dataset: Dataset): Map<string, string> {
  let out = cached.get(dataset);
  if (out !== undefined) return out;
  out = new Map();
  for (const r of dataset.models.values()) if (r.part_of !== undefined) out.set(r.id, r.part_of);
  const lifecycle = LIFECYCLE_SOURCES.flatMap((s) => dataset.facts[s]?.facts ?? []);
  // Pairs join into groups (a model one with two others is one group): each group keeps its first.
  const group = new Map<string, string>();
  const find = (id: string): string => {
    const up = group.get(id);
    return up === undefined || up === id ? id : find(up);
  };
  for (const { models: [a, b] } of findDuplicateModels(dataset.models.values(), lifecycle)) {
    const [ra, rb] = [find(a), find(b)];
    if (ra === rb) continue;
    const keep = before(dataset.models.get(ra)!, dataset.models.get(rb)!) ? ra : rb;
    group.set(ra, keep);
    group.set(rb, keep);
  }
  for (const id of group.keys()) if (find(id) !== id && !out.has(id)) out.set(id, find(id));
  cached.set(dataset, out);
  return out;
}

/** The record as published: with `part_of` where the build publishes it as part of another. */
export function asPublished(record: ModelRecord, partOf: ReadonlyMap<string, string>): ModelRecord {
  const whole = partOf.get(record.id);
  return whole === undefined || record.part_of === whole ? record : { ...record, part_of: whole };
}
