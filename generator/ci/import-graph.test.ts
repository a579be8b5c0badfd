import fg from 'fast-glob';
import { readFile } from 'node:fs/promises';
import { dirname, join, normalize } from 'node:path';
import { describe, expect, it } from 'vitest';

/** Relative imports and re-exports of one module (type-only ones too: they tie the modules just the same). */
export function relativeImports(source: string): string[] {
  const specifiers: string[] = [];
  for (const match of source.matchAll(/^\s*(?:import|export)\b[^'";]*?\bfrom\s+'(\.{1,2}\/[^']+)'/gm)) specifiers.push(match[1]!);
  for (const match of source.matchAll(/\bimport\(\s*'(\.{1,2}\/[^']+)'\s*\)/g)) specifiers.push(match[1]!);
  return specifiers;
}

/** Every cycle's modules, found by a depth-first walk; each cycle reported once, from its first module. */
export function importCycles(graph: ReadonlyMap<string, readonly string[]>): string[][] {
  const cycles: string[][] = [];
  const seen = new Set<string>();
  const done = new Set<string>();
  const stack: string[] = [];
  const visit = (node: string): void => {
    if (done.has(node)) return;
    const at = stack.indexOf(node);
    if (at !== -1) {
      const cycle = stack.slice(at);
      const key = [...cycle].sort().join(' ');
      if (!seen.has(key)) {
        seen.add(key);
        cycles.push([...cycle, node]);
      }
      return;
    }
    stack.push(node);
    for (const next of graph.get(node) ?? []) visit(next);
    stack.pop();
    done.add(node);
  };
  for (const node of [...graph.keys()].sort()) visit(node);
  return cycles;
}

/**
 * The layers, bottom to top: the top-level folders of generator/ (root files such as config.ts
 * are `(root)`; packages/modelpulse/src is `package`). A folder imports its own layer and the
 * ones below it; an import up the order is an arrow against the architecture (docs/development.md,
 * "Layers"). A new folder must be placed here.
 */
export const LAYERS = [
  '(root)', // config.ts: settings from the environment
  'text',
  'validation',
  'http',
  'models',
  'sources',
  'status',
  'publish',
  'store',
  'bounds',
  'types', // the API's TypeScript shapes
  'query',
  'render',
  'client',
  'web',
  'package',
  'host',
  'assemble',
  'update',
  'testing',
  'bench',
  'cli',
  'tools',
  'ci',
] as const;

/**
 * The arrows up the order that remain, each with its reason (at most 5; a new one fails with the
 * imports that make it, and one that is gone must leave the list).
 */
export const ALLOWED_UPWARD = [
  // The merge in models/ reads the facts sources/ define (sources/facts.ts: ModelFacts, the fact
  // sources and their price units; sources/identity.ts: which record is which model), while each
  // source translates into models' record, prices and dates. Untangling it means moving the facts
  // types down into models/, a larger move than this one.
  'models → sources',
];

/** The layer a module belongs to: its top-level folder under generator/, `(root)`, or `package`. */
export function layerOf(file: string): string {
  const parts = file.split('/');
  if (parts[0] === 'packages') return 'package';
  return parts.length > 2 ? parts[1]! : '(root)';
}

/** Folder-level arrows (`from → to`) of a module graph, each with the module imports that make it. */
export function layerArrows(graph: ReadonlyMap<string, readonly string[]>): Map<string, string[]> {
  const arrows = new Map<string, string[]>();
  for (const [file, imports] of graph) {
    for (const target of imports) {
      const from = layerOf(file);
      const to = layerOf(target);
      if (from === to) continue;
      const arrow = `${from} → ${to}`;
      arrows.set(arrow, [...(arrows.get(arrow) ?? []), `${file} → ${target}`]);
    }
  }
  return arrows;
}

/** The arrows that run up `layers` (from a lower layer to a higher one), sorted; unknown layers are left to the caller. */
export function upwardArrows(arrows: ReadonlyMap<string, readonly string[]>, layers: readonly string[]): string[] {
  return [...arrows.keys()].filter((arrow) => {
    const [from, to] = arrow.split(' → ') as [string, string];
    return layers.indexOf(from) < layers.indexOf(to);
  }).sort();
}

/** Every non-test module of the generator and the package, with the modules it imports. */
async function moduleGraph(): Promise<Map<string, string[]>> {
  const files = await fg(['generator/**/*.ts', 'packages/*/src/**/*.ts'], { ignore: ['**/*.test.ts', '**/node_modules/**'] });
  const graph = new Map<string, string[]>();
  for (const file of files) {
    const imports = relativeImports(await readFile(file, 'utf8')).map((spec) => normalize(join(dirname(file), spec)).replace(/\.js$/, '.ts'));
    graph.set(normalize(file), imports);
  }
  return graph;
}

describe('module imports', () => {
  it('finds a cycle in a small graph, and none in a tree', () => {
    expect(importCycles(new Map([['a', ['b']], ['b', ['c']], ['c', ['a']]]))).toEqual([['a', 'b', 'c', 'a']]);
    expect(importCycles(new Map([['a', ['b', 'c']], ['b', ['c']], ['c', []]]))).toEqual([]);
    expect(relativeImports("import type { X } from './x.js';\nexport { y } from '../y.js';\nimport z from 'zod';\nconst w = await import('./w.js');")).toEqual(['./x.js', '../y.js', './w.js']);
  });

  it('counts the folder arrows that run up the layers in a small graph', () => {
    const graph = new Map([
      ['generator/low/a.ts', ['generator/low/b.ts', 'generator/high/c.ts']],
      ['generator/low/b.ts', ['generator/config.ts']],
      ['generator/high/c.ts', ['generator/low/b.ts', 'generator/mid/d.ts']],
      ['generator/mid/d.ts', ['generator/high/c.ts', 'packages/modelpulse/src/e.ts']],
      ['packages/modelpulse/src/e.ts', ['generator/low/a.ts']],
    ]);
    const arrows = layerArrows(graph);
    expect([...arrows.keys()].sort()).toEqual(['high → low', 'high → mid', 'low → (root)', 'low → high', 'mid → high', 'mid → package', 'package → low']);
    expect(arrows.get('low → high')).toEqual(['generator/low/a.ts → generator/high/c.ts']);
    expect(upwardArrows(arrows, ['(root)', 'low', 'mid', 'package', 'high'])).toEqual(['low → high', 'mid → high', 'mid → package']);
  });

  it('run one way: no module of the generator or the package imports itself through others', async () => {
    const graph = await moduleGraph();
    expect(graph.size).toBeGreaterThan(100);
    expect(importCycles(graph).map((cycle) => cycle.join(' → '))).toEqual([]);
  });

  it(`run down the layers, but for ${ALLOWED_UPWARD.length} arrows allowed up (at most 5)`, async () => {
    const graph = await moduleGraph();
    const layers = new Set([...graph.keys()].map(layerOf));
    // Every folder is placed, and every placed folder exists.
    expect([...layers].filter((layer) => !(LAYERS as readonly string[]).includes(layer)).sort()).toEqual([]);
    expect(LAYERS.filter((layer) => !layers.has(layer))).toEqual([]);
    const arrows = layerArrows(graph);
    const upward = upwardArrows(arrows, LAYERS);
    // A new arrow up fails with its name and the imports that make it.
    expect(Object.fromEntries(upward.filter((arrow) => !ALLOWED_UPWARD.includes(arrow)).map((arrow) => [arrow, arrows.get(arrow)]))).toEqual({});
    // An allowed arrow that is gone leaves the list, so it cannot come back unnoticed.
    expect(ALLOWED_UPWARD.filter((arrow) => !upward.includes(arrow))).toEqual([]);
    expect(ALLOWED_UPWARD.length).toBeLessThanOrEqual(5);
  });
});
