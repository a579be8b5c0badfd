/** What the render stage produces: files, their paths below the output dir, and the API's fixed constants. */
import type { ApiSchemaName } from './schemas.js';

/** One JSON file of the API: where it goes below the output dir, which schema it must match, its body. */
export interface RenderedJson {
  path: string;
  schema: ApiSchemaName | null;
  body: unknown;
}

/** A file that is not JSON (feeds, calendars), written as given. */
export interface RenderedText {
  path: string;
  text: string;
}

export type RenderedFile = RenderedJson | RenderedText;

export const isRenderedText = (file: RenderedFile): file is RenderedText => 'text' in file;

export const CACHE_SECONDS = 60;
export const API_ROOT = 'api/v1';
