/**
 * Writes files below one directory on a worker thread, while the main thread goes on serializing
 * and validating the rest of the site: a full build's CPU work and its writes overlap instead of
 * following each other (the copy floor, `cp -r`, does nothing but write). Used only to stage a
 * top-level directory that does not exist in the output yet (incremental-write.ts renames it in
 * whole); nothing the stager writes is visible in the output before the commit.
 */
import { mkdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import { exists, isSitePath, openTransaction, OWNER, readOr, recoverInterruptedWrite } from './write-transaction.js';

/** CommonJS, run with `eval`: no loader needed, in a build or under the test runner alike. */
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const { mkdirSync, writeFileSync } = require('node:fs');
const { dirname, join } = require('node:path');
const made = new Set();
let failure = null;
parentPort.on('message', (batch) => {
  if (batch === null) return parentPort.postMessage({ failure });
  for (const message of batch) {
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
  }
});
`;

/**
 * Files handed to the thread in one message: a message per file cost the main thread more than
 * the write it saved (the 11,547 `cheapest` files), and a batch still reaches the disk while the
 * rest is serialized.
 */
const BATCH = 256;

export class TreeStager {
  private readonly worker: Worker;
  private readonly sent = new Map<string, string | Buffer>();
  private batch: Array<{ path: string; bytes: string | Buffer }> = [];
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
    this.batch.push({ path, bytes });
    if (this.batch.length >= BATCH) this.flush();
  }

  private flush(): void {
    if (this.batch.length === 0) return;
    this.worker.postMessage(this.batch);
    this.batch = [];
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
      this.flush();
      this.worker.postMessage(null);
    });
    return this.finished;
  }

  /** Stops writing (what was written stays for the caller to remove). */
  async abort(): Promise<void> {
    await this.worker.terminate();
  }
}

/** A write's transaction opened early, a new top-level directory staged into it as its files come. */
export interface EarlyTree {
  transaction: string;
  top: string;
  /** Stages `api/…` (a path below `top`) ahead of the write. */
  add(path: string, bytes: string | Buffer): void;
  stager: TreeStager;
}

/**
 * When the output has no `top` yet (a full build into an empty output), opens the write's
 * transaction now and stages the files below `top` on a worker thread as the build hands them
 * over, so their writes overlap the rest of the build; null otherwise (a rebuild writes few
 * files). It recovers what a killed build left and takes the lock first, as the write does;
 * nothing reaches the output before the commit. A build that fails calls abortEarlyTree.
 */
export function beginEarlyTree(outDir: string, top: string): EarlyTree | null {
  mkdirSync(outDir, { recursive: true });
  recoverInterruptedWrite(outDir);
  if (exists(join(outDir, top))) return null;
  const transaction = openTransaction(outDir);
  mkdirSync(join(transaction, 'tree'));
  const stager = new TreeStager(join(transaction, 'tree'));
  return {
    transaction,
    top,
    stager,
    add(path, bytes) {
      // The same check as the write's: nothing can be staged outside the transaction.
      if (path.split('/')[0] === top && isSitePath(path)) stager.add(path, bytes);
    },
  };
}

/** Undoes beginEarlyTree: stops the stager and removes the transaction, when it is still this build's. */
export async function abortEarlyTree(early: EarlyTree): Promise<void> {
  await early.stager.abort();
  if (readOr(join(early.transaction, OWNER), '') === String(process.pid)) rmSync(early.transaction, { recursive: true, force: true });
}
