/**
 * Model ids are `<author>/<slug>`: lowercase, URL-safe, and safe as file paths on every OS.
 * Anything an upstream sends that does not fit is rejected rather than "cleaned", so an odd id
 * can never address a file outside public/ or collide silently with another model.
 */

const SEGMENT = '[a-z0-9](?:[a-z0-9._-]{0,126}[a-z0-9])?';
const MODEL_ID = new RegExp(`^(${SEGMENT})/(${SEGMENT})$`);
const VARIANT = /^[a-z0-9][a-z0-9._-]{0,30}$/;

export function isModelId(value: string): boolean {
  const match = MODEL_ID.exec(value);
  return match !== null && !hasDotRun(match[1]!) && !hasDotRun(match[2]!);
}

/** `..` inside a segment is legal in a file name but looks like traversal; we refuse it. */
function hasDotRun(segment: string): boolean {
  return segment.includes('..');
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
  if (!isModelId(base)) return { ok: false, reason: `unsafe or malformed id ${JSON.stringify(upstreamId)}` };
  const [author, slug] = base.split('/') as [string, string];
  if (variant === null || variant === 'free') return { ok: true, id: base, author, slug, variant };
  const id = `${author}/${slug}-${variant}`;
  if (!isModelId(id)) return { ok: false, reason: `id too long with its variant: ${JSON.stringify(upstreamId)}` };
  return { ok: true, id, author, slug: `${slug}-${variant}`, variant };
}
