/**
 * The live status setting of a build (`LIVE_STATUS_URL`, `--live-status-url`; docs/hosting.md,
 * "Live status on every host"): the origin of a Cloudflare deployment whose Worker answers the
 * status path forms from its monitor. A Netlify build proxies those paths to it; the client and
 * the website of a GitHub Pages (or self-hosted) build read it first; every host keeps its own
 * static file form as the fallback. No Node.js imports: the client's constants come from here too.
 */

/** A setting that is not an https origin (or a loopback http one, for tests): the build stops, saying why. */
export class LiveStatusUrlError extends Error {
  override readonly name = 'LiveStatusUrlError';
}

/** Loopback http is allowed so tests and `npm run serve` can point at a local Worker or stand-in. */
const LOOPBACK = new Set(['127.0.0.1', 'localhost', '[::1]']);

/**
 * The setting as an origin (`https://host[:port]`, no trailing slash), or a LiveStatusUrlError: it
 * must be absolute, https (http only on loopback), and an origin only (no path, query, fragment or
 * credentials: the status paths are appended to it).
 */
export function parseLiveStatusUrl(raw: string): string {
  const what = `LIVE_STATUS_URL (--live-status-url) must be the origin of a Cloudflare deployment such as https://modelpulse.modelpulse.workers.dev, not ${JSON.stringify(raw)}`;
  let url: URL;
  try {
    url = new URL(raw.trim());
  } catch {
    throw new LiveStatusUrlError(`${what}: it is not an absolute URL`);
  }
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && LOOPBACK.has(url.hostname))) throw new LiveStatusUrlError(`${what}: it must use https (http only on 127.0.0.1 or localhost)`);
  if (url.username !== '' || url.password !== '') throw new LiveStatusUrlError(`${what}: it must not carry credentials`);
  if (url.pathname !== '/' || url.search !== '' || url.hash !== '' || /[?#]/.test(raw.trim().replace(/\/+$/, '').slice(url.origin.length))) {
    throw new LiveStatusUrlError(`${what}: it must be an origin only, without a path, query or fragment (the build appends /api/v1/status)`);
  }
  return url.origin;
}

/** The setting from the environment: unset or empty is null (nothing changes). */
export function liveStatusUrlFromEnv(env: Record<string, string | undefined>): string | null {
  const raw = env.LIVE_STATUS_URL;
  return raw === undefined || raw.trim() === '' ? null : parseLiveStatusUrl(raw);
}

/** The status path forms below an origin or a site: the list, and one service's. */
export const LIVE_STATUS_PATH = '/api/v1/status';
