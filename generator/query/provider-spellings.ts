/**
 * The providers' common spellings (`google`, `gemini`, `bedrock`, `x-ai`, LiteLLM's `vertex_ai`)
 * read as this API's provider ids (docs/data.md, "Providers"). Pure, no Node imports: the
 * resolver (query/resolve.ts) is bundled in the client, the package and the Worker.
 */

/** Common spellings of the providers' ids (this API's own ids are in docs/data.md, "Providers"). */
export const PROVIDER_SPELLINGS: Readonly<Record<string, string>> = {
  google: 'google-ai-studio',
  gemini: 'google-ai-studio',
  'google-ai': 'google-ai-studio',
  'google-gemini': 'google-ai-studio',
  vertex: 'google-vertex',
  'vertex-ai': 'google-vertex',
  'google-vertex-ai': 'google-vertex',
  bedrock: 'amazon-bedrock',
  aws: 'amazon-bedrock',
  'aws-bedrock': 'amazon-bedrock',
  'bedrock-converse': 'amazon-bedrock',
  'bedrock-mantle': 'amazon-bedrock',
  amazon: 'amazon-bedrock',
  'x-ai': 'xai',
  grok: 'xai',
  'azure-openai': 'azure',
  'azure-ai': 'azure',
  'mistral-ai': 'mistral',
  mistralai: 'mistral',
  codestral: 'mistral',
  'open-ai': 'openai',
  claude: 'anthropic',
  'cohere-chat': 'cohere',
  moonshot: 'moonshotai',
  zai: 'z-ai',
  zhipuai: 'z-ai',
  'together-ai': 'together',
  togetherai: 'together',
  'fireworks-ai': 'fireworks',
  'open-router': 'openrouter',
};

/** Our provider id for a spelling: lower case, `_`, spaces and dots read as `-`, common spellings mapped. */
export function canonicalProvider(spelling: string): string {
  const key = spelling.trim().toLowerCase().replace(/[_\s.]+/g, '-');
  return PROVIDER_SPELLINGS[key] ?? key;
}
