/**
 * `npm test`: the type check (`tsc --noEmit`) and the vitest suite at once, not one after the
 * other. The type check (TypeScript 7's native compiler, about 9 s of CPU) run first left the
 * cores to it alone while the suite waited (docs/development.md, "Where the suite's time goes").
 * Arguments go to vitest (`npm test -- generator/query`). The type check's output is printed when
 * it ends; the command fails when either fails.
 */
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

const require = createRequire(import.meta.url);
// TypeScript 7 exports no `bin/tsc` path: its command is found beside its package.json.
const TSC = join(dirname(require.resolve('typescript/package.json')), 'bin/tsc');
const VITEST = join(dirname(require.resolve('vitest/package.json')), 'vitest.mjs');

/** Runs `node script args`; `quiet` collects its output instead of passing it through. */
function run(script: string, args: string[], quiet: boolean): Promise<{ code: number; out: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [script, ...args], { stdio: quiet ? ['ignore', 'pipe', 'pipe'] : 'inherit' });
    let out = '';
    child.stdout?.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.stderr?.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.once('error', (error) => resolve({ code: 1, out: `${out}could not start ${script}: ${error.message}\n` }));
    child.once('close', (code) => resolve({ code: code ?? 1, out }));
  });
}

const typeCheck = run(TSC, ['--noEmit'], true).then((result) => {
  if (result.code === 0) console.log('type check (tsc --noEmit): no errors');
  else process.stdout.write(`type check (tsc --noEmit) FAILED (exit ${result.code}):\n${result.out}`);
  return result.code;
});
const suite = run(VITEST, ['run', ...process.argv.slice(2)], false).then((result) => result.code);
const [types, tests] = await Promise.all([typeCheck, suite]);
if (types !== 0) console.error('npm test: the type check failed (its errors are printed above)');
process.exitCode = types !== 0 ? types : tests;
