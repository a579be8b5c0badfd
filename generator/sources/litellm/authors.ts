/**
 * LiteLLM providers that are the model's own author (the lab's first-party API), with the author's
 * name. Every other provider (bedrock, azure, vertex_ai-*_models, groq, together_ai, openrouter…)
 * hosts other labs' models, so its records get `author: null`. Checked against the 2026-08 file:
 * each provider here lists only its own lab's models (perplexity is absent: it lists Llama and
 * Mixtral too; `vertex_ai` is absent: it lists Grok).
 */
export const AUTHOR_BY_PROVIDER = {
  openai: 'openai',
  'text-completion-openai': 'openai',
  anthropic: 'anthropic',
  mistral: 'mistral',
  codestral: 'mistral',
  'text-completion-codestral': 'mistral',
  deepseek: 'deepseek',
  xai: 'xai',
  gemini: 'google',
  'vertex_ai-language-models': 'google',
  palm: 'google',
  cohere: 'cohere',
  cohere_chat: 'cohere',
  dashscope: 'alibaba',
  moonshot: 'moonshot',
  zai: 'zai',
  minimax: 'minimax',
  ai21: 'ai21',
  amazon_nova: 'amazon',
  meta_llama: 'meta',
} as const satisfies Record<string, string>;

export function authorOf(provider: string): string | null {
  return Object.hasOwn(AUTHOR_BY_PROVIDER, provider) ? AUTHOR_BY_PROVIDER[provider as keyof typeof AUTHOR_BY_PROVIDER] : null;
}
