/**
 * One provider, one id, whatever the source calls it (docs/data.md, "Providers"): OpenRouter's
 * provider slugs (its endpoint tags before the `/`: `amazon-bedrock`, `google-vertex`,
 * `fireworks`) are the canonical ids, and LiteLLM's and models.dev's names map onto them
 * (`bedrock`, `bedrock_converse` and models.dev's `amazon-bedrock` are all `amazon-bedrock`). And
 * which kind of offer a source key is: a provider's headline price (`standard`) or a regional,
 * data-zone, provisioned (commitment), batch or fine-tune price, which never is. Pure.
 */

export const OFFER_KINDS = ['standard', 'regional', 'data_zone', 'provisioned', 'batch', 'fine_tune', 'time_window'] as const;
export type OfferKind = (typeof OFFER_KINDS)[number];

/** Source names → canonical ids, where they differ (anything else: lower-cased, `_` read as `-`). */
export const PROVIDER_ALIASES: Readonly<Record<string, string>> = {
  // LiteLLM
  'text-completion-openai': 'openai',
  azure_ai: 'azure',
  azure_text: 'azure',
  bedrock: 'amazon-bedrock',
  bedrock_converse: 'amazon-bedrock',
  bedrock_mantle: 'amazon-bedrock',
  vertex_ai: 'google-vertex',
  gemini: 'google-ai-studio',
  palm: 'google-ai-studio',
  codestral: 'mistral',
  'text-completion-codestral': 'mistral',
  fireworks_ai: 'fireworks',
  together_ai: 'together',
  cohere_chat: 'cohere',
  dashscope: 'alibaba',
  moonshot: 'moonshotai',
  zai: 'z-ai',
  lambda_ai: 'lambda',
  featherless_ai: 'featherless',
  friendliai: 'friendli',
  vercel_ai_gateway: 'vercel',
  meta_llama: 'meta',
  // models.dev
  google: 'google-ai-studio',
  'fireworks-ai': 'fireworks',
  togetherai: 'together',
  // genai-prices (its `google` is models.dev's, the Gemini API's prices)
  aws: 'amazon-bedrock',
  'x-ai': 'xai',
  zhipuai: 'z-ai',
};

/** Display names of the canonical ids (OpenRouter's spelling where it lists the provider). */
export const PROVIDER_NAMES: Readonly<Record<string, string>> = {
  openai: 'OpenAI',
  anthropic: 'Anthropic',
  azure: 'Azure',
  'amazon-bedrock': 'Amazon Bedrock',
  'google-vertex': 'Google Vertex',
  'google-ai-studio': 'Google AI Studio',
  mistral: 'Mistral',
  xai: 'xAI',
  deepseek: 'DeepSeek',
  groq: 'Groq',
  cerebras: 'Cerebras',
  together: 'Together',
  fireworks: 'Fireworks',
  deepinfra: 'DeepInfra',
  perplexity: 'Perplexity',
  cohere: 'Cohere',
  alibaba: 'Alibaba',
  moonshotai: 'Moonshot AI',
  'z-ai': 'Z.AI',
  minimax: 'MiniMax',
  ai21: 'AI21',
  sambanova: 'SambaNova',
  nebius: 'Nebius',
  novita: 'NovitaAI',
  hyperbolic: 'Hyperbolic',
  lambda: 'Lambda',
  huggingface: 'Hugging Face',
  openrouter: 'OpenRouter',
  vercel: 'Vercel AI Gateway',
  replicate: 'Replicate',
  cloudflare: 'Cloudflare',
  baseten: 'Baseten',
  '302ai': '302.AI',
  aihubmix: 'AIHubMix',
  avian: 'Avian',
  doubleword: 'Doubleword',
  ovhcloud: 'OVHcloud',
  voyageai: 'Voyage AI',
};

/** `bedrock_converse` → `amazon-bedrock`; an OpenRouter tag (`fireworks/fast`) → `fireworks`. */
export function providerId(name: string): string {
  const base = name.split('/')[0]!.trim();
  const key = base.toLowerCase();
  if (key.startsWith('vertex_ai-')) return 'google-vertex';
  return PROVIDER_ALIASES[key] ?? key.replace(/[_\s.]+/g, '-');
}

/** genai-prices' Hugging Face router lanes (`huggingface_novita` → `huggingface-novita`): Hugging Face reselling a host. */
const HUGGING_FACE_LANE = /^huggingface-(.+)$/;

export function providerName(id: string, fallback: string | null = null): string {
  const lane = HUGGING_FACE_LANE.exec(id);
  return PROVIDER_NAMES[id] ?? fallback ?? (lane === null ? id : `Hugging Face (${PROVIDER_NAMES[lane[1]!] ?? lane[1]})`);
}

export interface OfferPlace {
  kind: OfferKind;
  /** The region or data zone the price holds in (`us-gov-east-1`, `eu`), or null. */
  region: string | null;
}

const DATA_ZONES = ['us', 'eu', 'apac', 'au', 'jp', 'ca', 'us-gov', 'in', 'sa'];

/**
 * Where a direct offer's price holds, from its source key: Bedrock's region paths
 * (`bedrock/us-gov-east-1/…`) and commitment terms (`…/1-month-commitment/…`), Bedrock's
 * cross-region inference profiles (`us.anthropic.…`; `global.` is the standard endpoint), Azure's
 * data zones (`azure/eu/…`), batch and fine-tuning keys (`ft:`, genai-prices' `<base>.ft-`). Everything else is the standard offer.
 */
export function offerPlace(sourceKey: string): OfferPlace {
  const key = sourceKey.toLowerCase();
  const segments = key.split('/');
  const name = segments.at(-1)!;
  // genai-prices names its price of a base model's fine-tunes `<base>.ft-` (`gpt-4o-mini-2024-07-18.ft-`).
  if (key.startsWith('ft:') || key.includes('/ft:') || /(^|\/)ft-/.test(key) || key.endsWith('.ft-')) return { kind: 'fine_tune', region: null };
  const commitment = segments.findIndex((s) => /^\d+-month-commitment$/.test(s));
  if (commitment !== -1) {
    const region = segments[commitment - 1];
    return { kind: 'provisioned', region: region === undefined || region === '*' || region === 'bedrock' ? null : region };
  }
  if (/(^|[-_/])batch(es)?($|[-_/])/.test(key)) return { kind: 'batch', region: null };
  const regional = segments.slice(0, -1).find((s) => /^[a-z]{2}(?:-gov)?-[a-z]+-\d$/.test(s));
  if (regional !== undefined) return { kind: 'regional', region: regional };
  if (segments[0] === 'azure' && segments.length > 2 && DATA_ZONES.includes(segments[1]!)) return { kind: 'data_zone', region: segments[1]! };
  // genai-prices' Bedrock `regional.` prices: in-region endpoints (it names no region), beside the `global.` standard ones.
  if (name.startsWith('regional.')) return { kind: 'regional', region: null };
  const zone = /^([a-z]{2,4}(?:-gov)?)\.[a-z0-9]+\./.exec(name);
  if (zone !== null && DATA_ZONES.includes(zone[1]!)) return { kind: 'data_zone', region: zone[1]! };
  return { kind: 'standard', region: null };
}
