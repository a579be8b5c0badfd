import { spawn, type ChildProcess } from 'node:child_process';
import { access, mkdir } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import axe from 'axe-core';
import { chromium, type Browser, type ConsoleMessage, type Page } from 'playwright-core';
import { waitForOutput } from '../host/child-output.js';

/** Debian's chromium (`.ci/run` installs it); CHROMIUM_PATH points elsewhere on other systems. */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/**
 * The browser tests' screenshots are for a person to look at, never compared: they are taken only
 * when this variable is `1` (CI's workflow sets it and uploads `test-artifacts/`). Elsewhere they
 * would cost `npm test` about 12 s of Chromium's CPU for pictures nobody sees.
 */
export const SCREENSHOTS_ENV = 'MODELPULSE_SCREENSHOTS';

/** Where the screenshots go: ignored by git, uploaded by CI. */
export const ARTIFACTS_DIR = join(process.cwd(), 'test-artifacts');

/** Takes the screenshot `path` (under `test-artifacts/`) when screenshots are asked for; else nothing. */
export async function reviewScreenshot(page: Page, path: string, options: Omit<NonNullable<Parameters<Page['screenshot']>[0]>, 'path'> = {}): Promise<void> {
  if (process.env[SCREENSHOTS_ENV] !== '1') return;
  const file = join(ARTIFACTS_DIR, path);
  await mkdir(dirname(file), { recursive: true });
  await page.screenshot({ ...options, path: file });
}

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

/** One axe-core rule a page breaks, with where (CSS selectors of at most five nodes). */
export interface AxeFinding {
  id: string;
  impact: string | null;
  help: string;
  nodes: string[];
}

/**
 * Runs axe-core (the npm package, its own source evaluated in the page) over the whole document
 * and returns what it finds at `serious` or `critical` impact. Evaluated through the DevTools
 * protocol, so the site's Content-Security-Policy stays as strict as it is.
 */
export async function seriousAxeFindings(page: Page): Promise<AxeFinding[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axe.source);
  const findings = await page.evaluate(async () => {
    const run = (window as unknown as { axe: typeof axe }).axe.run;
    const result = await run(document, { resultTypes: ['violations'] });
    return result.violations.map((v) => ({ id: v.id, impact: v.impact ?? null, help: v.help, nodes: v.nodes.slice(0, 5).map((n) => n.target.join(' ')) }));
  });
  return findings.filter((f) => f.impact === 'serious' || f.impact === 'critical');
}

export const DESKTOP = { width: 1280, height: 800 } as const;
export const PHONE = { width: 390, height: 844 } as const;

/** A page in its own browser context, with what it reports and which API files it asked for. */
export interface Visit {
  page: Page;
  problems: PageProblem[];
  /** Messages of any alert/confirm/prompt (there should never be one). */
  alerts: string[];
  /** Paths under /api/ the page requested, in order. */
  apiRequests: string[];
  close(): Promise<void>;
}

/** Opens `url` with the reader's clock fixed at `now` (Date only; timers run) and waits for the page. */
export async function visit(browser: Browser, url: string, options: { viewport?: { width: number; height: number }; now: Date }): Promise<Visit> {
  const context = await browser.newContext({ viewport: options.viewport ?? DESKTOP });
  await context.clock.setFixedTime(options.now);
  const page = await context.newPage();
  const problems = watchProblems(page);
  const alerts: string[] = [];
  const apiRequests: string[] = [];
  page.on('dialog', (dialog) => {
    alerts.push(dialog.message());
    void dialog.dismiss();
  });
  page.on('request', (request) => {
    const path = new URL(request.url()).pathname;
    if (path.includes('/api/')) apiRequests.push(path);
  });
  await page.goto(url);
  await settled(page);
  return { page, problems, alerts, apiRequests, close: () => context.close() };
}

/** The website's router marks main busy while a page loads; a page with a status line says when it is done. */
export async function settled(page: Page): Promise<void> {
  await page.waitForFunction(() => {
    const main = document.getElementById('main');
    return main !== null && !main.hasAttribute('aria-busy') && main.querySelector('h1') !== null && !/Loading/.test(main.querySelector('[role="status"]')?.textContent ?? '');
  });
}

/** True when nothing on the page is wider than the screen (no sideways scrolling). */
export function fitsWidth(page: Page): Promise<boolean> {
  return page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);
}

/**
 * Goes to another address of the same single-page site and waits until the new page shows: a
 * hash change renders without a reload, so the old heading is marked and a new one awaited.
 */
export async function navigate(page: Page, url: string): Promise<void> {
  await page.evaluate(() => document.querySelector('main h1')?.setAttribute('data-left', ''));
  await page.goto(url);
  await page.waitForFunction(() => {
    const h1 = document.querySelector('main h1');
    return h1 !== null && !h1.hasAttribute('data-left');
  });
  await settled(page);
}
