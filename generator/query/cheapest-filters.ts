/**
 * The normalized `cheapest` query (query/cheapest.ts names it `CheapestQuery`), in a module of its
 * own so that the cost ranking can take it without the package's bundled types holding two
 * `CheapestQuery` (the package's is the query as users write it). No imports, no Node.js.
 */
export interface CheapestFilters {
  min_intel: number | null;
  min_context: number | null;
  vision: boolean;
  reasoning: boolean;
  tools: boolean;
  limit: number;
}
