/**
 * A whole upstream world on one local server: OpenRouter's catalog and endpoint lists, LiteLLM,
 * models.dev, genai-prices, a Statuspage per service and a probe target per service, all in the real formats
 * (the fixtures' builders). Tests and the simulated year drive the real `update` against it and
 * change the world between runs.
 */
import { anthropicPage, googlePage, mistralFiles, openAiPage, xaiGuide } from '../sources/firstparty/fixtures.js';
import { llmFile, llmRecord } from '../sources/litellm/fixtures.js';
import { mdApi, mdModel, mdProvider } from '../sources/modelsdev/fixtures.js';
import { gpModel, gpProvider } from '../sources/genaiprices/fixtures.js';
import { orEndpoints, orModel, orModelsPage } from '../sources/openrouter/fixtures.js';
import { spIncident, spSummary } from '../status/platforms/fixtures.js';
import type { Reply, Routes } from './upstream-server.js';

export interface WorldModel {
  id: string;
  /** USD per token, as OpenRouter writes them. */
  prompt: string;
  completion: string;
  intelligence?: number | null;
  context?: number;
}

export interface WorldService {
  id: string;
  /** Statuspage indicator: none, minor, major, critical. */
  indicator: string;
  /** Open incidents on the official page, by id. */
  incidents: Array<{ id: string; name: string; impact: string }>;
  /** The probe's answer: an HTTP status, or 'hang' (a timeout). */
  probe: number | 'hang';
}

export interface World {
  models: WorldModel[];
  services: WorldService[];
}

export function worldModel(id: string, prompt: string, completion: string, extra: Partial<WorldModel> = {}): WorldModel {
  return { id, prompt, completion, ...extra };
}

export function worldService(id: string): WorldService {
  return { id, indicator: 'none', incidents: [], probe: 401 };
}

/** The environment that points `update` at the world (and nothing else: tests never reach out). */
export function worldEnv(baseUrl: string): Record<string, string> {
  return {
    MODELPULSE_OPENROUTER_URL: `${baseUrl}/api/v1`,
    MODELPULSE_LITELLM_URL: `${baseUrl}/litellm.json`,
    MODELPULSE_MODELSDEV_URL: `${baseUrl}/modelsdev.json`,
    MODELPULSE_GENAI_PRICES_URL: `${baseUrl}/genai-prices.json`,
    MODELPULSE_ARTIFICIAL_ANALYSIS_URL: 'http://127.0.0.1:9/aa',
    ARTIFICIAL_ANALYSIS_API_KEY: '',
    MODELPULSE_ANTHROPIC_DEPRECATIONS_URL: `${baseUrl}/makers/anthropic.md`,
    MODELPULSE_OPENAI_DEPRECATIONS_URL: `${baseUrl}/makers/openai.md`,
    MODELPULSE_GOOGLE_DEPRECATIONS_URL: `${baseUrl}/makers/google.md`,
    MODELPULSE_MISTRAL_DEPRECATIONS_URL: `${baseUrl}/makers/mistral`,
    MODELPULSE_XAI_DEPRECATIONS_URL: `${baseUrl}/makers/xai.md`,
    GITHUB_STEP_SUMMARY: '',
    GITHUB_ACTIONS: '',
  };
}

/**
 * data/services.json for the world's services. Probes time out after `probeTimeoutMs`, or after
 * the registry's default with null (as the real services.json has them).
 */
export function worldServicesFile(baseUrl: string, world: World, probeTimeoutMs: number | null = 1000): object[] {
  return world.services.map((s) => ({
    id: s.id,
    name: s.id.toUpperCase(),
    url: `https://${s.id}.example.com`,
    status_page: { type: 'statuspage', url: `${baseUrl}/pages/${s.id}` },
    probe: { url: `${baseUrl}/probe/${s.id}`, method: 'GET', ...(probeTimeoutMs === null ? {} : { timeout_ms: probeTimeoutMs }) },
  }));
}

