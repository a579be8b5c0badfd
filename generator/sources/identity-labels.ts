/**
 * The labelled identity set: source records paired by hand with our ids, each checked by reading
 * the recorded files in ../shared/upstream (LiteLLM 2026-08-01, models.dev 2026-06-13, Artificial
 * Analysis 2026-03-25, OpenRouter 2026-03-29..08-01). Only keys and ids, not copies of the files.
 * `positive`: the record is that model. `negative`: it must never match that id (a different
 * model, or one snapshot among several). `no_retirement`: it may match, but its date is a
 * provider's or an alias's and must never become the model's own.
 */
import type { FactSource } from './facts.js';
import type { IdentityMatch } from './identity-match.js';

export interface LabelledKey {
  source: FactSource;
  key: string;
  /** The record's provider in the source's vocabulary (null for Artificial Analysis). */
  provider: string | null;
  /** Set for first-party records (the adapters' `author`). */
  author: string | null;
  label: 'positive' | 'negative' | 'no_retirement';
  model_id: string;
}

const l = (source: FactSource, key: string, provider: string | null, author: string | null, label: LabelledKey['label'], model_id: string): LabelledKey => ({ source, key, provider, author, label, model_id });

export const IDENTITY_LABELS: readonly LabelledKey[] = [
  l('litellm', 'claude-sonnet-4-20250514', 'anthropic', 'anthropic', 'positive', 'anthropic/claude-sonnet-4'),
  l('litellm', 'claude-opus-4-20250514', 'anthropic', 'anthropic', 'positive', 'anthropic/claude-opus-4'),
  l('litellm', 'claude-opus-4-1-20250805', 'anthropic', 'anthropic', 'positive', 'anthropic/claude-opus-4.1'),
  l('litellm', 'claude-opus-4-1', 'anthropic', 'anthropic', 'positive', 'anthropic/claude-opus-4.1'),
  l('litellm', 'claude-sonnet-4-5', 'anthropic', 'anthropic', 'positive', 'anthropic/claude-sonnet-4.5'),
  l('litellm', 'xai/grok-4-0709', 'xai', 'xai', 'positive', 'x-ai/grok-4'),
  l('litellm', 'xai/grok-4', 'xai', 'xai', 'positive', 'x-ai/grok-4'),
  l('litellm', 'xai/grok-4-fast-reasoning', 'xai', 'xai', 'positive', 'x-ai/grok-4-fast'),
  l('litellm', 'xai/grok-4-fast-non-reasoning', 'xai', 'xai', 'positive', 'x-ai/grok-4-fast'),
  l('litellm', 'xai/grok-4-1-fast-reasoning', 'xai', 'xai', 'positive', 'x-ai/grok-4.1-fast'),
  l('litellm', 'xai/grok-3', 'xai', 'xai', 'positive', 'x-ai/grok-3'),
  l('litellm', 'xai/grok-3-latest', 'xai', 'xai', 'positive', 'x-ai/grok-3'),
  l('litellm', 'anthropic.claude-sonnet-4-20250514-v1:0', 'bedrock_converse', null, 'positive', 'anthropic/claude-sonnet-4'),
  l('litellm', 'us.anthropic.claude-opus-4-1-20250805-v1:0', 'bedrock_converse', null, 'positive', 'anthropic/claude-opus-4.1'),
  l('litellm', 'apac.anthropic.claude-sonnet-4-20250514-v1:0', 'bedrock_converse', null, 'positive', 'anthropic/claude-sonnet-4'),
  l('litellm', 'vertex_ai/claude-opus-4', 'vertex_ai-anthropic_models', null, 'positive', 'anthropic/claude-opus-4'),
  l('litellm', 'gemini/gemini-2.5-pro', 'gemini', 'google', 'positive', 'google/gemini-2.5-pro'),
  l('litellm', 'azure/gpt-4.1-2025-04-14', 'azure', null, 'positive', 'openai/gpt-4.1'),
  l('litellm', 'deepinfra/google/gemini-2.5-pro', 'deepinfra', null, 'positive', 'google/gemini-2.5-pro'),
  l('litellm', 'moonshot/kimi-k2-thinking', 'moonshot', 'moonshot', 'positive', 'moonshotai/kimi-k2-thinking'),
  l('modelsdev', 'anthropic/claude-sonnet-4-20250514', 'anthropic', 'anthropic', 'positive', 'anthropic/claude-sonnet-4'),
  l('modelsdev', 'google-vertex/claude-sonnet-4@20250514', 'google-vertex', null, 'positive', 'anthropic/claude-sonnet-4'),
  l('modelsdev', 'amazon-bedrock/anthropic.claude-opus-4-1-20250805-v1:0', 'amazon-bedrock', null, 'positive', 'anthropic/claude-opus-4.1'),
  l('modelsdev', 'xai/grok-4.20-0309-reasoning', 'xai', 'xai', 'positive', 'x-ai/grok-4.20'),
  l('modelsdev', 'azure/claude-opus-4-1', 'azure', null, 'positive', 'anthropic/claude-opus-4.1'),
  l('artificialanalysis', 'anthropic/claude-4-sonnet', null, 'anthropic', 'positive', 'anthropic/claude-sonnet-4'),
  l('artificialanalysis', 'anthropic/claude-4-1-opus', null, 'anthropic', 'positive', 'anthropic/claude-opus-4.1'),
  l('artificialanalysis', 'xai/grok-4', null, 'xai', 'positive', 'x-ai/grok-4'),
  l('artificialanalysis', 'deepseek/deepseek-v3-2', null, 'deepseek', 'positive', 'deepseek/deepseek-v3.2'),

  l('litellm', 'claude-sonnet-4-5', 'anthropic', 'anthropic', 'negative', 'anthropic/claude-sonnet-4'),
  l('litellm', 'claude-sonnet-4-5-20250929', 'anthropic', 'anthropic', 'negative', 'anthropic/claude-sonnet-4'),
  l('litellm', 'azure/gpt-4o-2024-08-06', 'azure', null, 'negative', 'openai/gpt-4o'),
  l('litellm', 'gpt-4-0613', 'openai', 'openai', 'negative', 'openai/gpt-4'),
  l('litellm', 'gpt-4-0125-preview', 'openai', 'openai', 'negative', 'openai/gpt-4'),
  l('litellm', 'azure/eu/o1-preview-2024-09-12', 'azure', null, 'negative', 'openai/o1'),
  l('litellm', 'o1-preview', 'openai', 'openai', 'negative', 'openai/o1'),
  l('litellm', 'azure_ai/Phi-4-reasoning', 'azure_ai', null, 'negative', 'microsoft/phi-4'),
  l('litellm', 'perplexity/sonar-reasoning', 'perplexity', null, 'negative', 'perplexity/sonar'),
  l('litellm', 'deepseek/deepseek-chat', 'deepseek', 'deepseek', 'negative', 'deepseek/deepseek-chat'),
  l('litellm', 'gemini/gemini-2.5-flash-lite-preview-06-17', 'gemini', 'google', 'negative', 'google/gemini-2.5-flash-lite'),
  l('litellm', 'openrouter/anthropic/claude-opus-4', 'openrouter', null, 'negative', 'anthropic/claude-opus-4'),
  l('litellm', 'ft:gpt-4o-2024-08-06', 'openai', 'openai', 'negative', 'openai/gpt-4o-2024-08-06'),
  l('litellm', 'xai/grok-4-1-fast-reasoning', 'xai', 'xai', 'negative', 'x-ai/grok-4-fast'),
  l('artificialanalysis', 'anthropic/claude-4-sonnet-thinking', null, 'anthropic', 'negative', 'anthropic/claude-sonnet-4'),
  l('artificialanalysis', 'deepseek/deepseek-v3-2-reasoning', null, 'deepseek', 'negative', 'deepseek/deepseek-v3.2'),
  l('litellm', 'azure/gpt-4.1-2025-04-14', 'azure', null, 'no_retirement', 'openai/gpt-4.1'),
  l('litellm', 'xai/grok-4-1-fast-reasoning-latest', 'xai', 'xai', 'no_retirement', 'x-ai/grok-4.1-fast'),
  l('modelsdev', 'azure/claude-opus-4-1', 'azure', null, 'no_retirement', 'anthropic/claude-opus-4.1'),
];

