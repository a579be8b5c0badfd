/**
 * Identity, step 1 (pure): how a source record's key reads, as an author hint and a comparable
 * name, and the forms it is tried in (docs/data.md, "Identity"). Matching the forms to our ids is
 * identity-match.ts.
 */
import { isLifecycleSource, type ModelFacts } from './facts.js';

export const MATCH_KINDS = ['curated', 'exact', 'variant', 'snapshot', 'alias'] as const;
export type MatchKind = (typeof MATCH_KINDS)[number];

/** Source author names → OpenRouter's author ids, where they differ. */
export const AUTHOR_ALIASES: Readonly<Record<string, string>> = {
  mistral: 'mistralai',
  xai: 'x-ai',
  meta: 'meta-llama',
  alibaba: 'qwen',
  moonshot: 'moonshotai',
  zai: 'z-ai',
  'zai-org': 'z-ai',
};

/**
 * Names that float: the author moves them to each new model (`deepseek-chat` is whatever DeepSeek
 * serves now; OpenRouter's `deepseek/deepseek-chat` is one fixed model, DeepSeek V3). Never matched
 * to such a fixed model; only to a model made from the maker's own record of that very name
 * (origin first-party: OpenAI's `chatgpt-4o-latest` at its own price), and only exactly.
 */
export const FLOATING_NAMES: readonly string[] = ['deepseek-chat', 'deepseek-reasoner', 'chatgpt-4o-latest'];

/** Bedrock-style `region.vendor.` prefixes (genai-prices writes `regional.` for in-region prices): the region is dropped, the vendor is an author hint. */
const REGIONS = ['us', 'eu', 'apac', 'au', 'jp', 'ca', 'global', 'regional', 'us-gov', 'sa', 'in'] as const;
const VENDORS = ['anthropic', 'xai', 'google', 'meta', 'mistral', 'amazon', 'cohere', 'ai21', 'deepseek', 'qwen', 'openai', 'moonshot', 'minimax', 'writer', 'zai'];

type Peel = { pattern: RegExp; kind: Exclude<MatchKind, 'curated' | 'exact'> };
const PEELS: readonly Peel[] = [
  { pattern: /-(?:\d{8}|\d{4}-\d{2}-\d{2})$/, kind: 'snapshot' },
  { pattern: /-(?:0[1-9]|1[0-2])(?:0[1-9]|[12]\d|3[01])$/, kind: 'snapshot' },
  { pattern: /-latest$/, kind: 'alias' },
  { pattern: /-(?:non-)?reasoning$/, kind: 'variant' },
];
/** Mistral dates its snapshots `YYMM` (`mistral-large-2411`, `devstral-medium-2507`). */
const MISTRAL_PEEL: Peel = { pattern: /-2[3-9](?:0[1-9]|1[0-2])$/, kind: 'snapshot' };

export function normalizeName(name: string): string {
  return name.toLowerCase().replace(/[._]/g, '-');
}

export function canonicalAuthor(author: string): string {
  return AUTHOR_ALIASES[author] ?? author;
}

/**
 * Spellings of the same model across hosts, read as OpenRouter writes them: Meta's old
 * `Meta-Llama-3.1-…` names, Bedrock's `llama3-3-70b`, Fireworks' `llama-v3p1-70b` and
 * `deepseek-v3p1`, Groq's `-versatile`/`-instant` for its instruct models and its retired names'
 * context tail (`llama3-8b-8192`, `mixtral-8x7b-32768`: kept for old bills), Cerebras' Llama names
 * (it serves the instruct models only: `llama-3.3-70b`, `llama3.1-8b`), and Mistral's
 * `labs-`/`open-` API prefixes (Mistral's own naming: a lane, not a model).
 */
export function hostSpelling(name: string, provider: string | null, author: string | null): string {
  let out = name;
  if (provider === 'databricks') out = out.replace(/^databricks-/, '');
  out = out.replace(/^meta-llama-(?=\d|guard)/, 'llama-').replace(/^llama(\d)/, 'llama-$1');
  if (provider === 'fireworks_ai' || provider === 'fireworks-ai' || provider === 'fireworks') out = out.replace(/(\d+)p(\d+)/g, '$1.$2').replace(/^llama-v(\d)/, 'llama-$1');
  if (provider === 'groq') out = out.replace(/-(versatile|instant)$/, '-instruct').replace(/^((?:llama-\d|mixtral)[a-z0-9.-]*?)-(?:4096|8192|32768)$/, '$1-instruct');
  if (provider === 'cerebras') out = out.replace(/^(llama-\d[\d.]*-\d+b)$/, '$1-instruct');
  // Vertex's "model as a service" copies and Bedrock's version tails name the same model.
  if (provider?.startsWith('vertex_ai') || provider === 'google-vertex') out = out.replace(/-maas$/, '');
  if ((provider?.startsWith('bedrock') || provider === 'amazon-bedrock' || provider === 'aws') && author !== 'amazon') out = out.replace(/-v\d+$/, '');
  if (author === 'mistralai') out = out.replace(/^(labs|open)-/, '');
  return out;
}

