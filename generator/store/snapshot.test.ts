import { describe, expect, it } from 'vitest';
import type { ContentState } from '../publish/content-times.js';
import { decideSnapshot } from './snapshot.js';

const at = (day: string, hhmm: string) => `2026-09-${day}T${hhmm}:00Z`;
const entry = (material: string, time: string) => ({ content: material, updated_at: time, material, material_at: time });
function state(runAt: string, files: Record<string, string>): ContentState {
  return { last_run_at: runAt, files: Object.fromEntries(Object.entries(files).map(([p, m]) => [p, entry(m, runAt)])) };
}

describe("main's snapshot", () => {
  const main = state(at('01', '00:07'), { 'api/v1/models.json': 'a', 'api/v1/status.json': 's1' });

  it('is never renewed for status alone, however much it moves', () => {
    const decision = decideSnapshot({ main, state: state(at('03', '00:07'), { 'api/v1/models.json': 'a', 'api/v1/status.json': 's9' }), everyHours: 24, requested: false });
    expect(decision).toMatchObject({ due: false, changes: [] });
    expect(decision.message).toBe("no material catalog change since main's snapshot of 2026-09-01T00:07:00Z");
  });

  it('is renewed on a material catalog change, at most once per interval', () => {
    const changed = { 'api/v1/models.json': 'b', 'api/v1/models/x/new.json': 'n', 'api/v1/status.json': 's1' };
    const soon = decideSnapshot({ main, state: state(at('01', '12:07'), changed), everyHours: 24, requested: false });
    expect(soon).toMatchObject({ due: false, changes: ['api/v1/models.json', 'api/v1/models/x/new.json'] });
    expect(soon.message).toBe("2 catalog responses changed materially since main's snapshot of 2026-09-01T00:07:00Z; the next snapshot is due from 2026-09-02T00:07:00Z (at most one every 24 h)");
    expect(decideSnapshot({ main, state: state(at('02', '00:07'), changed), everyHours: 24, requested: false }).due).toBe(true);
    // A deploy that builds from main needs this run there now.
    expect(decideSnapshot({ main, state: state(at('01', '00:22'), {}), everyHours: 24, requested: true }).due).toBe(true);
  });
});
