/**
 * The recorded Mistral definitions in ../shared/upstream are one text: each repository file after
 * a `===== <path> @ <commit> =====` line. Split back into files by name, for replays and the bench.
 */
export function splitConcatenatedFiles(text: string): Record<string, string> {
  const files: Record<string, string> = {};
  for (const part of text.split(/^===== /m).slice(1)) {
    const newline = part.indexOf('\n');
    const path = part.slice(0, newline).replace(/\s*=+\s*$/, '').split(' @ ')[0]!.trim();
    files[path.split('/').pop()!] = part.slice(newline + 1);
  }
  return files;
}
