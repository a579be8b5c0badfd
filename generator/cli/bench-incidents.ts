/**
 * How many of a recorded status page's incidents attach to the models they name, on the
 * committed catalog, through the build's own matching (render/incident-models.ts): part of
 * `npm run bench`, and on its own: `npx tsx generator/cli/bench-incidents.ts [--data-dir data]
 * [--upstream DIR] [--verbose]`. Reads the newest `statuspage/anthropic-incidents-*.json` of the
 * recordings when present; prints figures, asserts nothing.
 */
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { matchIncidents, incidentModelSources } from '../render/incident-models.js';
import { asPublished, publishedPartOf } from '../render/part-of.js';
import { sourcedModel } from '../render/model-sources.js';
import type { ServiceHistory, StoredIncident } from '../status/history.js';
import { loadDataset } from '../store/data-store.js';
import { parseCli, runMain } from './args.js';

interface RecordedIncident {
  id: string;
  name: string;
  status: string;
  impact: string;
  created_at: string;
  started_at?: string | null;
  updated_at?: string | null;
  resolved_at?: string | null;
}

export async function incidentsBench(dataDir: string, upstream: string, verbose = false): Promise<void> {
  const dir = join(upstream, 'statuspage');
  const files = (await readdir(dir).catch(() => [] as string[])).filter((f) => /^anthropic-incidents-.*\.json$/.test(f)).sort();
  const file = files.at(-1);
  if (file === undefined) {
    console.log(`\nincidents naming models: no recorded Anthropic incident list under ${dir}; skipped`);
    return;
  }
  const recorded = (JSON.parse(await readFile(join(dir, file), 'utf8')) as { incidents: RecordedIncident[] }).incidents;
  const incidents: StoredIncident[] = recorded.map((i) => ({
    id: `official:${i.id}`,
    source: 'official',
    name: i.name,
    status: 'resolved',
    impact: 'minor',
    started_at: (i.started_at ?? i.created_at).replace(/\.\d+Z$/, 'Z'),
    updated_at: null,
    resolved_at: (i.resolved_at ?? i.updated_at ?? i.created_at).replace(/\.\d+Z$/, 'Z'),
    url: null,
  }));
  const asOf = incidents.map((i) => i.resolved_at!).sort().at(-1)!;
  const dataset = await loadDataset(dataDir);
  const anthropic = dataset.services.find((s) => s.id === 'anthropic');
  if (anthropic === undefined) {
    console.log('\nincidents naming models: data/services.json has no service anthropic; skipped');
    return;
  }
  const history: ServiceHistory = { id: 'anthropic', official: { snapshot: null, fetched_at: null, last_attempt_at: null, error: null }, probe: null, days: [], incidents };
  const partOf = publishedPartOf(dataset);
  const models = incidentModelSources([...dataset.models.values()].map((record) => sourcedModel(dataset, asPublished(record, partOf), asOf)));
  const notices: string[] = [];
  const index = matchIncidents([anthropic], new Map([['anthropic', history]]), models, asOf, (line) => notices.push(line));
  const named = incidents.filter((i) => index.named('anthropic', i.id).length > 0);
  const ambiguousOnly = incidents.filter((i) => index.named('anthropic', i.id).length === 0 && notices.some((n) => n.includes(` ${i.id} `)));
  console.log(`\nincidents naming models (${file}, ${incidents.length} incidents, the committed catalog): ${named.length} attach to at least one model (${named.reduce((n, i) => n + index.named('anthropic', i.id).length, 0)} attachments); ${ambiguousOnly.length} more name only models whose name fits two records (attached to neither: ${notices.length} notices)`);
  if (verbose) for (const i of incidents) console.log(`  ${i.started_at!.slice(0, 10)} ${i.name} → ${index.named('anthropic', i.id).join(', ') || '—'}`);
  if (verbose) for (const line of notices) console.log(`  notice: ${line}`);
}

async function main(): Promise<number> {
  const args = parseCli(process.argv.slice(2), { 'data-dir': { type: 'string', default: 'data' }, upstream: { type: 'string', default: '../shared/upstream' }, verbose: { type: 'boolean', default: false } });
  await incidentsBench(args['data-dir'], args.upstream, args.verbose);
  return 0;
}

if (process.argv[1]?.endsWith('bench-incidents.ts')) runMain(main);
