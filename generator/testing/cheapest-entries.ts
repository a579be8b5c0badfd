/**
 * The models list's entries as a `cheapest` answer holds them: without the compact `status` the
 * lists add (render/site.ts), so the shared query over the list compares with the API's answers.
 */
import type { ModelEntry } from '../types/api-types.js';

export interface ModelsList {
  data: Array<ModelEntry & { status?: unknown }>;
  meta: { as_of: string | null };
}

export function cheapestEntries<L extends ModelsList>(list: L): Omit<L, 'data'> & { data: ModelEntry[] } {
  return { ...list, data: list.data.map(({ status: _status, ...entry }) => entry) };
}