export interface ReadKey {
  author: string | null;
  name: string;
  /** A snapshot written outside the name (Vertex `@20250514`). */
  snapshot: string | null;
  /** The key's last path segments as written, lower-cased (`qwen/qwen3-235b-a22b-instruct-2507`), for Hugging Face ids. */
  path: string;
}

type KeyFields = Pick<ModelFacts, 'source' | 'source_key' | 'author' | 'model_name' | 'provider'>;

/** Rule 1: a source record's author hint and comparable name; null for records never matched. */
export function readKey(fact: KeyFields, options: { keepFloating?: boolean } = {}): ReadKey | null {
  const lifecycle = isLifecycleSource(fact.source);
  // Keys that start with the provider (`anthropic/claude-x`) are read by the model's own name.
  const raw = (fact.source === 'modelsdev' || fact.source === 'genai-prices' || lifecycle ? fact.model_name : fact.source_key).toLowerCase();
  if (fact.source === 'artificialanalysis') {
    const [creator, slug = ''] = raw.split('/');
    const reordered = slug.replace(/^claude-(\d+(?:-\d+)?)-(opus|sonnet|haiku)(?=$|-)/, 'claude-$2-$1');
    return { author: canonicalAuthor(creator ?? ''), name: normalizeName(reordered), snapshot: null, path: raw };
  }
  if (raw.startsWith('ft:') || raw.includes('/ft:') || /\.ft-/.test(raw)) return null; // fine-tuning prices, not an offer
  if (fact.provider === 'openrouter') return null;
  const segments = raw.split('/');
  const path = segments.slice(-2).join('/').replace(/-maas$/, '');
  let name = segments.pop() ?? '';
  let author = fact.author === null ? null : canonicalAuthor(fact.author);
  for (const segment of segments) if (author === null && VENDORS.includes(segment)) author = canonicalAuthor(segment);
  const dotted = /^(?:([a-z-]+)\.)?([a-z0-9]+)\.(.+)$/.exec(name);
  if (dotted !== null && VENDORS.includes(dotted[2]!) && (dotted[1] === undefined || (REGIONS as readonly string[]).includes(dotted[1]))) {
    author ??= canonicalAuthor(dotted[2]!);
    // Bedrock's version tail names the same model, except on Amazon's own, whose names carry it (`nova-pro-v1`).
    name = dotted[2] === 'amazon' ? dotted[3]!.replace(/:\d+$/, '') : dotted[3]!.replace(/-v\d+(?::\d+)?$/, '');
  }
  // `gpt-4o:extended` is OpenRouter's `openai/gpt-4o:extended`, our `openai/gpt-4o-extended` (models/ids.ts).
  name = name.replace(/:\d+$/, '').replace(/@default$/, '').replace(/:([a-z][a-z-]*)$/, '-$1');
  let snapshot: string | null = null;
  const at = /@(\d{8})$/.exec(name);
  if (at !== null) {
    snapshot = at[1]!;
    name = name.slice(0, at.index);
  }
  // A floating name is read only where asked (the maker's own model of that very name, origin first-party).
  if (FLOATING_NAMES.includes(name) && options.keepFloating !== true) return null;
  return { author, name: normalizeName(hostSpelling(name, fact.provider, author)), snapshot, path };
}

/** A maker's display name with its API name's trailing date (`magistral-medium-1-2` of `magistral-medium-2509`), or null. */
export function datedDisplay(display: string | undefined, apiName: string): string | null {
  const date = /-(\d{4})$/.exec(apiName)?.[1];
  return display === undefined || date === undefined || display.endsWith(`-${date}`) ? null : `${display}-${date}`;
}

export interface Form {
  name: string;
  kind: MatchKind;
  snapshot: string | null;
}

/** Rule 2: the full name, then each suffix peeled in turn (the weakest step names the kind). */
export function peelForms(read: Pick<ReadKey, 'name' | 'snapshot' | 'author'>): Form[] {
  const peels = read.author === 'mistralai' ? [...PEELS, MISTRAL_PEEL] : PEELS;
  let current: Form = { name: read.name, kind: read.snapshot === null ? 'exact' : 'snapshot', snapshot: read.snapshot };
  const forms = [current];
  for (;;) {
    const peel = peels.find((p) => p.pattern.test(current.name));
    // An alias names one model as it is: nothing is peeled behind it but a reasoning setting
    // (`grok-4-1-fast-reasoning-latest`), which names the model only where the pair is listed.
    if (peel === undefined || (current.kind === 'alias' && peel.kind !== 'variant')) return forms;
    const match = peel.pattern.exec(current.name)!;
    const kind = current.kind === 'exact' || MATCH_KINDS.indexOf(peel.kind) > MATCH_KINDS.indexOf(current.kind) ? peel.kind : current.kind;
    current = { name: current.name.slice(0, match.index), kind, snapshot: peel.kind === 'snapshot' ? match[0].slice(1) : current.snapshot };
    forms.push(current);
  }
}
