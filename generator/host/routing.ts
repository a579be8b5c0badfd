import { isModelId } from '../models/ids.js';
import { precomputedVariants } from '../query/variants.js';
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

/** A target with placeholders (`:i`, `:c`, `:l`), which Netlify fills in with the request's values. */
const hasPlaceholder = (to: string) => /\/:[a-z]+(?:\/|\.json$)/.test(to);
/** A proxy to another origin (the live status URL): no file of the build is its target. */
const isExternal = (to: string) => /^https?:\/\//.test(to);

/**
 * A rule pointing at a file the build did not write would give the 404 page: every literal
 * target must exist, and so must the file of every precomputed variant (the placeholder targets
 * stand for them; any other value reaches no file, and Netlify serves the JSON 404 page). That
 * each variant is reached by its own rule is checked with Netlify's engine (routing.test.ts).
 */
export function checkRuleTargets(rules: readonly RedirectRule[], paths: ReadonlySet<string>): string[] {
  const missing = rules.filter((r) => !hasPlaceholder(r.to) && !isExternal(r.to) && !paths.has(r.to.replace(/^\//, ''))).map((r) => `${r.from} → ${r.to}`);
  for (const { path } of precomputedVariants()) {
    const file = `api/v1/${path}.json`;
    if (!paths.has(file)) missing.push(`/api/v1/cheapest → /${file}`);
  }
  return missing;
}

/** A forced rule whose `from` is a file of its own would serve another file at that file's URL. */
export function shadowingRules(rules: readonly RedirectRule[], paths: ReadonlySet<string>): string[] {
  return rules.filter((r) => r.force && r.query.length === 0 && r.from !== r.to && paths.has(r.from.replace(/^\//, ''))).map((r) => `${r.from} → ${r.to}`);
}

/** The site's rules, checked against its files; `liveStatusUrl` proxies the status path forms (redirects.ts). */
export function siteRules(paths: ReadonlySet<string>, liveStatusUrl: string | null = null): RedirectRule[] {
  const rules = redirectRules(routingInputFrom(paths), liveStatusUrl);
  const missing = checkRuleTargets(rules, paths);
  if (missing.length > 0) throw new Error(`${missing.length} redirect rule(s) point at files the build did not write: ${missing.slice(0, 5).join(', ')}`);
  const shadowing = shadowingRules(rules, paths);
  if (shadowing.length > 0) throw new Error(`${shadowing.length} redirect rule(s) would hide a file the build wrote: ${shadowing.slice(0, 5).join(', ')}`);
  return rules;
}
