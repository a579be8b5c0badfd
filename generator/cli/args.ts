import { parseArgs, type ParseArgsConfig } from 'node:util';
import { assertStatePrepared, StateNotPreparedError } from '../store/state-dir.js';
import { openStore, type DataStore } from '../store/store.js';
import { causeLines } from '../text/cause-lines.js';

/** A command-line mistake: reported in one line with exit status 2, never a stack trace. */
export class UsageError extends Error {
  override readonly name = 'UsageError';
}

export function parseCli<T extends NonNullable<ParseArgsConfig['options']>>(argv: string[], options: T) {
  try {
    return parseArgs({ args: argv, options, strict: true, allowPositionals: false }).values;
  } catch (cause) {
    throw new UsageError((cause as Error).message, { cause });
  }
}

export function numberOption(value: string | undefined, name: string, fallback: number, check: (n: number) => boolean): number {
  if (value === undefined) return fallback;
  const n = Number(value);
  if (value.trim() === '' || !Number.isFinite(n) || !check(n)) throw new UsageError(`--${name} has an invalid value: ${JSON.stringify(value)}`);
  return n;
}

export interface RunOptions {
  /** The exit status of an unexpected failure (default 1). */
  crashExitCode?: number;
  /** How an unexpected failure is described (default: its cause chain). */
  describe?: (error: unknown) => string[];
}

/** Runs a CLI main: usage errors exit 2, other failures print their cause chain and exit 1 (or `crashExitCode`). */
export function runMain(main: () => Promise<number>, options: RunOptions = {}): void {
  main().then(
    (code) => {
      process.exitCode = code;
    },
    (error: unknown) => {
      process.exitCode = failureExitCode(error, options);
    },
  );
}

/** Prints what a command's failure says (a usage error, or the cause chain) and returns its exit status. */
export function failureExitCode(error: unknown, options: RunOptions = {}): number {
  if (error instanceof UsageError) {
    console.error(`usage error: ${error.message}`);
    return 2;
  }
  for (const line of (options.describe ?? causeLines)(error)) console.error(line);
  return options.crashExitCode ?? 1;
}

/**
 * The store `--data-dir` and `--state-dir` name, for a stage that reads what update prepared
 * (build, deploy-check): a state directory update never prepared is a usage error.
 */
export async function openPreparedStore(dataDir: string, stateDir: string | undefined): Promise<DataStore> {
  const store = openStore(dataDir, stateDir);
  try {
    await assertStatePrepared(store);
  } catch (error) {
    throw error instanceof StateNotPreparedError ? new UsageError(error.message, { cause: error }) : error;
  }
  return store;
}
