import { describe, expect, it } from 'vitest';
import { EMPTY_CONTENT_STATE } from '../publish/content-times.js';
import type { RenderedFile } from '../render/rendered.js';
import { SimulatedSite } from './sim-site.js';

const text = (path: string, body: string): RenderedFile => ({ path, text: body });

describe("the simulated run's site", () => {
  it('keeps the files the build adds beside the API, and drops a response no run renders any more', () => {
    const site = new SimulatedSite(new Map([['api/v1/client.js', 'export {}'], ['index.html', '<!doctype html>']]));
    expect(site.update([text('api/v1/models.json', '[1]'), text('api/v1/models/a/b.json', '{}')], EMPTY_CONTENT_STATE).sort()).toEqual(['api/v1/models.json', 'api/v1/models/a/b.json']);
    // The next run no longer renders a/b: it is removed; the client, rendered by no run, stays.
    expect(site.update([text('api/v1/models.json', '[]')], EMPTY_CONTENT_STATE).sort()).toEqual(['api/v1/models.json', 'api/v1/models/a/b.json']);
    expect([...site.files.keys()].sort()).toEqual(['api/v1/client.js', 'api/v1/models.json', 'index.html']);
  });
});
