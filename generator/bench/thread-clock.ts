/**
 * The calling thread's CPU time in nanoseconds, exact: POSIX's `CLOCK_THREAD_CPUTIME_ID`, reached
 * through Node's WASI (`clock_time_get` with WASI's thread CPU clock, which libuv's uvwasi answers
 * with `clock_gettime(CLOCK_THREAD_CPUTIME_ID)`). Node 20 has no other way to ask it
 * (`process.threadCpuUsage` came in Node 23.9), and Linux's `/proc/.../schedstat` moves only when
 * the scheduler ticks (every 4 ms on this machine), too coarse for a run of a few milliseconds.
 * The module is ten instructions, assembled here byte by byte: one function, `now`, that calls
 * `clock_time_get(3 = thread CPU, precision 1 ns, out at address 0)` and returns what it wrote.
 */
import { WASI } from 'node:wasi';

const name = (text: string): number[] => [text.length, ...Buffer.from(text, 'latin1')];
const section = (id: number, bytes: number[]): number[] => [id, bytes.length, ...bytes];
const I32 = 0x7f;
const I64 = 0x7e;
const FUNC = 0x60;

const MODULE = new Uint8Array([
  0x00, 0x61, 0x73, 0x6d, 0x01, 0x00, 0x00, 0x00, // "\0asm", version 1
  // types: 0 = (i32 clock, i64 precision, i32 out) -> i32 errno; 1 = () -> i64
  ...section(1, [2, FUNC, 3, I32, I64, I32, 1, I32, FUNC, 0, 1, I64]),
  ...section(2, [1, ...name('wasi_snapshot_preview1'), ...name('clock_time_get'), 0x00, 0]), // import function 0, type 0
  ...section(3, [1, 1]), // function 1 has type 1
  ...section(5, [1, 0x00, 1]), // one memory of one page (WASI writes the time into it)
  ...section(7, [2, ...name('memory'), 0x02, 0, ...name('now'), 0x00, 1]),
  ...section(10, [1, 16, 0, // one body of 16 bytes, no locals:
    0x41, 3, 0x42, 1, 0x41, 0, 0x10, 0, 0x1a, // clock_time_get(3, 1n, 0); drop errno
    0x41, 0, 0x29, 3, 0, 0x0b]), // return i64.load(0)
]);

/** The thread CPU clock, or null where WASI or the clock is missing (then callers fall back). */
function threadClock(): (() => bigint) | null {
  try {
    // WASI prints an "experimental" warning once; this is a bench, and the warning says nothing wrong.
    const wasi = new WASI({ version: 'preview1' });
    const instance = new WebAssembly.Instance(new WebAssembly.Module(MODULE), wasi.getImportObject() as WebAssembly.Imports);
    wasi.initialize(instance);
    const now = instance.exports['now'] as () => bigint;
    const first = now();
    return first > 0n ? now : null;
  } catch {
    return null;
  }
}

const clock = threadClock();

/** The calling thread's CPU time so far in nanoseconds, or null where it cannot be read exactly. */
export function threadCpuNs(): number | null {
  return clock === null ? null : Number(clock());
}
