/**
 * Where the first-party word on a model's retirement (the maker's deprecation page, else LiteLLM's
 * record of the author's own API) differs from another source's date: the first-party word is
 * published, and `update` reports both (data/reports/disagreements.json, `retirements`). Pure.
 */
import { contributeFacts, type FactsByModel } from './facts-merge.js';
import type { ModelRecord } from './types.js';

export interface RetirementDisagreement {
  model_id: string;
  /** The published word: its source, key and date (null: the maker lists the model without a date). */
  source: string;
  source_key: string;
  date: string | null;
  /** Why there is no date, as the maker's page says (`not sooner than 2027-06-09`). */
  note: string | null;
  /** The other sources' dates that differ. */
  others: Array<{ source: string; source_key: string; date: string }>;
}

export function retirementDisagreement(record: ModelRecord, facts: FactsByModel): RetirementDisagreement | null {
  const contribution = contributeFacts(record, facts);
  const own = contribution.authorRetirement;
  if (own === null) return null;
  const others: RetirementDisagreement['others'] = [];
  if (record.retirement_date !== null && record.retirement_date !== own.date) others.push({ source: 'openrouter', source_key: record.upstream_id, date: record.retirement_date });
  // LiteLLM's record of the author's own API, when the maker's page is what is published.
  for (const fact of facts.litellm ?? []) {
    if (own.source === 'litellm' || !fact.match.sets_model_retirement || fact.retirement_date === null || fact.retirement_date === own.date) continue;
    others.push({ source: 'litellm', source_key: fact.source_key, date: fact.retirement_date });
  }
  if (others.length === 0) return null;
  return { model_id: record.id, source: own.source, source_key: own.source_key, date: own.date, note: contribution.maker?.note ?? null, others };
}
