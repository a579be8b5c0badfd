/** Where each maker's deprecation page lives: what we fetch, and the page for people we link to. */
import type { LifecycleSource } from '../facts.js';

export interface LifecyclePageAddress {
  /** The maker as the other sources name it (`anthropic`, `openai`, `google`, `mistral`, `xai`). */
  maker: string;
  /** What we fetch: the Markdown form (Mistral: the folder of its model definitions). */
  defaultUrl: string;
  /** The page for people, published as `source_url`. */
  pageUrl: string;
  /** Overrides `defaultUrl` (the full URL; for Mistral the folder URL). */
  envName: string;
}

export const LIFECYCLE_PAGE_ADDRESSES: Record<LifecycleSource, LifecyclePageAddress> = {
  'anthropic-deprecations': {
    maker: 'anthropic',
    defaultUrl: 'https://platform.claude.com/docs/en/about-claude/model-deprecations.md',
    pageUrl: 'https://platform.claude.com/docs/en/about-claude/model-deprecations',
    envName: 'MODELPULSE_ANTHROPIC_DEPRECATIONS_URL',
  },
  'openai-deprecations': {
    maker: 'openai',
    defaultUrl: 'https://developers.openai.com/api/docs/deprecations.md',
    pageUrl: 'https://developers.openai.com/api/docs/deprecations',
    envName: 'MODELPULSE_OPENAI_DEPRECATIONS_URL',
  },
  'google-deprecations': {
    maker: 'google',
    defaultUrl: 'https://ai.google.dev/gemini-api/docs/deprecations.md.txt',
    pageUrl: 'https://ai.google.dev/gemini-api/docs/deprecations',
    envName: 'MODELPULSE_GOOGLE_DEPRECATIONS_URL',
  },
  'mistral-deprecations': {
    maker: 'mistral',
    defaultUrl: 'https://raw.githubusercontent.com/mistralai/platform-docs-public/main/src/schema/models/models',
    // Each model has its own page (docs.mistral.ai/models/<slug>); this is the lifecycle policy.
    pageUrl: 'https://docs.mistral.ai/inference/model-lifecycle',
    envName: 'MODELPULSE_MISTRAL_DEPRECATIONS_URL',
  },
  'xai-deprecations': {
    maker: 'xai',
    // One guide per retirement wave; a new wave's guide is added here (see docs/data.md).
    defaultUrl: 'https://docs.x.ai/developers/migration/may-15-retirement.md',
    pageUrl: 'https://docs.x.ai/developers/migration/may-15-retirement',
    envName: 'MODELPULSE_XAI_DEPRECATIONS_URL',
  },
};
