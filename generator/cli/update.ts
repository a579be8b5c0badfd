/** `npm run update`: the command (update-command.ts; `--help` lists its options) in its own process. */
import { runMain } from './args.js';
import { UPDATE_FAILURE, updateCommand } from './update-command.js';

runMain(() => updateCommand(process.argv.slice(2)), UPDATE_FAILURE);
