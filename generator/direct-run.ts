/** Whether a module is the script node was started with: `if (runsDirectly(import.meta.url)) …`. */
import { realpathSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/**
 * argv[1] keeps a symbolic link in its path where import.meta.url does not, so both are compared
 * resolved; an argv[1] that names no file (`node -e '…' arg`) is no direct run, never an error.
 */
export function runsDirectly(moduleUrl: string): boolean {
  try {
    return process.argv[1] !== undefined && realpathSync(process.argv[1]) === fileURLToPath(moduleUrl);
  } catch {
    return false;
  }
}
