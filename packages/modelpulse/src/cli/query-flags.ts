/**
 * The query commands' flags (`modelpulse cheapest`, `modelpulse fastest`) read into the API's
 * query, checked by the API's own parsers (query/params.ts), so a value any host refuses is
 * refused here, and a flag given twice is refused as a repeated parameter is. Messages name the
 * flag (`--min-intel`), never the parameter (`min_intel`). A wrong value is a UsageError (exit 2).
 */
import type { parseArgs } from 'node:util';
import type { CheapestQuery } from '../../../../generator/query/cheapest.js';
import type { FastestQuery } from '../../../../generator/query/fastest.js';
import { parseCheapestQuery, parseFastestQuery } from '../../../../generator/query/params.js';

/** A wrong command line: exit code 2. */
export class UsageError extends Error {}

type Token = NonNullable<ReturnType<typeof parseArgs>['tokens']>[number];

/** `cheapest`'s filters and limit, as flags. */
export const QUERY_OPTIONS = ['min-intel', 'min-context', 'vision', 'reasoning', 'tools', 'limit'] as const;
/** What `fastest` adds: the price cap and the order. */
export const FASTEST_OPTIONS = ['max-price', 'sort'] as const;

type Parsed<Q> = { ok: true; query: Q } | { ok: false; param: string; message: string };

function fromFlags<Q>(tokens: readonly Token[], flags: readonly string[], parse: (pairs: Array<[string, string]>) => Parsed<Q>): Q {
  const given: Array<{ param: string; value: string | undefined }> = [];
  for (const token of tokens) {
    if (token.kind !== 'option' || !flags.includes(token.name)) continue;
    given.push({ param: token.name.replaceAll('-', '_'), value: token.value });
  }
  const parsed = parse(given.map(({ param, value }) => [param, value ?? '1']));
  if (!parsed.ok) {
    const flag = `--${parsed.param.replaceAll('_', '-')}`;
    const values = given.filter((g) => g.param === parsed.param && g.value !== undefined).map((g) => JSON.stringify(g.value));
    throw new UsageError(`${parsed.message.replace(parsed.param, flag)}${values.length === 0 ? '' : ` (got ${values.join(', ')})`}`);
  }
  return parsed.query;
}

/** The `cheapest` query from the flags as given, in order. */
export function queryFromFlags(tokens: readonly Token[]): CheapestQuery {
  return fromFlags(tokens, QUERY_OPTIONS, parseCheapestQuery);
}

/** The `fastest` query from the flags as given, in order (`--max-price 2 --sort latency`). */
export function fastestQueryFromFlags(tokens: readonly Token[]): FastestQuery {
  return fromFlags(tokens, [...QUERY_OPTIONS, ...FASTEST_OPTIONS], parseFastestQuery);
}
