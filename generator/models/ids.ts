/**
 * Model ids are `<author>/<slug>`: lowercase, URL-safe, and safe as file paths on every OS.
 * Anything an upstream sends that does not fit is rejected rather than "cleaned", so an odd id
 * can never address a file outside public/, take over another model's file or URL, or collide
 * silently with another model.
 */

const SEGMENT = '[a-z0-9](?:[a-z0-9._-]{0,126}[a-z0-9])?';
const MODEL_ID = new RegExp(`^(${SEGMENT})/(${SEGMENT})$`);
const VARIANT = /^[a-z0-9][a-z0-9._-]{0,30}$/;

/**
 * Extensions of files we publish (or a static host treats specially). A segment ending in one
 * would make `models/a/b.json` and `models/a/b.json.json` both exist, or a directory share a
 * file's name, so the ids `a/b` and `a/b.json` (or authors `a` and `a.json`) would fight over
 * one URL.
 */
export const PUBLISHED_EXTENSIONS = [
  'json', 'xml', 'ics', 'atom', 'rss', 'js', 'mjs', 'cjs', 'map', 'css', 'svg', 'png', 'ico', 'jpg', 'jpeg', 'gif', 'webp',
  'html', 'htm', 'txt', 'md', 'webmanifest', 'gz', 'br', 'zip',
] as const;

/** Device names Windows refuses as a file or directory name, with or without an extension. */
const WINDOWS_RESERVED = /^(con|prn|aux|nul|com[0-9]|lpt[0-9])$/;

/** Why one segment of an id cannot be a file or directory name of ours, or null. */
function segmentProblem(segment: string): string | null {
  // `..` inside a segment is legal in a file name but looks like traversal; we refuse it.
  if (segment.includes('..')) return `segment ${JSON.stringify(segment)} contains ".."`;
  const dot = segment.lastIndexOf('.');
  const extension = dot === -1 ? null : segment.slice(dot + 1);
  if (extension !== null && (PUBLISHED_EXTENSIONS as readonly string[]).includes(extension)) {
    return `segment ${JSON.stringify(segment)} ends in ".${extension}", an extension of files the API publishes`;
  }
  const stem = dot === -1 ? segment : segment.slice(0, segment.indexOf('.'));
  if (WINDOWS_RESERVED.test(stem)) return `segment ${JSON.stringify(segment)} is a reserved file name on Windows`;
  return null;
}

/** Why `value` is not a model id we can publish, or null when it is one. */
export function modelIdProblem(value: string): string | null {
  const match = MODEL_ID.exec(value);
  if (match === null) return 'not <author>/<slug> in lowercase letters, digits, ".", "_" and "-"';
  return segmentProblem(match[1]!) ?? segmentProblem(match[2]!);
}

export function isModelId(value: string): boolean {
  return modelIdProblem(value) === null;
}

export type UpstreamIdResult =
  | { ok: true; id: string; author: string; slug: string; variant: string | null }
  | { ok: false; reason: string };

/**
 * Maps an OpenRouter id (`author/slug[:variant]`) to our id. `:free` stays a variant of its
 * base model; other variants (`:thinking`, `:extended`) are distinct offers and become
 * `author/slug-variant`.
 */
export function parseUpstreamModelId(upstreamId: string): UpstreamIdResult {
  if (upstreamId !== upstreamId.trim() || upstreamId === '') return { ok: false, reason: 'empty or padded id' };
  const lower = upstreamId.toLowerCase();
  const colon = lower.indexOf(':');
  const base = colon === -1 ? lower : lower.slice(0, colon);
  const variant = colon === -1 ? null : lower.slice(colon + 1);
  if (variant !== null && !VARIANT.test(variant)) return { ok: false, reason: `unsafe variant in id ${JSON.stringify(upstreamId)}` };
  const baseProblem = modelIdProblem(base);
  if (baseProblem !== null) return { ok: false, reason: `refused id ${JSON.stringify(upstreamId)}: ${baseProblem}` };
  const [author, slug] = base.split('/') as [string, string];
  if (variant === null || variant === 'free') return { ok: true, id: base, author, slug, variant };
  const id = `${author}/${slug}-${variant}`;
  const problem = modelIdProblem(id);
  if (problem !== null) return { ok: false, reason: `refused id ${JSON.stringify(upstreamId)} with its variant: ${problem}` };
  return { ok: true, id, author, slug: `${slug}-${variant}`, variant };
}
