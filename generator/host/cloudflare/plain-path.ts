/**
 * Odd paths under /api/ on Cloudflare. Its asset server decodes a request path segment by segment,
 * re-encodes it (encodeURIComponent, segment by segment, `//` merged) and answers any path that
 * changes that way with a 307 to the new form, even where only the 404 page would answer: so
 * `/api/v1/models/..%2f..%2fetc%2fpasswd` (rewritten by `_redirects` to `….json`) was a 307 to
 * `/api/v1/models/../../etc/passwd.json`. No published path changes that way (ids are lower-case
 * letters, digits, `.`, `_` and `-`), so the Worker runs first on exactly the paths that can
 * (`ODD_PATH_ROUTES`, in `run_worker_first`) and answers them by the rule every host follows
 * (`plainPath`). A normal request never reaches the Worker this way: these routes cost nothing.
 * No Node.js imports: the Worker bundles this file.
 */

/**
 * What makes the asset server re-encode a path: a percent-escape, a character the URL standard
 * leaves in a path but encodeURIComponent encodes, or an empty segment (`\` is already `/`).
 */
const RE_ENCODED = ['%', '$', '&', '+', ',', ':', ';', '=', '@', '[', ']', '^', '|'] as const;

/** `run_worker_first` globs (`*` is any run of characters) for every path under /api/ the asset server would redirect. */
export const ODD_PATH_ROUTES: readonly string[] = [...RE_ENCODED.map((c) => `/api/*${c}*`), '/api//*', '/api/*//*'];

/** The characters a published path's segments hold, and all an escape may stand for (RFC 3986's unreserved). */
const PLAIN_SEGMENT = /^[A-Za-z0-9._~-]*$/;

/**
 * The path with escapes of plain characters decoded (`gpt%2D4o` is `gpt-4o`, as Netlify reads it),
 * or null when no published file can have it: a segment that decodes to anything else (`%2F`,
 * `%5C`, `%25…`: double encoding), a dot segment (`.%2e`) or an empty segment before the last.
 */
export function plainPath(pathname: string): string | null {
  const segments = pathname.split('/');
  const plain: string[] = [];
  for (const [i, segment] of segments.entries()) {
    let decoded: string;
    try {
      decoded = decodeURIComponent(segment);
    } catch {
      return null;
    }
    const inner = i > 0 && i < segments.length - 1;
    if (!PLAIN_SEGMENT.test(decoded) || decoded === '.' || decoded === '..' || (inner && decoded === '')) return null;
    plain.push(decoded);
  }
  return plain.join('/');
}
