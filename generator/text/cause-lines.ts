/** An unexpected error and its causes, one line each: a crash report without a stack dump. */
export function causeLines(error: unknown): string[] {
  const lines: string[] = [];
  let current: unknown = error;
  let prefix = 'error:';
  while (current instanceof Error) {
    lines.push(`${prefix} ${current.message}`);
    current = current.cause;
    prefix = '  caused by:';
  }
  if (current !== undefined) lines.push(`${prefix} ${String(current)}`);
  return lines;
}
