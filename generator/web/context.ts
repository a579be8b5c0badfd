import { createClient, type ApiResponse } from '../client/client.js';

/** The published client (/api/v1/client.js), bound to the site this page was loaded from. */
export const api = createClient();

export interface PageContext {
  main: HTMLElement;
  /** Path segments after the page name, e.g. ['openai', 'gpt-4o'] for #/models/openai/gpt-4o. */
  params: string[];
  query: URLSearchParams;
  /** Shows in the footer when the page's response last changed. */
  noteMeta(meta: ApiResponse['meta']): void;
  /** index.json's freshness (asked for once per page load), or null when it cannot be had. */
  freshness(): Promise<Freshness | null>;
  /** The reader's clock (ms): ages and retirements are judged against it. */
  now(): number;
  /** Once the page shows, focus (and scroll to) this element instead of the page heading. */
  focusAfterRender(element: HTMLElement): void;
}

/** When the data was last refreshed (index.json, `data.freshness`). */
export interface Freshness {
  run_at: string;
  sources: Array<{ id: string; last_success_at: string | null; stale: boolean }>;
}

export type Page = (context: PageContext) => Promise<void>;
