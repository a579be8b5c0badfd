/**
 * Netlify's own routing, loaded from the published files: rules parsed by
 * `@netlify/redirect-parser` and matched by `netlify-redirector` (the engine Netlify's CLI used),
 * headers parsed by `@netlify/headers-parser`. Used by `npm run serve` and by the routing tests,
 * so what we test is what Netlify reads, not a re-implementation of its matching.
 */
import { parseAllHeaders } from '@netlify/headers-parser';
import { parseAllRedirects } from '@netlify/redirect-parser';
import redirector from 'netlify-redirector';
import { join } from 'node:path';

export interface RuleMatch {
  from: string;
  to: string;
  status: number;
  force: boolean;
}

export interface NetlifyEngine {
  /** The first matching rule for a request path (decoded) and raw query string, or null. */
  match(path: string, query: string): RuleMatch | null;
  /** The custom headers for a request path (later rules win, as in Netlify's CLI). */
  headersFor(path: string): Record<string, string>;
  ruleCount: number;
}

interface ParsedRedirect {
  from: string;
  query: Record<string, string>;
  conditions: Record<string, unknown>;
  [key: string]: unknown;
}

interface ParsedHeader {
  forRegExp: RegExp;
  values: Record<string, string>;
}

/** Thrown when Netlify's parsers reject our generated files: a deploy would misbehave too. */
export class HostConfigError extends Error {
  override readonly name = 'HostConfigError';
}

export async function loadNetlifyEngine(publishDir: string, netlifyConfigPath: string): Promise<NetlifyEngine> {
  const parsedRedirects = (await parseAllRedirects({
    redirectsFiles: [join(publishDir, '_redirects')],
    netlifyConfigPath,
    configRedirects: [],
    minimal: false,
  })) as unknown as { redirects: ParsedRedirect[]; errors: Error[] };
  if (parsedRedirects.errors.length > 0) throw new HostConfigError(`_redirects: ${parsedRedirects.errors.map((e) => e.message).join('; ')}`);
  // netlify-redirector reads the backend's shape: `from` is `origin`, `query` is `params`.
  const rules = parsedRedirects.redirects.map(({ from, query, conditions, ...rest }) => ({ ...rest, origin: from, params: query, conditions }));
  const matcher = await redirector.parseJSON(JSON.stringify(rules), {});

  const parsedHeaders = (await parseAllHeaders({ headersFiles: [join(publishDir, '_headers')], netlifyConfigPath, configHeaders: [], minimal: false })) as unknown as {
    headers: ParsedHeader[];
    errors: Error[];
  };
  if (parsedHeaders.errors.length > 0) throw new HostConfigError(`headers: ${parsedHeaders.errors.map((e) => e.message).join('; ')}`);

  return {
    ruleCount: rules.length,
    match(path, query) {
      const result = matcher.match({
        scheme: 'http',
        host: '127.0.0.1',
        path,
        query,
        headers: {},
        cookieValues: {},
        getHeader: () => '',
        getCookie: () => '',
      }) as { from?: string; to?: string; status?: number; force?: boolean } | null;
      if (!result || typeof result.to !== 'string') return null;
      return { from: result.from ?? '', to: result.to, status: result.status ?? 301, force: result.force === true };
    },
    headersFor(path) {
      return Object.assign({}, ...parsedHeaders.headers.filter((h) => h.forRegExp.test(path)).map((h) => h.values)) as Record<string, string>;
    },
  };
}
