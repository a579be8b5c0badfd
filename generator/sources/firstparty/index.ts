/**
 * The model makers' own deprecation pages as fact sources (first party: they beat every
 * aggregator for retirement dates and replacements). Each is fetch → parse (an ajv-checked
 * intermediate shape) → translate, like every adapter; the registry names each page's live
 * address (the machine-friendly Markdown forms), the page for people, and the environment
 * variable that points it elsewhere (tests, replays).
 */
import type { HttpClient } from '../../http/client.js';
import type { FactsObservation, LifecycleSource } from '../facts.js';
import { parseAnthropicPage } from './anthropic.js';
import { fetchMistralFiles, fetchPage } from './fetch.js';
import { parseGooglePage } from './google.js';
import { parseMistralDefinitions } from './mistral.js';
import { parseOpenAiPage } from './openai.js';
import type { ParsedLifecyclePage } from './schema.js';
import { translateLifecyclePage, type LifecyclePageInfo } from './translate.js';
import { parseXaiGuide } from './xai.js';
import { LIFECYCLE_PAGE_ADDRESSES, type LifecyclePageAddress } from './pages.js';

export interface LifecyclePage extends LifecyclePageInfo, LifecyclePageAddress {
  read(http: HttpClient, url: string): Promise<ParsedLifecyclePage>;
}

const page = (parse: (text: string, url: string) => ParsedLifecyclePage, source: LifecycleSource) => async (http: HttpClient, url: string) => parse(await fetchPage(http, url, source), url);

const ADDRESS = LIFECYCLE_PAGE_ADDRESSES;

export const LIFECYCLE_PAGES: Record<LifecycleSource, LifecyclePage> = {
  'anthropic-deprecations': {
    source: 'anthropic-deprecations',
    ...ADDRESS['anthropic-deprecations'],
    announcementIsDeprecation: true,
    aliasesRetire: false,
    read: page(parseAnthropicPage, 'anthropic-deprecations'),
  },
  'openai-deprecations': {
    source: 'openai-deprecations',
    ...ADDRESS['openai-deprecations'],
    announcementIsDeprecation: true,
    aliasesRetire: true,
    read: page(parseOpenAiPage, 'openai-deprecations'),
  },
  'google-deprecations': {
    source: 'google-deprecations',
    ...ADDRESS['google-deprecations'],
    announcementIsDeprecation: false,
    aliasesRetire: false,
    read: page(parseGooglePage, 'google-deprecations'),
  },
  'mistral-deprecations': {
    source: 'mistral-deprecations',
    ...ADDRESS['mistral-deprecations'],
    announcementIsDeprecation: false,
    aliasesRetire: false,
    read: async (http, url) => parseMistralDefinitions(await fetchMistralFiles(http, url), url),
  },
  'xai-deprecations': {
    source: 'xai-deprecations',
    ...ADDRESS['xai-deprecations'],
    announcementIsDeprecation: false,
    aliasesRetire: false,
    read: page(parseXaiGuide, 'xai-deprecations'),
  },
};

export function lifecycleUrl(source: LifecycleSource, env: NodeJS.ProcessEnv = process.env): string {
  const entry = LIFECYCLE_PAGES[source];
  return env[entry.envName]?.trim() || entry.defaultUrl;
}

/** One page as facts: fetch → parse → translate. Throws UpstreamError when unusable. */
export async function readLifecyclePage(http: HttpClient, source: LifecycleSource, url: string): Promise<FactsObservation> {
  const entry = LIFECYCLE_PAGES[source];
  return translateLifecyclePage(await entry.read(http, url), entry);
}

export { parseAnthropicPage, parseGooglePage, parseMistralDefinitions, parseOpenAiPage, parseXaiGuide, translateLifecyclePage };