function catalogRecord(m: WorldModel): Record<string, unknown> {
  return orModel({ id: m.id, prompt: m.prompt, completion: m.completion, intelligence_index: m.intelligence ?? null, context_length: m.context ?? 131072 });
}

const markdown = (body: string): Reply => ({ kind: 'text', body, headers: { 'content-type': 'text/markdown; charset=utf-8' } });

/** The makers' deprecation pages of the world: one retired model each, none the world sells. */
export function makerRoutes(): Routes {
  const routes: Routes = {
    '/makers/anthropic.md': markdown(anthropicPage([{ name: 'claude-old-1', state: 'Retired', deprecated: 'January 5, 2026', retirement: 'April 5, 2026' }], [{ date: '2026-01-05', title: 'Claude Old', rows: [{ retirement: 'April 5, 2026', name: 'claude-old-1', replacement: 'claude-new-1' }] }])),
    '/makers/openai.md': markdown(openAiPage([{ date: '2026-01-05', title: 'Old GPT', rows: [{ shutdown: 'April 5, 2026', model: '`gpt-old-1`', replacement: '`gpt-new-1`' }] }])),
    '/makers/google.md': markdown(googlePage([{ name: 'gemini-old-1', shutdown: 'April 5, 2026', replacement: '`gemini-new-1`' }])),
    '/makers/xai.md': markdown(xaiGuide('April 5, 2026', [{ name: 'grok-old-1', target: '`grok-new-1`' }])),
  };
  const mistral = mistralFiles([{ file: 'old-1', name: 'Mistral Old', status: 'Retired', apiNames: ['mistral-old-2401'], metadata: { retirementDate: '2026-04-05' } }]);
  for (const [file, text] of Object.entries(mistral)) routes[`/makers/mistral/${file}`] = markdown(text);
  return routes;
}

/** Every route of the world as it is now. */
export function worldRoutes(world: World): Routes {
  const routes: Routes = {
    ...makerRoutes(),
    '/api/v1/models': { kind: 'json', body: orModelsPage(world.models.map(catalogRecord)) },
    // The lab's own price list in LiteLLM's and models.dev's formats: the same prices, per 1M tokens there.
    '/litellm.json': {
      kind: 'json',
      body: llmFile(Object.fromEntries(world.models.map((m) => [m.id.split('/')[1]!, llmRecord({ provider: m.id.split('/')[0]!, input: Number(m.prompt), output: Number(m.completion) })]))),
    },
    '/modelsdev.json': {
      kind: 'json',
      body: mdApi([mdProvider('world', world.models.map((m) => mdModel({ id: m.id.split('/')[1]!, cost: { input: Number(m.prompt) * 1e6, output: Number(m.completion) * 1e6 } })))]),
    },
    '/genai-prices.json': {
      kind: 'json',
      body: [gpProvider('world', world.models.map((m) => gpModel({ id: m.id.split('/')[1]!, prices: { input_mtok: Number(m.prompt) * 1e6, output_mtok: Number(m.completion) * 1e6 } })))],
    },
  };
  for (const m of world.models) {
    routes[`/api/v1/models/${m.id}/endpoints`] = { kind: 'json', body: orEndpoints(m.id, [{ provider: 'Alpha', prompt: m.prompt, completion: m.completion }]) };
  }
  for (const s of world.services) {
    routes[`/pages/${s.id}/api/v2/summary.json`] = {
      kind: 'json',
      body: spSummary({ indicator: s.indicator, incidents: s.incidents.map((i) => spIncident({ id: i.id, name: i.name, impact: i.impact })) }),
    };
    // The page's history lists the open incidents too (resolved ones leave it in this world).
    routes[`/pages/${s.id}/api/v2/incidents.json`] = { kind: 'json', body: { page: {}, incidents: s.incidents.map((i) => spIncident({ id: i.id, name: i.name, impact: i.impact })) } };
    const probe: Reply = s.probe === 'hang' ? { kind: 'hang' } : { kind: 'json', status: s.probe, body: { error: 'unauthorized' } };
    routes[`/probe/${s.id}`] = probe;
  }
  return routes;
}