/** Records present next to the labelled ones in the real files, which the rules must see too. */
export const IDENTITY_CONTEXT: ReadonlyArray<Omit<LabelledKey, 'label' | 'model_id'>> = [
  { source: 'litellm', key: 'azure/gpt-4o-2024-05-13', provider: 'azure', author: null },
  { source: 'litellm', key: 'azure/gpt-4o-2024-11-20', provider: 'azure', author: null },
  { source: 'litellm', key: 'gpt-4-0314', provider: 'openai', author: 'openai' },
  { source: 'modelsdev', key: 'xai/grok-4.20-0309-non-reasoning', provider: 'xai', author: 'xai' },
  { source: 'litellm', key: 'xai/grok-4-1-fast-non-reasoning', provider: 'xai', author: 'xai' },
];

/** Our ids the labelled records are judged against (OpenRouter lists or listed each). */
export const IDENTITY_LABEL_IDS: readonly string[] = [
  'anthropic/claude-sonnet-4', 'anthropic/claude-opus-4', 'anthropic/claude-opus-4.1', 'anthropic/claude-sonnet-4.5',
  'x-ai/grok-4', 'x-ai/grok-4-fast', 'x-ai/grok-4.1-fast', 'x-ai/grok-3', 'x-ai/grok-4.20', 'google/gemini-2.5-pro',
  'google/gemini-2.5-flash-lite', 'openai/gpt-4.1', 'openai/gpt-4o', 'openai/gpt-4o-2024-08-06', 'openai/gpt-4', 'openai/gpt-4-0314', 'openai/o1',
  'microsoft/phi-4', 'perplexity/sonar', 'deepseek/deepseek-chat', 'deepseek/deepseek-v3.2', 'moonshotai/kimi-k2-thinking',
];

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

/** Precision and recall of `matches` on the labelled set; precision counts every wrong match and wrong retirement. */
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
