/**
 * For the package's tests: a small site built by the real build from a data/ made the way
 * `update` makes one (six models observed twice, so one price changed; one with long-context
 * tiers, cache prices and two providers' endpoints; API names from LiteLLM and genai-prices facts,
 * testing/name-facts.ts; two services; OpenRouter's endpoint figures for every model,
 * testing/synthetic-traffic.ts; claude-test's on its own endpoints, degraded), served
 * by the real `serve`, plus servers that are not ModelPulse (an HTML page, JSON of another shape).
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { buildSite } from '../assemble/build-site.js';
import { builtOnce } from './committed-site.js';
import { startServer, type RunningServer } from '../host/serve.js';
import { orModel } from '../sources/openrouter/fixtures.js';
import type { EndpointRecord, ModelRecord } from '../models/types.js';
import { saveModels } from '../store/data-store.js';
import { seedCatalog } from './seed.js';
import { saveTraffic, type TrafficState } from '../store/traffic-store.js';
import { syntheticTraffic } from './synthetic-traffic.js';
import { seedNameFacts } from './name-facts.js';
import { tempDir } from './tree.js';

export const SMALL_SITE_URL = 'https://modelpulse.test';

const TOOLS = ['max_tokens', 'tools', 'tool_choice'];
const REASONING = [...TOOLS, 'reasoning'];

const CLAUDE_PRICING = {
  prompt: '0.000003',
  completion: '0.000015',
  input_cache_read: '0.0000003',
  input_cache_write: '0.00000375',
  overrides: [{ min_prompt_tokens: 200000, prompt: '0.000006', completion: '0.0000225', input_cache_read: '0.0000006', input_cache_write: '0.0000075' }],
};

/** Two providers' endpoints of claude-test, as OpenRouter lists them (no tiers of their own). */
function withEndpoints(record: ModelRecord, at: string): ModelRecord {
  const endpoint = (provider: string, tag: string, input: number, output: number, cacheRead: number | null): EndpointRecord => ({
    provider,
    tag,
    price: { input, output, cache_read: cacheRead, cache_write: null },
    context_length: 200000,
    max_output: 64000,
    quantization: null,
    capabilities: record.capabilities,
    free: false,
    uptime_1d: 0.999,
  });
  return { ...record, endpoints: { updated_at: at, items: [endpoint('Anthropic', 'anthropic', 3, 15, 0.3), endpoint('Amazon Bedrock', 'amazon-bedrock', 3.3, 16.5, null)] } };
}

/**
 * claude-test's figures on its own two endpoints (the tags of its offers, so its detail's offers
 * carry them): Anthropic degraded, Bedrock down; no provider up, so the model reads degraded.
 */
function withClaudeFigures(traffic: TrafficState): TrafficState {
  const at = '2026-08-02T00:00:00Z';
  const endpoint = (tag: string, name: string, uptime: number, latency: [number, number], speed: [number, number]) => ({
    tag, provider: tag, provider_name: name, uptime_5m: uptime, uptime_30m: uptime, uptime_1d: 0.9876,
    latency_ms: { p50: latency[0], p90: latency[1] }, throughput_tps: { p50: speed[0], p90: speed[1] },
  });
  const endpoints = [endpoint('anthropic', 'Anthropic', 0.9, [812, 1650], [61.5, 78]), endpoint('amazon-bedrock', 'Amazon Bedrock', 0.3, [1204, 2900], [44.2, 58.9])];
  return { ...traffic, models: { ...traffic.models, 'anthropic/claude-test': { attempted_at: at, succeeded_at: at, error: null, latest: { observed_at: at, endpoints }, day_first: null } } };
}

function models(gptPrompt: string): object[] {
  return [
    orModel({ id: 'openai/gpt-test', prompt: gptPrompt, completion: '0.00001', input_modalities: ['text', 'image'], intelligence_index: 55, context_length: 400000 }),
    // Claude Sonnet 4's list price: cache reads and writes, and long-context rates above 200K prompt tokens.
    orModel({ id: 'anthropic/claude-test', pricing: CLAUDE_PRICING, input_modalities: ['text', 'image'], supported_parameters: REASONING, intelligence_index: 62, context_length: 1000000 }),
    orModel({ id: 'google/gemma-test', prompt: '0.0000001', completion: '0.0000003', intelligence_index: 30, supported_parameters: ['max_tokens'] }),
    orModel({ id: 'mistralai/mistral-test', prompt: '0.0000004', completion: '0.000002', input_modalities: ['text', 'image'], intelligence_index: 41 }),
    orModel({ id: 'deepseek/r-test', prompt: '0.0000005', completion: '0.0000021', supported_parameters: REASONING, intelligence_index: 48, context_length: 128000 }),
    orModel({ id: 'openai/old-test', prompt: '0.00001', completion: '0.00003', expiration_date: '2026-12-01' }),
  ];
}

const SERVICES = [
  { id: 'openai', name: 'OpenAI', url: 'https://openai.com', status_page: { type: 'none' }, probe: { url: 'https://api.openai.com/v1/models', method: 'GET' } },
  { id: 'anthropic', name: 'Anthropic', url: 'https://www.anthropic.com', status_page: { type: 'none' }, probe: { url: 'https://api.anthropic.com/v1/models', method: 'GET' } },
];

export interface SmallSite {
  publishDir: string;
  server: RunningServer;
  /** The JSON a path under /api/v1/ serves, read from the built files. */
  file(path: string): Promise<{ data: unknown; meta: Record<string, unknown> }>;
}

/**
 * The small site, built once per test run (testing/committed-site.ts `builtOnce`: five test files
 * read it, read-only) and served by a `serve` of the caller's own.
 */
export async function startSmallSite(): Promise<SmallSite> {
  const publishDir = await builtOnce(['small-site', SMALL_SITE_URL], buildSmallSite);
  const server = await startServer({ publishDir, netlifyConfigPath: join(process.cwd(), 'netlify.toml'), port: 0 });
  const file = async (path: string) => JSON.parse(await readFile(join(publishDir, 'api/v1', path), 'utf8')) as { data: unknown; meta: Record<string, unknown> };
  return { publishDir, server, file };
}

async function buildSmallSite(publishDir: string): Promise<void> {
  const dataDir = await tempDir('package-data');
  const first = await seedCatalog(dataDir, models('0.000003'), '2026-08-01T00:00:00Z');
  const second = await seedCatalog(dataDir, models('0.0000025'), '2026-08-02T00:00:00Z', first);
  await saveModels(dataDir, [withEndpoints(second.get('anthropic/claude-test')!, '2026-08-02T00:00:00Z')]);
  // OpenRouter's figures for every model (status per model, fastest): read at the last run.
  await saveTraffic(dataDir, withClaudeFigures(syntheticTraffic(second.values(), '2026-08-02T00:00:00Z')));
  await writeFile(join(dataDir, 'services.json'), JSON.stringify(SERVICES));
  await seedNameFacts(dataDir);
  await buildSite({ store: dataDir, outDir: publishDir, siteUrl: SMALL_SITE_URL });
}

/** A local server that answers every request with `body`, labelled `contentType`. */
export async function startForeignServer(status: number, contentType: string, body: string): Promise<{ url: string; close(): Promise<void> }> {
  const server: Server = createServer((_req, res) => {
    res.writeHead(status, { 'content-type': contentType });
    res.end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}`, close: () => new Promise((resolve) => server.close(() => resolve())) };
}

/** A base URL nothing listens on: a port that was free a moment ago. */
export async function unusedBaseUrl(): Promise<string> {
  const probe = await startForeignServer(200, 'text/plain', '');
  await probe.close();
  return probe.url;
}
