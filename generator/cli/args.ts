import { parseArgs, type ParseArgsConfig } from 'node:util';

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

/** Runs a CLI main: usage errors exit 2, other failures print their cause chain and exit 1. */
export function runMain(main: () => Promise<number>): void {
  main().then(
    (code) => {
      process.exitCode = code;
    },
    (error: unknown) => {
      if (error instanceof UsageError) {
        console.error(`usage error: ${error.message}`);
        process.exitCode = 2;
        return;
      }
      let current: unknown = error;
      let prefix = 'error:';
      while (current instanceof Error) {
        console.error(`${prefix} ${current.message}`);
        current = current.cause;
        prefix = '  caused by:';
      }
      if (current !== undefined && !(current instanceof Error)) console.error(`${prefix} ${String(current)}`);
      process.exitCode = 1;
    },
  );
}
