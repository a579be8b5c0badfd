import { describe, expect, it } from 'vitest';
import { asOfAfterRun, EMPTY_CONTENT_STATE, materialChangesSince, nextContentState, updatedAtFor } from './content-times.js';
import { jsonFingerprints } from './fingerprint.js';
import { loadContentState, saveContentState } from '../store/content-store.js';
import { tempDir } from '../testing/tree.js';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

const SITE = 'https://pulse.example.org';
const service = (latency: number, status = 'operational') => ({
  data: { id: 'svc', status, probe: { ok: true, latency_ms: latency, checked_at: '2026-09-01T00:00:00Z' } },
  meta: { updated_at: null, attribution: { url: SITE } },
});

describe('fingerprints', () => {
  it('ignore the site URL and the response’s own updated_at', () => {
    const a = jsonFingerprints({ data: [1], meta: { updated_at: '2026-01-01T00:00:00Z', attribution: { url: SITE } } }, SITE);
    const b = jsonFingerprints({ data: [1], meta: { updated_at: null, attribution: { url: 'https://fork.example.net' } } }, 'https://fork.example.net');
    expect(a).toEqual(b);
    expect(a.material).toBe(a.content);
  });

  it('see a latency wobble as content but not as material; a status change as both', () => {
    const base = jsonFingerprints(service(120), SITE);
    const wobble = jsonFingerprints(service(135), SITE);
    const down = jsonFingerprints(service(120, 'major_outage'), SITE);
    expect(wobble.content).not.toBe(base.content);
    expect(wobble.material).toBe(base.material);
    expect(down.material).not.toBe(base.material);
  });
});

describe('content times', () => {
  const fp = (content: string, material = content) => ({ content, material });

  it('keep the first time a content was seen, and move only what changed', () => {
    const first = nextContentState(EMPTY_CONTENT_STATE, new Map([['a.json', fp('1')], ['s.json', fp('x', 'm')]]), '2026-09-01T00:00:00Z');
    const second = nextContentState(first, new Map([['a.json', fp('1')], ['s.json', fp('y', 'm')], ['b.json', fp('2')]]), '2026-09-01T00:15:00Z');
    expect(second.files['a.json']).toEqual({ content: '1', updated_at: '2026-09-01T00:00:00Z', material: '1', material_at: '2026-09-01T00:00:00Z' });
    expect(second.files['s.json']).toEqual({ content: 'y', updated_at: '2026-09-01T00:15:00Z', material: 'm', material_at: '2026-09-01T00:00:00Z' });
    expect(materialChangesSince(second, '2026-09-01T00:00:00Z')).toEqual(['b.json']);
    expect(materialChangesSince(second, null)).toEqual(['a.json', 'b.json', 's.json']);
    expect(updatedAtFor(second, 'a.json', '1', 'fallback')).toBe('2026-09-01T00:00:00Z');
    // Content update never saw (a hand edit of data/) carries the fallback, never the clock.
    expect(updatedAtFor(second, 'a.json', '9', '2026-09-01T00:15:00Z')).toBe('2026-09-01T00:15:00Z');
    expect(updatedAtFor(second, 'gone.json', '1', '2026-09-01T00:15:00Z')).toBe('2026-09-01T00:15:00Z');
  });

  it('move as_of to a run only where a catalog response changed materially, appeared or went', () => {
    const first = nextContentState(EMPTY_CONTENT_STATE, new Map([['api/v1/models.json', fp('1')], ['api/v1/status.json', fp('s1', 'm')]]), '2026-09-01T00:00:00Z');
    expect(first.as_of).toBe('2026-09-01T00:00:00Z');
    // The status files' checks move (freshness) and a catalog file's volatile figure wobbles: not news.
    const quiet = nextContentState(first, new Map([['api/v1/models.json', fp('2', '1')], ['api/v1/status.json', fp('s2', 'm2')]]), '2026-09-01T00:15:00Z');
    expect(quiet.as_of).toBe('2026-09-01T00:00:00Z');
    expect(quiet.last_run_at).toBe('2026-09-01T00:15:00Z');
    const changed = new Map([['api/v1/models.json', fp('3')], ['api/v1/status.json', fp('s2', 'm2')]]);
    expect(asOfAfterRun(quiet, changed, '2026-09-01T00:30:00Z')).toBe('2026-09-01T00:30:00Z');
    const added = new Map([['api/v1/models.json', fp('2', '1')], ['api/v1/models/a/b.json', fp('4')], ['api/v1/status.json', fp('s2', 'm2')]]);
    expect(asOfAfterRun(quiet, added, '2026-09-01T00:30:00Z')).toBe('2026-09-01T00:30:00Z');
    const gone = new Map([['api/v1/status.json', fp('s2', 'm2')]]);
    expect(asOfAfterRun(quiet, gone, '2026-09-01T00:30:00Z')).toBe('2026-09-01T00:30:00Z');
    // A state from before as_of was recorded: the run starts it.
    expect(asOfAfterRun({ ...quiet, as_of: null }, new Map([['api/v1/models.json', fp('2', '1')]]), '2026-09-01T00:30:00Z')).toBe('2026-09-01T00:30:00Z');
  });

  it('round-trip through state/content.json and content-freshness.json, one line per file, and refuse a broken file', async () => {
    const dataDir = await tempDir('content-state');
    const state = nextContentState(EMPTY_CONTENT_STATE, new Map([['a.json', fp('0123abcd')], ['api/v1/status/s.json', fp('0123abcd', 'ffee')], ['api/v1/index.json', fp('4567')]]), '2026-09-01T00:00:00Z');
    await saveContentState(dataDir, state);
    expect(await loadContentState(dataDir)).toEqual(state);
    // What changes with every run (the run's time, the freshness responses) is a file of its own.
    expect(JSON.parse(await readFile(join(dataDir, 'state/content.json'), 'utf8'))).toEqual({ files: { 'a.json': '0123abcd 2026-09-01T00:00:00Z' } });
    expect(Object.keys((JSON.parse(await readFile(join(dataDir, 'state/content-freshness.json'), 'utf8')) as { files: object }).files)).toEqual(['api/v1/index.json', 'api/v1/status/s.json']);
    // The single file older versions wrote still reads.
    await writeFile(join(dataDir, 'state/content.json'), JSON.stringify({ last_run_at: '2026-08-01T00:00:00Z', files: { 'b.json': 'ab 2026-08-01T00:00:00Z' } }));
    await rm(join(dataDir, 'state/content-freshness.json'));
    expect(await loadContentState(dataDir)).toEqual({ last_run_at: '2026-08-01T00:00:00Z', as_of: null, files: { 'b.json': { content: 'ab', updated_at: '2026-08-01T00:00:00Z', material: 'ab', material_at: '2026-08-01T00:00:00Z' } } });
    await mkdir(join(dataDir, 'state'), { recursive: true });
    await writeFile(join(dataDir, 'state/content.json'), JSON.stringify({ last_run_at: null, files: { 'a.json': 'not a line' } }));
    await expect(loadContentState(dataDir)).rejects.toThrow(/content.json is invalid/);
    // An as-of that is no time is refused too (the build then judges at the last run's time).
    await rm(join(dataDir, 'state/content.json'));
    await writeFile(join(dataDir, 'state/content-freshness.json'), JSON.stringify({ last_run_at: '2026-08-01T00:00:00Z', as_of: 'yesterday', files: {} }));
    await expect(loadContentState(dataDir)).rejects.toThrow(/content-freshness.json is invalid/);
  });
});
