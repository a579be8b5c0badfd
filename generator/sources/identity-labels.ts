/**
 * Scoring the identity rules on the labelled set (identity-labels/labels.json): `positive`, the record
 * is that model; `negative`, it must never match that id (another model, a floating alias, one
 * snapshot among several); `no_retirement`, it may match, but its date is a provider's or an
 * alias's and must never become the model's own. Precision counts every wrong match and every
 * wrong retirement: a wrong attachment is worse than a missing one.
 */
import type { LifecycleSource, ModelFacts } from './facts.js';
import { isLifecycleSource } from './facts.js';
import { makerNames, modelShapesOf } from './identity-context.js';
import type { IdentityContext, IdentityMatch } from './identity-match.js';
import { IDENTITY_LABELS, IDENTITY_MODELS, IDENTITY_RECORDS, type LabelledKey } from './identity-labels/labelled-set.js';

export { IDENTITY_LABELS, IDENTITY_MODELS, IDENTITY_RECORDS, type LabelledKey } from './identity-labels/labelled-set.js';

/** Our ids the labelled records are judged against. */
export const IDENTITY_LABEL_IDS: readonly string[] = IDENTITY_MODELS.map((m) => m.id);

/** The labelled records (and the records beside them) as the adapters would give them. */
export function labelledFacts(): ModelFacts[] {
  return IDENTITY_RECORDS.map((r) => {
    const lifecycle = isLifecycleSource(r.source);
    return {
      source: r.source,
      source_key: r.key,
      provider: r.provider,
      author: r.author,
      model_name: r.source === 'modelsdev' ? r.key.slice(r.key.indexOf('/') + 1) : r.key,
      price: r.input === null || r.output === null ? null : { input: r.input, output: r.output, cache_read: null, cache_write: null },
      price_tiers: [],
      context_length: r.context_length,
      max_output: null,
      retirement_date: null,
      deprecated: false,
      benchmarks: {},
      ...(lifecycle
        ? { lifecycle: { source_url: `https://example.com/${r.source as LifecycleSource}`, announced_at: null, deprecated_at: null, state: null, note: null, replacement: null, replacement_names: [], aliases: r.aliases, display_name: r.display_name } }
        : {}),
    };
  });
}

/** What the rules know beside the records: our models' shapes and the makers' own names. */
export function labelledContext(facts: readonly ModelFacts[] = labelledFacts()): IdentityContext {
  return { models: modelShapesOf(IDENTITY_MODELS), ...makerNames(facts) };
}

export interface IdentityScore {
  precision: number;
  recall: number;
  true_positives: number;
  false_positives: number;
  positives: number;
  /** The labelled records judged (a bench on real files skips labels whose key is absent). */
  judged: number;
  errors: string[];
}

export function scoreIdentity(matches: readonly IdentityMatch[], labels: readonly LabelledKey[]): IdentityScore {
  const found = new Map(matches.map((m) => [`${m.source}\u0000${m.source_key}`, m]));
  let tp = 0;
  let fp = 0;
  let positives = 0;
  const errors: string[] = [];
  for (const label of labels) {
    const match = found.get(`${label.source}\u0000${label.key}`);
    if (label.label === 'positive') {
      positives += 1;
      if (match?.model_id === label.model_id) tp += 1;
      else if (match !== undefined) {
        fp += 1;
        errors.push(`${label.source} ${label.key}: matched ${match.model_id}, labelled ${label.model_id}`);
      } else errors.push(`${label.source} ${label.key}: unmatched, labelled ${label.model_id}`);
    } else if (label.label === 'negative' && match?.model_id === label.model_id) {
      fp += 1;
      errors.push(`${label.source} ${label.key}: matched ${label.model_id}, which it must not`);
    } else if (label.label === 'no_retirement' && match?.model_id === label.model_id && match.sets_model_retirement) {
      fp += 1;
      errors.push(`${label.source} ${label.key}: may set the retirement of ${label.model_id}, which it must not`);
    }
  }
  return { precision: tp + fp === 0 ? 1 : tp / (tp + fp), recall: positives === 0 ? 1 : tp / positives, true_positives: tp, false_positives: fp, positives, judged: labels.length, errors };
}
