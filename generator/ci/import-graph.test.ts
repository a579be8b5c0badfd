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

describe('module imports', () => {
  it('finds a cycle in a small graph, and none in a tree', () => {
    expect(importCycles(new Map([['a', ['b']], ['b', ['c']], ['c', ['a']]]))).toEqual([['a', 'b', 'c', 'a']]);
    expect(importCycles(new Map([['a', ['b', 'c']], ['b', ['c']], ['c', []]]))).toEqual([]);
    expect(relativeImports("import type { X } from './x.js';\nexport { y } from '../y.js';\nimport z from 'zod';")).toEqual(['./x.js', '../y.js']);
  });

  it('run one way: no module of the generator or the package imports itself through others', async () => {
    const files = await fg(['generator/**/*.ts', 'packages/*/src/**/*.ts'], { ignore: ['**/*.test.ts', '**/node_modules/**'] });
    const graph = new Map<string, string[]>();
    for (const file of files) {
      const imports = relativeImports(await readFile(file, 'utf8')).map((spec) => normalize(join(dirname(file), spec)).replace(/\.js$/, '.ts'));
      graph.set(normalize(file), imports);
    }
    expect(graph.size).toBeGreaterThan(100);
    expect(importCycles(graph).map((cycle) => cycle.join(' → '))).toEqual([]);
  });
});
