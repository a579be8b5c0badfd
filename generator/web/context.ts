import { createClient, type ApiResponse } from '../client/client.js';

/** The published client (/api/v1/client.js), bound to the site this page was loaded from. */
export const api = createClient();

export interface PageContext {
  main: HTMLElement;
  /** Path segments after the page name, e.g. ['openai', 'gpt-4o'] for #/models/openai/gpt-4o. */
  params: string[];
  query: URLSearchParams;
  /** Records the data's as-of time and attribution from a response for the footer. */
  noteMeta(meta: ApiResponse['meta']): void;
}

export type Page = (context: PageContext) => Promise<void>;
