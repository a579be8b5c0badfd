import { isModelId } from '../models/ids.js';
import { DEFAULT_LIMIT } from '../query/cheapest.js';
import { PRECOMPUTED_GRID } from '../query/variants.js';
import type { RoutingInput } from './redirects.js';
import { redirectRules, type RedirectRule } from './redirects.js';

const AUTHOR_FILE = /^api\/v1\/models\/([^/]+)\.json$/;
const MODEL_FILE = /^api\/v1\/models\/([^/]+\/[^/]+)\.json$/;
const SERVICE_FILE = /^api\/v1\/status\/([^/]+)\.json$/;

/** What to route, read off the files the build rendered, so rules and files always agree. */
export function routingInputFrom(paths: Iterable<string>): RoutingInput {
  const authors: string[] = [];
  const modelIds: string[] = [];
  const serviceIds: string[] = [];
  for (const path of paths) {
    // Only names a model id could have: a rule is never made for a file that is no model's.
    const author = AUTHOR_FILE.exec(path)?.[1];
    if (author !== undefined && isModelId(`${author}/x`)) authors.push(author);
    const model = MODEL_FILE.exec(path)?.[1];
    if (model !== undefined && isModelId(model)) modelIds.push(model);
    const service = SERVICE_FILE.exec(path)?.[1];
    if (service !== undefined) serviceIds.push(service);
  }
  return { authors: authors.sort(), modelIds: modelIds.sort(), serviceIds: serviceIds.sort() };
}

/** The grid's values for each placeholder a `cheapest` target carries. */
const numbers = (values: readonly (number | null)[]): number[] => values.filter((v): v is number => v !== null);
const GRID_VALUES: Record<string, readonly number[]> = {
  ':i': numbers(PRECOMPUTED_GRID.min_intel),
  ':c': numbers(PRECOMPUTED_GRID.min_context),
  // limit=10 never reaches a `:l` target: a rule for it (the file without a limit) comes first.
  ':l': PRECOMPUTED_GRID.limit.filter((l) => l !== DEFAULT_LIMIT),
};

/** Every file a target names: itself, or with each placeholder replaced by each grid value. */
export function expandTarget(to: string): string[] {
  let targets = [to];
  for (const [placeholder, values] of Object.entries(GRID_VALUES)) {
    if (!to.includes(`/${placeholder}`)) continue;
    targets = targets.flatMap((t) => values.map((v) => t.replace(`/${placeholder}`, `/${v}`)));
  }
  return targets;
}

/**
 * A rule pointing at a file the build did not write would give the 404 page: every literal
 * target must exist, and a placeholder target for every value of the grid.
 */
export function checkRuleTargets(rules: readonly RedirectRule[], paths: ReadonlySet<string>): string[] {
  return rules.flatMap((r) => expandTarget(r.to).filter((to) => !paths.has(to.replace(/^\//, ''))).map((to) => `${r.from} → ${to}`));
}

/** A forced rule whose `from` is a file of its own would serve another file at that file's URL. */
export function shadowingRules(rules: readonly RedirectRule[], paths: ReadonlySet<string>): string[] {
  return rules.filter((r) => r.force && r.query.length === 0 && r.from !== r.to && paths.has(r.from.replace(/^\//, ''))).map((r) => `${r.from} → ${r.to}`);
}

export function siteRules(paths: ReadonlySet<string>): RedirectRule[] {
  const rules = redirectRules(routingInputFrom(paths));
  const missing = checkRuleTargets(rules, paths);
  if (missing.length > 0) throw new Error(`${missing.length} redirect rule(s) point at files the build did not write: ${missing.slice(0, 5).join(', ')}`);
  const shadowing = shadowingRules(rules, paths);
  if (shadowing.length > 0) throw new Error(`${shadowing.length} redirect rule(s) would hide a file the build wrote: ${shadowing.slice(0, 5).join(', ')}`);
  return rules;
}
