/**
 * Writes files below one directory on a worker thread, while the main thread goes on serializing
 * and validating the rest of the site: a full build's CPU work and its writes overlap instead of
 * following each other (the copy floor, `cp -r`, does nothing but write). Used only to stage a
 * top-level directory that does not exist in the output yet (incremental-write.ts renames it in
 * whole); nothing the stager writes is visible in the output before the commit.
 */
import { Worker } from 'node:worker_threads';

/** CommonJS, run with `eval`: no loader needed, in a build or under the test runner alike. */
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const { mkdirSync, writeFileSync } = require('node:fs');
const { dirname, join } = require('node:path');
const made = new Set();
let failure = null;
parentPort.on('message', (message) => {
  if (message === null) return parentPort.postMessage({ failure });
  if (failure !== null) return;
  try {
    const target = join(workerData.root, message.path);
    const dir = dirname(target);
    if (!made.has(dir)) {
      mkdirSync(dir, { recursive: true });
      made.add(dir);
    }
    writeFileSync(target, message.bytes);
  } catch (error) {
    failure = error instanceof Error ? error.message : String(error);
  }
});
`;

export class TreeStager {
  private readonly worker: Worker;
  private readonly sent = new Map<string, string | Buffer>();
  private finished: Promise<ReadonlyMap<string, string | Buffer>> | null = null;

  /** Stages below `root`, which exists and is empty. */
  constructor(readonly root: string) {
    this.worker = new Worker(WORKER_SOURCE, { eval: true, workerData: { root } });
    // A failure is reported by finish(); an error of the thread itself too.
    this.worker.on('error', () => undefined);
  }

  /** Starts writing `bytes` to `root/path` (a normalized relative path: the caller checked it). */
  add(path: string, bytes: string | Buffer): void {
    if (this.finished !== null) throw new Error('the stager has finished');
    this.sent.set(path, bytes);
    this.worker.postMessage({ path, bytes });
  }

  /** Waits for every write; resolves with what was written (path → bytes), rejects with the first failure. */
  finish(): Promise<ReadonlyMap<string, string | Buffer>> {
    this.finished ??= new Promise<ReadonlyMap<string, string | Buffer>>((resolve, reject) => {
      this.worker.once('message', ({ failure }: { failure: string | null }) => {
        void this.worker.terminate();
        if (failure === null) resolve(this.sent);
        else reject(new Error(`staging ${this.root}: ${failure}`));
      });
      this.worker.once('error', reject);
      this.worker.postMessage(null);
    });
    return this.finished;
  }

  /** Stops writing (what was written stays for the caller to remove). */
  async abort(): Promise<void> {
    await this.worker.terminate();
  }
}
