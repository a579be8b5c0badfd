/**
 * The data store every stage reads and writes through: main's data/ (curated files and the
 * embedded snapshot) and, when the refresh job restored one, the state directory (the catalog and
 * the volatile state, see layout.ts). Stages name files by their relative path; the store puts
 * each where its kind lives.
 */
import { join } from 'node:path';
import { layoutEntry } from './layout.js';

export class DataStore {
  constructor(
    /** Main's data/: curated inputs and the embedded snapshot. */
    readonly dataDir: string,
    /** The state store's working directory; null: every kind lives in dataDir (main's layout). */
    readonly stateDir: string | null = null,
  ) {}

  /** Where a data file (or a directory of them, such as `models/`) is read and written. */
  path(relative: string): string {
    return join(this.rootOf(relative), relative);
  }

  /** The directory a data file's kind lives under: data/, or the state directory. */
  rootOf(relative: string): string {
    const { kind } = layoutEntry(relative);
    return kind === 'curated' || this.stateDir === null ? this.dataDir : this.stateDir;
  }

  /** For messages: where the data is, in one phrase. */
  describe(): string {
    return this.stateDir === null ? this.dataDir : `${this.dataDir} (curated) and ${this.stateDir} (state)`;
  }
}

/** A store, or a directory that holds every kind of file (main's layout): what the stages accept. */
export type StoreRef = DataStore | string;

export function asStore(ref: StoreRef): DataStore {
  return typeof ref === 'string' ? new DataStore(ref) : ref;
}

/** The store the commands open: `--data-dir`, and `--state-dir` when given. */
export function openStore(dataDir: string, stateDir?: string | null): DataStore {
  return new DataStore(dataDir, stateDir === undefined || stateDir === null || stateDir === '' ? null : stateDir);
}
