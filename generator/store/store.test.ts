import fg from 'fast-glob';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DATA_FILES, DATA_LAYOUT, layoutEntry, SNAPSHOT_ENTRIES, UnknownDataFileError } from './layout.js';
import { asStore, DataStore, openStore } from './store.js';

describe('the data layout', () => {
  it('puts curated files in data/ and everything else in the state directory, when there is one', () => {
    const split = new DataStore('main/data', '.state');
    expect(split.path(DATA_FILES.services)).toBe(join('main/data', 'services.json'));
    expect(split.path(DATA_FILES.overrides)).toBe(join('main/data', 'overrides.json'));
    expect(split.path('models/openai/gpt-4o.json')).toBe(join('.state', 'models/openai/gpt-4o.json'));
    expect(split.path(DATA_FILES.models)).toBe(join('.state', 'models/'));
    expect(split.path('status/openai.json')).toBe(join('.state', 'status/openai.json'));
    expect(split.path(DATA_FILES.content)).toBe(join('.state', 'state/content.json'));
    // Without one (a fresh clone, a local update), every kind lives in data/ as on main.
    const single = asStore('data');
    expect(single).toEqual(openStore('data', ''));
    for (const entry of DATA_LAYOUT) expect(single.path(entry.path)).toBe(join('data', entry.path));
  });

  it('refuses to guess where a file it does not list lives', () => {
    expect(() => new DataStore('data', '.state').path('notes.json')).toThrow(UnknownDataFileError);
    expect(() => layoutEntry('modelsx/a.json')).toThrow(UnknownDataFileError);
  });

  it('lists every file of the committed data/, and snapshots exactly what the build reads besides curated files', async () => {
    const files = await fg('**/*', { cwd: 'data', onlyFiles: true });
    expect(files.length).toBeGreaterThan(100);
    for (const file of files) expect(() => layoutEntry(file), file).not.toThrow();
    // Curated files are main's own; the run-only state (the catalog's content times, rotation, held
    // additions, deploys) never travels.
    expect(SNAPSHOT_ENTRIES.map((e) => e.path).sort()).toEqual(['facts/', 'models/', 'price-history/', 'reports/disagreements.json', 'sources.json', 'state/content-freshness.json', 'status/'].sort());
    expect(DATA_LAYOUT.filter((e) => e.kind === 'curated').every((e) => !e.snapshot)).toBe(true);
  });

  it('keeps the run-only state off main, even after a local update without a state directory', async () => {
    const ignored = (await readFile('.gitignore', 'utf8')).split('\n');
    const runOnly = DATA_LAYOUT.filter((e) => e.kind !== 'curated' && !e.snapshot).map((e) => `/data/${e.path}`);
    expect(runOnly).toEqual(['/data/state/content.json', '/data/state/openrouter-endpoints.json', '/data/state/endpoint-stats.json', '/data/state/model-states.json', '/data/state/openrouter-pending-additions.json', '/data/state/publish.json', '/data/state/store.json']);
    for (const path of runOnly) expect(ignored).toContain(path);
  });
});
