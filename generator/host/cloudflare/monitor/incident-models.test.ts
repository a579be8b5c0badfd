import { describe, expect, it } from 'vitest';
import { buildModelNameTable, modelsNamed } from '../../../status/incident-models.js';
import type { IncidentModelSource } from '../../../render/incident-models.js';
import type { ServiceDefinition } from '../../../status/registry.js';
import type { OfficialIncident } from '../../../status/types.js';
import { liveIncidents, matchOpenIncidents } from './incident-models.js';
import { namesAssetText, readNamesAsset } from './names-asset.js';
import type { MonitorState } from './state.js';

const model = (id: string, name: string, extra: Partial<IncidentModelSource> = {}): IncidentModelSource => ({ id, name, author: id.split('/')[0]!, delisted_at: null, providers: new Set([id.split('/')[0]!]), ...extra });
const catalog = [
  model('anthropic/claude-opus-5', 'Claude Opus 5'),
  model('anthropic/claude-haiku-4.5', 'Claude Haiku 4.5', { api_names: ['claude-haiku-4-5'] }),
  model('anthropic/claude-test-a', 'Claude Twin 2'),
  model('anthropic/claude-test-b', 'Claude Twin 2'),
  model('openai/gpt-5.4', 'GPT-5.4'),
  model('meta-llama/llama-3.3-70b-instruct', 'Llama 3.3 70B Instruct', { providers: new Set(['together', 'fireworks']) }),
  // No monitored service's scope reaches it: left out of the asset, as the matcher would leave it out.
  model('mistralai/mistral-x-1', 'Mistral X 1', { providers: new Set(['mistral']) }),
];
const services: ServiceDefinition[] = [
  { id: 'anthropic', name: 'Anthropic', url: 'https://anthropic.example', status_page: { type: 'statuspage', url: 'http://127.0.0.1/sp' }, probe: null },
  { id: 'openai', name: 'OpenAI', url: 'https://openai.example', status_page: { type: 'incidentio', url: 'http://127.0.0.1/io' }, probe: null },
  { id: 'together', name: 'Together', url: 'https://together.example', status_page: { type: 'none' }, probe: null },
];

const incident = (id: string, name: string, impact: OfficialIncident['impact'] = 'minor'): OfficialIncident => ({ id, name, status: 'investigating', impact, started_at: '2026-11-28T00:00:00Z', updated_at: '2026-11-28T00:01:00Z', url: null });
const state = (incidents: Record<string, OfficialIncident[]>, fetchedAt = '2026-11-28T00:05:00Z'): MonitorState => ({
  day: '2026-11-28',
  services: Object.fromEntries(
    Object.entries(incidents).map(([id, list]) => [id, { official: { snapshot: { indicator: 'minor', description: '', url: '', active_incidents: list, components: [] }, fetched_at: fetchedAt, error: null }, probe: null, today: [0, 0] }]),
  ),
});

describe("the monitor's name table (names-asset.ts)", () => {
  it("matches exactly as the build's table does, for the models some service's scope reaches", () => {
    const text = namesAssetText(catalog, services);
    const { table, models } = readNamesAsset(text);
    expect(models.ids()).not.toContain('mistralai/mistral-x-1');
    expect(models.ids()).toContain('anthropic/claude-opus-5');
    const build = buildModelNameTable(catalog);
    for (const name of ['Elevated errors on Claude Opus 5 and claude-haiku-4-5', 'Degraded Claude Twin 2', 'GPT-5.4 slow', 'Llama 3.3 70B errors', 'Opus 5 down', 'multiple models']) {
      expect(modelsNamed(name, table), name).toEqual(modelsNamed(name, build));
    }
  });
});

describe('matchOpenIncidents and liveIncidents', () => {
  const asset = readNamesAsset(namesAssetText(catalog, services));
  it('attaches each open incident to the models it names, precision first, and reads the table only for a new incident', async () => {
    let loads = 0;
    const load = async () => ((loads += 1), asset);
    const notices: string[] = [];
    const now = state({ anthropic: [incident('i1', 'Elevated errors on Claude Opus 5', 'major'), incident('i2', 'Degraded performance for Claude Twin 2'), incident('i3', 'Errors on GPT-5.4')], openai: [incident('o1', 'GPT-5.4 outage', 'critical')] });
    const first = await matchOpenIncidents(services, now, undefined, load, (line) => notices.push(line));
    expect(first.matched).toBe(4);
    expect(loads).toBe(1);
    expect(first.matches['anthropic i1']!.models).toEqual([['anthropic/claude-opus-5', 'Claude Opus 5', 'anthropic']]);
    // A name that fits two models attaches to neither, and the run's log hears it.
    expect(first.matches['anthropic i2']!.models).toEqual([]);
    expect(notices.join('\n')).toContain('fits anthropic/claude-test-a and anthropic/claude-test-b; attached to neither');
    // Out of the service's scope: Anthropic's page does not name OpenAI's model.
    expect(first.matches['anthropic i3']!.models).toEqual([]);
    expect(first.matches['openai o1']!.models.map((m) => m[0])).toEqual(['openai/gpt-5.4']);
    // The next run with the same incidents matches nothing again; a renamed one is matched anew.
    const again = await matchOpenIncidents(services, now, first.matches, load);
    expect([again.matched, loads]).toEqual([0, 1]);
    const renamed = state({ anthropic: [incident('i1', 'Elevated errors on Claude Haiku 4.5')] });
    const third = await matchOpenIncidents(services, renamed, first.matches, load);
    expect(third.matched).toBe(1);
    expect(Object.keys(third.matches)).toEqual(['anthropic i1']);
    expect(third.matches['anthropic i1']!.models.map((m) => m[0])).toEqual(['anthropic/claude-haiku-4.5']);
  });

  it('leaves an incident unmatched (to try again) when the table cannot be read, and names nothing without one', async () => {
    const now = state({ anthropic: [incident('i1', 'Elevated errors on Claude Opus 5')] });
    const notices: string[] = [];
    const failed = await matchOpenIncidents(services, now, undefined, () => Promise.reject(new Error('asset answered 500')), (line) => notices.push(line));
    expect(failed.matches).toEqual({});
    expect(notices[0]).toMatch(/cannot be read/);
    expect((await matchOpenIncidents(services, now, undefined, async () => null)).matches['anthropic i1']!.models).toEqual([]);
  });

  it('answers the open incidents by model, each counting while its page was read within two hours', async () => {
    const now = state({ anthropic: [incident('i1', 'Elevated errors on Claude Opus 5', 'major')], openai: [] });
    now.incident_models = (await matchOpenIncidents(services, now, undefined, async () => asset)).matches;
    const live = liveIncidents(now, '2026-11-28T00:06:00Z');
    expect([...live.services].sort()).toEqual(['anthropic', 'openai']);
    expect(live.byModel.get('anthropic/claude-opus-5')).toEqual([expect.objectContaining({ service_id: 'anthropic', id: 'i1', impact: 'major', resolved_at: null, counts: true })]);
    expect(live.names.get('anthropic/claude-opus-5')).toEqual(['Claude Opus 5', 'anthropic']);
    expect(liveIncidents(now, '2026-11-28T03:00:00Z').byModel.get('anthropic/claude-opus-5')![0]!.counts).toBe(false);
  });
});
