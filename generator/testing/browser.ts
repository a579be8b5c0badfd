import { spawn, type ChildProcess } from 'node:child_process';
import { access } from 'node:fs/promises';
import { chromium, type Browser, type ConsoleMessage, type Page } from 'playwright-core';
import { waitForOutput } from '../host/child-output.js';

/** Debian's chromium (`.ci/run` installs it); CHROMIUM_PATH points elsewhere on other systems. */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/**
 * Headless Chromium with the flags a closed network needs: without the background-networking
 * ones it keeps trying to reach Google's hosts and logs refused connections.
 */
export async function launchChromium(): Promise<Browser> {
  await access(CHROMIUM_PATH).catch((cause: unknown) => {
    throw new Error(`browser tests need Chromium at ${CHROMIUM_PATH}: install Debian's chromium (apt-get install -y chromium) or set CHROMIUM_PATH`, { cause });
  });
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
}

/** Everything a page reports as wrong: console errors and uncaught exceptions, with the URL they concern. */
export interface PageProblem {
  kind: 'console' | 'pageerror';
  text: string;
  url: string;
}

export function watchProblems(page: Page): PageProblem[] {
  const problems: PageProblem[] = [];
  page.on('console', (message: ConsoleMessage) => {
    if (message.type() === 'error') problems.push({ kind: 'console', text: message.text(), url: message.location().url });
  });
  page.on('pageerror', (error) => problems.push({ kind: 'pageerror', text: error.message, url: page.url() }));
  return problems;
}

export interface ServeProcess {
  url: string;
  stop(): Promise<void>;
}

/** `npm run serve`'s own script (generator/cli/serve.ts) as a child process on a free port. */
export async function startServeCli(publishDir: string): Promise<ServeProcess> {
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'generator/cli/serve.ts', '--dir', publishDir, '--port', '0'], { stdio: ['ignore', 'pipe', 'pipe'] });
  const url = (await waitForOutput(child, /serving .* at (http:\/\/127\.0\.0\.1:\d+)/, 20_000, 'serve').ready)[1]!;
  return {
    url,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}
