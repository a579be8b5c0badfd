#!/usr/bin/env node
/** The `modelpulse` executable: runs main() on the process's arguments and streams. */
import { main } from './main.js';

// `modelpulse changes | head` closes the pipe early: that is the reader's choice, not an error.
process.stdout.on('error', (error: NodeJS.ErrnoException) => {
  if (error.code === 'EPIPE') process.exit(0);
  throw error;
});

process.exitCode = await main(process.argv.slice(2), {
  out: (text) => process.stdout.write(`${text}\n`),
  err: (text) => process.stderr.write(`${text}\n`),
  env: process.env,
  today: () => new Date().toISOString().slice(0, 10),
});
