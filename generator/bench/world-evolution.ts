/**
 * How the upstream world changes between 15-minute runs in the simulated year, at rates derived
 * from the real recordings in shared/upstream (read once by hand; the bench needs none of it):
 * - OpenRouter catalogs of 2026-03-29, 05-01 and 08-01 (125 days): 112 models added, 121 removed
 *   and 93 models with a new input or output price, so about 0.9 additions, 0.97 delistings and
 *   0.74 price changes a day;
 * - Anthropic's Statuspage incidents.json: 50 incidents from 2026-07-17 to 08-20 (34 days), so
 *   1.47 a day, lasting 66 minutes at the median and 150 on average. Every simulated service gets
 *   Anthropic's rate: an upper bound (it is among the busiest pages).
 * Pure: a seeded generator, the world and a clock in, the changed world and its events out.
 */
import type { World, WorldModel } from '../testing/world.js';

export const RATES_PER_DAY = { priceChanges: 0.74, additions: 0.9, delistings: 0.97, incidentsPerService: 1.47 } as const;
export const MEAN_INCIDENT_MINUTES = 150;
/** While an incident is open, our probe fails this often (most incidents are partial). */
export const PROBE_FAILURE_IN_INCIDENT = 0.3;

export type Random = () => number;

/** A small seeded generator (LCG): the same simulation on every run of the bench. */
export function seededRandom(seed: number): Random {
  let state = seed >>> 0;
  return () => {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}

/** How many events of a Poisson process with this daily rate happen in `minutes`. */
export function poisson(random: Random, perDay: number, minutes: number): number {
  const mean = (perDay * minutes) / 1440;
  let count = 0;
  let p = Math.exp(-mean);
  let cumulative = p;
  const u = random();
  while (u > cumulative && count < 50) {
    count += 1;
    p *= mean / count;
    cumulative += p;
  }
  return count;
}

export interface WorldEvents {
  priceChanges: number;
  added: number;
  delisted: number;
  incidentsOpened: number;
  incidentsResolved: number;
}

const perToken = (perMillion: number) => (perMillion / 1e6).toPrecision(6).replace(/\.?0+$/, '');

/** The world after `minutes` more of upstream life. */
export function evolveWorld(world: World, random: Random, minutes: number, serial: { next: number }): { world: World; events: WorldEvents } {
  const events: WorldEvents = { priceChanges: 0, added: 0, delisted: 0, incidentsOpened: 0, incidentsResolved: 0 };
  let models = [...world.models];
  for (let i = poisson(random, RATES_PER_DAY.priceChanges, minutes); i > 0 && models.length > 0; i -= 1) {
    const index = Math.floor(random() * models.length);
    const model = models[index]!;
    // Real changes are mostly cuts of 10-60%, sometimes rises.
    const factor = random() < 0.7 ? 0.4 + random() * 0.5 : 1.1 + random() * 0.9;
    models[index] = { ...model, prompt: perToken(Number(model.prompt) * 1e6 * factor), completion: perToken(Number(model.completion) * 1e6 * factor) };
    events.priceChanges += 1;
  }
  for (let i = poisson(random, RATES_PER_DAY.delistings, minutes); i > 0 && models.length > 1; i -= 1) {
    models.splice(Math.floor(random() * models.length), 1);
    events.delisted += 1;
  }
  for (let i = poisson(random, RATES_PER_DAY.additions, minutes); i > 0; i -= 1) {
    serial.next += 1;
    const added: WorldModel = { id: `simlab/model-${serial.next}`, prompt: perToken(0.1 + random() * 5), completion: perToken(0.4 + random() * 15), intelligence: random() < 0.4 ? Math.round(10 + random() * 50) : null };
    models = [...models, added];
    events.added += 1;
  }
  const services = world.services.map((service) => {
    let incidents = service.incidents.filter(() => {
      const resolved = random() < minutes / MEAN_INCIDENT_MINUTES;
      if (resolved) events.incidentsResolved += 1;
      return !resolved;
    });
    for (let i = poisson(random, RATES_PER_DAY.incidentsPerService, minutes); i > 0; i -= 1) {
      serial.next += 1;
      incidents = [...incidents, { id: `sim${serial.next}`, name: 'Elevated errors', impact: random() < 0.6 ? 'minor' : 'major' }];
      events.incidentsOpened += 1;
    }
    const indicator = incidents.some((inc) => inc.impact === 'major') ? 'major' : incidents.length > 0 ? 'minor' : 'none';
    const probe = incidents.length > 0 && random() < PROBE_FAILURE_IN_INCIDENT ? 500 : 401;
    return { ...service, incidents, indicator, probe } as const;
  });
  return { world: { models, services }, events };
}
