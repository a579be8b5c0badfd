import type { ChildProcess } from 'node:child_process';

/**
 * Waits until a child process prints a line matching `pattern` (on stdout or stderr), and
 * returns the match; rejects with everything it printed if it exits first or takes longer than
 * `timeoutMs` (a limit on starting up, never a test assertion). `output()` keeps collecting.
 */
export function waitForOutput(child: ChildProcess, pattern: RegExp, timeoutMs: number, what: string): { ready: Promise<RegExpExecArray>; output: () => string } {
  let output = '';
  const ready = new Promise<RegExpExecArray>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`${what} did not start within ${timeoutMs} ms:\n${output}`)), timeoutMs);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = pattern.exec(output);
      if (match !== null) {
        clearTimeout(timer);
        resolve(match);
      }
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`${what} exited with ${code}:\n${output}`));
    });
  });
  return { ready, output: () => output };
}
