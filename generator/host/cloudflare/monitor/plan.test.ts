import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { ServiceDefinition } from '../../../status/registry.js';
import { groupCount, planRun, requestsOf, RUN_SUBREQUESTS, SUBREQUEST_LIMIT } from './plan.js';

const registry = JSON.parse(readFileSync(new URL('../../../../data/services.json', import.meta.url), 'utf8')) as ServiceDefinition[];
const times = (n: number): ServiceDefinition[] => Array.from({ length: n }, (_, k) => registry.map((s) => ({ ...s, id: `${s.id}-${k}` }))).flat();

describe('the monitor plan within 50 subrequests a run', () => {
  it('observes today\'s registry in one run, with room to retry failed probes', () => {
    const plan = planRun(registry, 29_000_000);
    expect(plan.groups).toBe(1);
    expect(plan.services.length).toBe(registry.length);
    const spent = plan.services.reduce((sum, s) => sum + requestsOf(s), 0);
    expect(spent + plan.spare).toBe(RUN_SUBREQUESTS);
    expect(RUN_SUBREQUESTS).toBeLessThan(SUBREQUEST_LIMIT);
  });

  it('spreads three times as many services over minutes, every one observed once per cycle', () => {
    const many = times(3);
    const groups = groupCount(many);
    expect(groups).toBeGreaterThan(1);
    const seen = new Map<string, number>();
    for (let minute = 0; minute < groups; minute += 1) {
      const plan = planRun(many, 1_000 + minute);
      expect(plan.services.reduce((sum, s) => sum + requestsOf(s), 0)).toBeLessThanOrEqual(RUN_SUBREQUESTS);
      for (const s of plan.services) seen.set(s.id, (seen.get(s.id) ?? 0) + 1);
    }
    expect(seen.size).toBe(many.length);
    expect([...seen.values()].every((n) => n === 1)).toBe(true);
  });

  it('reads no page for Google Cloud (its feed stays with the 15-minute refresh) nor for a service without one', () => {
    const gcp = registry.find((s) => s.status_page.type === 'gcp')!;
    const none = registry.find((s) => s.status_page.type === 'none')!;
    expect([requestsOf(gcp), requestsOf(none)]).toEqual([1, 1]);
  });

  it('halves the first run of an isolate, the other half observed by the group\'s next run', () => {
    for (const [services, minute] of [[registry, 7_001], [registry, 7_002], [times(3), 7_001], [times(3), 7_002]] as const) {
      const full = planRun(services, minute);
      const first = planRun(services, minute, { firstOfIsolate: true });
      expect(first.halved).toBe(true);
      expect(full.halved).toBe(false);
      expect(first.services.length).toBeLessThanOrEqual(Math.ceil(full.services.length / 2));
      expect(first.services.length).toBeGreaterThanOrEqual(Math.floor(full.services.length / 2));
      // A subset of the minute's group, so the rest of the group keeps its turn.
      expect(first.services.every((s) => full.services.includes(s))).toBe(true);
      expect(first.spare).toBeGreaterThan(full.spare);
      // The group's next run (G minutes later, not a first run) observes the whole group again.
      const next = planRun(services, minute + full.groups);
      expect(next.services.map((s) => s.id)).toEqual(full.services.map((s) => s.id));
    }
  });
});
