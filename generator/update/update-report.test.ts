import { spawn } from 'node:child_process';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { FactsRunReport } from './facts.js';
import type { SourceRunReport } from './models.js';
import type { ServiceLine, StatusRunReport } from './status.js';
import { orModel } from '../sources/openrouter/fixtures.js';
import { OFFLINE_ENV } from '../testing/cli.js';
import { seedCatalog } from '../testing/seed.js';
import { tempDir } from '../testing/tree.js';
import { startUpstreamServer } from '../testing/upstream-server.js';
import { micromark } from 'micromark';
import { gfm, gfmHtml } from 'micromark-extension-gfm';
import {
  describeError,
  detailLines,
  escapeMarkdownCell,
  githubAnnotations,
  printable,
  serviceRow,
  summaryMarkdown,
  summaryRows,
  summaryTableLines,
  UPDATE_EXIT,
  updateExitCode,
  type UpdateOutcome,
} from './update-report.js';

const NOW = '2026-11-21T10:00:00Z';

const openrouterOk: SourceRunReport = {
  source: 'openrouter',
  ok: true,
  error: null,
  summary: { added: ['a/new'], updated: ['a/one', 'a/two'], price_changed: ['a/one'], price_pending: ['a/jump'], delisted: [], relisted: [], held: [], added_held: [] },
  issues: [{ upstream_id: 'bad/price', id: 'bad/price', reason: 'prompt price 99999 is above the ceiling' }],
  warnings: [],
  endpointsRefreshed: 3,
};

/** An upstream error as hostile to a Markdown table as it gets: pipes, line breaks, HTML. */
const NASTY = 'http_status: HTTP 502 | Bad Gateway\n<html><body>upstream|down</body></html>\r\nretry later';

const facts: FactsRunReport = {
  source: 'facts',
  ok: false,
  error: `litellm: ${NASTY}`,
  sources: [
    { source: 'litellm', ok: false, error: NASTY, facts: 0, mapped: 0, issues: [] },
    { source: 'modelsdev', ok: true, error: null, facts: 120, mapped: 77, issues: ['x/y: date 2026-09 is not YYYY-MM-DD'] },
  ],
  disagreements: [],
  warnings: [],
  ambiguous: [],
  retirementDisagreements: [],
  offerDisagreements: [],
};

const status: StatusRunReport = {
  source: 'status',
  ok: true,
  error: null,
  services: [
    { id: 'openai', status: 'operational', official: 'official none', probe: 'HTTP 401 in 120 ms', officialRead: 'ok', officialError: null, probeResult: 'ok', probeError: null },
    {
      id: 'anthropic',
      status: 'degraded',
      official: 'official FAILED timeout: no headers within 10000 ms (kept last good, stale)',
      probe: 'HTTP 401 in 90 ms',
      officialRead: 'failed',
      officialError: 'timeout: no headers within 10000 ms',
      probeResult: 'ok',
      probeError: null,
    },
    { id: 'deepseek', status: 'partial_outage', official: 'no official page', probe: 'FAILED network: ECONNRESET', officialRead: 'none', officialError: null, probeResult: 'failed', probeError: 'network: ECONNRESET' },
    {
      id: 'ghost',
      status: 'unknown',
      official: 'official FAILED http_status: HTTP 403 (kept last good, stale)',
      probe: 'inconclusive (the run budget ran out)',
      officialRead: 'failed',
      officialError: 'http_status: HTTP 403',
      probeResult: 'inconclusive',
      probeError: 'the run budget ran out',
    },
  ],
  warnings: [],
  networkSuspect: false,
  elapsedMs: 6100,
};

function outcome(overrides: Partial<UpdateOutcome> = {}): UpdateOutcome {
  return { now: NOW, models: [openrouterOk], facts: [facts], status: [status], stopped: [], durations: { models: 4200, facts: 1500, status: 6100 }, maxPriceFactor: 5, ...overrides };
}

/** The cells of one GFM table row, split on pipes that are not escaped. */
function tableCells(line: string): string[] {
  return line.slice(1, -1).split(/(?<!\\)\|/).map((c) => c.trim());
}

describe('the update summary rows', () => {
  it('has one row per source and per service, with what we could read', () => {
    const rows = summaryRows(outcome());
    expect(rows.map((r) => [r.kind, r.name, r.result])).toEqual([
      ['source', 'openrouter', 'ok'],
      ['source', 'litellm', 'failed'],
      ['source', 'modelsdev', 'ok'],
      ['service', 'openai', 'ok'],
      ['service', 'anthropic', 'stale'],
      // A probe that fails is an observation of the service, not a failed read.
      ['service', 'deepseek', 'ok'],
      ['service', 'ghost', 'failed'],
    ]);
    expect(rows[0]).toMatchObject({ details: '1 added, 2 updated, 1 price changes, 0 delisted, 0 relisted, 0 held, 3 endpoint lists refreshed', durationMs: 4200, error: null });
    expect(rows[2]?.details).toBe('120 records, 77 of our models matched, 1 values held back');
    expect(rows[4]).toMatchObject({ details: 'degraded; status page FAILED, last good kept; probe HTTP 401 in 90 ms', error: 'status page: timeout: no headers within 10000 ms' });
    expect(rows[5]).toMatchObject({ details: 'partial_outage; no official page; probe FAILED', error: 'probe: network: ECONNRESET' });
  });

  it('reads a service from its structured fields, not from the wording of its texts', () => {
    const base: ServiceLine = { id: 'x', status: 'operational', official: 'official none', probe: 'HTTP 200 in 5 ms', officialRead: 'ok', officialError: null, probeResult: 'ok', probeError: null };
    // Texts that would have fooled a parser of the words: the fields decide.
    const row = serviceRow({ ...base, official: 'official FAILED?', probe: 'FAILED inconclusive' });
    expect(row).toMatchObject({ result: 'ok', error: null });
    expect(serviceRow({ ...base, officialRead: 'failed', officialError: 'E1' })).toMatchObject({ result: 'stale', error: 'status page: E1' });
    expect(serviceRow({ ...base, probeResult: 'failed', probeError: 'E2' })).toMatchObject({ result: 'ok', error: 'probe: E2' });
    expect(serviceRow({ ...base, probeResult: 'inconclusive', probeError: 'E3' })).toMatchObject({ result: 'stale', error: 'probe: inconclusive (E3)' });
    expect(serviceRow({ ...base, officialRead: 'none', probeResult: 'none' })).toMatchObject({ result: 'failed', details: 'operational; no official page; no probe' });
    expect(serviceRow({ ...base, officialRead: 'none', probeResult: 'inconclusive', probeError: 'E4' }).result).toBe('failed');
  });

  it('adds a row for a refused status run and for a stage that stopped', () => {
    const refused: StatusRunReport = { ...status, ok: false, services: [], error: 'observation time is not after the last recorded attempt; nothing changed' };
    const rows = summaryRows(outcome({ status: [refused], stopped: [{ stage: 'facts', message: 'identity.json names unknown model x/y' }] }));
    expect(rows.slice(-2)).toEqual([
      { kind: 'stage', name: 'status', result: 'failed', details: 'nothing changed', durationMs: 6100, error: refused.error },
      { kind: 'stage', name: 'facts', result: 'stopped', details: 'stage stopped', durationMs: 1500, error: 'identity.json names unknown model x/y' },
    ]);
  });
});

describe('the update exit status', () => {
  const allOk = outcome({ facts: [{ ...facts, ok: true, error: null, sources: [facts.sources[1]!] }], status: [{ ...status, services: status.services.slice(0, 1) }] });

  it('is 0 when everything was read, 1 when something failed, 3 when a stage stopped', () => {
    expect(updateExitCode(allOk)).toBe(UPDATE_EXIT.ok);
    expect(updateExitCode(outcome())).toBe(UPDATE_EXIT.partial);
    expect(updateExitCode({ ...allOk, models: [{ ...openrouterOk, ok: false, summary: null, error: 'http_status: HTTP 500' }] })).toBe(UPDATE_EXIT.partial);
    // A status page read that failed (last good kept) is a partial failure too.
    expect(updateExitCode({ ...allOk, status: [{ ...status, services: status.services.slice(1, 2) }] })).toBe(UPDATE_EXIT.partial);
    expect(updateExitCode({ ...allOk, stopped: [{ stage: 'models', message: 'broken file' }] })).toBe(UPDATE_EXIT.stopped);
    expect(UPDATE_EXIT.usage).toBe(2);
  });
});

describe('the summary as Markdown', () => {
  it('renders upstream links, autolinks, emphasis and code as plain text in a real GFM renderer', () => {
    const phish = '[Re-login](https://evil.example/phish) or https://evil.example/a www.evil.example admin@evil.example **now** `x` ![i](https://evil.example/i.png) _y_ ~~z~~';
    const hostile: UpdateOutcome = { ...outcome(), models: [{ ...openrouterOk, ok: false, summary: null, error: phish }] };
    const html = micromark(summaryMarkdown(hostile), { extensions: [gfm()], htmlExtensions: [gfmHtml()] });
    // Our own table is a table; nothing inside its cells became markup.
    const table = html.slice(html.indexOf('<table>'), html.indexOf('</table>'));
    expect(table).toContain('<td>openrouter</td>');
    expect(table).not.toMatch(/<a |<img|<strong>|<em>|<code>|<del>/);
    const cell = /<td>(\[Re-login\][^<]*)<\/td>/.exec(table)?.[1];
    expect(cell).toBe(phish.replace(/&/g, '&amp;'));
  });

  it('is a GFM table with one escaped row per source and service', () => {
    const md = summaryMarkdown(outcome());
    const lines = md.split('\n');
    expect(lines[0]).toBe(`### ModelPulse update (observed at ${NOW})`);
    expect(md).toContain('**exit 1**: partial failure');
    const table = lines.filter((l) => l.startsWith('|'));
    expect(table[0]).toBe('| kind | name | result | details | time | error |');
    expect(table[1]).toBe('| --- | --- | --- | --- | --- | --- |');
    expect(table).toHaveLength(2 + summaryRows(outcome()).length);
    // Every row keeps exactly six cells, whatever the upstream error holds.
    for (const row of table) expect(tableCells(row)).toHaveLength(6);
    const litellm = table.find((l) => l.startsWith('| source | litellm |'))!;
    expect(tableCells(litellm)[5]).toBe('http\\_status: HTTP 502 \\| Bad Gateway<br>&lt;html&gt;&lt;body&gt;upstream\\|down&lt;/body&gt;&lt;/html&gt;<br>retry later');
    expect(table.find((l) => l.startsWith('| source | openrouter |'))).toContain('| 4.2 s |');
    expect(md).toContain('Stage times: models 4.2 s, facts 1.5 s, status 6.1 s. Price disagreements beyond the tolerance: 0.');
  });

  it('escapes cell breaks, line breaks, markup and backslashes, and caps the length', () => {
    expect(escapeMarkdownCell('a|b\nc\r\nd\re')).toBe('a\\|b<br>c<br>d<br>e');
    expect(escapeMarkdownCell('<b>x & y</b>')).toBe('&lt;b&gt;x &amp; y&lt;/b&gt;');
    // An upstream backslash must not turn our escape of the next pipe into a literal backslash.
    expect(escapeMarkdownCell('C:\\|x')).toBe('C:\\\\\\|x');
    expect(escapeMarkdownCell('x'.repeat(600))).toHaveLength(500);
  });
});

describe('the summary as text', () => {
  it('keeps the detail sections and ends with the aligned table', () => {
    const details = detailLines(outcome()).join('\n');
    expect(details).toContain(`update summary (observed at ${NOW})`);
    expect(details).toContain('openrouter: ok — 1 added, 2 updated');
    expect(details).toContain('price pending confirmation (jumped more than 5×): a/jump');
    expect(details).toContain('held back: bad/price: prompt price 99999 is above the ceiling');
    expect(details).toMatch(/anthropic\s+degraded\s+official FAILED/);
    expect(details).toContain('API names two models claim (published as ambiguous, resolvable to neither; settle with data/identity.json): 0');
    const claimed = { provider: 'mistral', name: 'mistral-large', candidates: ['mistralai/mistral-large-2407', 'mistralai/mistral-large-2411'], sources: ['litellm mistral/mistral-large → mistralai/mistral-large-2407', 'modelsdev mistral/mistral-large → mistralai/mistral-large-2411'] };
    expect(detailLines(outcome({ facts: [{ ...facts, ambiguousNames: [claimed] }] })).join('\n')).toContain(
      'mistral "mistral-large": mistralai/mistral-large-2407 or mistralai/mistral-large-2411 (litellm mistral/mistral-large → mistralai/mistral-large-2407; modelsdev mistral/mistral-large → mistralai/mistral-large-2411)',
    );
    const table = summaryTableLines(outcome());
    expect(table[1]).toBe('summary (exit 1: partial failure: what failed keeps its last good data, marked stale; the rest is fresh; stage times: models 4.2 s, facts 1.5 s, status 6.1 s)');
    expect(table[2]).toMatch(/^ {2}kind\s+name\s+result\s+details\s+time\s+error$/);
    const resultColumn = table[2]!.indexOf('result');
    for (const row of table.slice(3)) expect(row.slice(resultColumn, resultColumn + 7).trim()).toMatch(/^(ok|stale|failed|stopped)$/);
  });

  it('gives GitHub one annotation per row that is not ok, escaped', () => {
    expect(githubAnnotations(outcome())).toEqual([
      `::warning title=litellm failed::source litellm: http_status: HTTP 502 | Bad Gateway%0A<html><body>upstream|down</body></html>%0D%0Aretry later`,
      '::warning title=anthropic stale::service anthropic: status page: timeout: no headers within 10000 ms',
      '::warning title=ghost failed::service ghost: status page: http_status: HTTP 403; probe: inconclusive (the run budget ran out)',
    ]);
    expect(githubAnnotations(outcome({ stopped: [{ stage: 'facts', message: '100% broken: a, b' }] })).at(-1)).toBe('::error title=facts stopped::stage facts: 100%25 broken: a, b');
  });

  it('prints upstream text on one line that can never become a GitHub workflow command', () => {
    const evil = 'HTTP 500\n::error::pwned\rsecond\r\n  ::warning title=x::y\u0085##[error]legacy\u001b[31m\u2028z';
    const hostile = outcome({
      models: [{ ...openrouterOk, ok: false, summary: null, error: evil }],
      facts: [{ ...facts, sources: [{ source: 'litellm', ok: true, error: null, facts: 1, mapped: 1, issues: [`k: ${evil}`] }] }],
      status: [
        {
          ...status,
          error: evil,
          warnings: [evil],
          services: [{ ...status.services[1]!, official: `official FAILED ${evil} (kept last good, stale)`, officialError: evil }, { ...status.services[2]!, probe: `FAILED ${evil}`, probeError: evil }],
        },
      ],
      stopped: [{ stage: 'facts', message: `::error::${evil}` }],
    });
    const lines = [...detailLines(hostile), ...summaryTableLines(hostile), ...describeError(new Error(evil, { cause: evil }))];
    for (const line of lines) {
      expect(line, JSON.stringify(line)).not.toMatch(/[\u0000-\u001f\u007f-\u009f\u2028\u2029]/);
      expect(line.trimStart().startsWith('::'), JSON.stringify(line)).toBe(false);
      expect(line, JSON.stringify(line)).not.toContain('##[');
    }
    // The text is still there, on the line it belongs to.
    expect(lines.find((l) => l.includes('openrouter: FAILED'))).toContain('HTTP 500 ::error::pwned second   ::warning title=x::y # #[error]legacy [31m z; the last good data is kept');
    expect(lines).toContain('STOPPED facts: ::error::HTTP 500 ::error::pwned second   ::warning title=x::y # #[error]legacy [31m z');
    // Annotations are ours and escaped: one line each.
    for (const line of githubAnnotations(hostile)) {
      expect(line).toMatch(/^::(warning|error) title=[^:]*::/);
      expect(line).not.toMatch(/[\u0000-\u001f\u007f-\u009f\u2028\u2029]/);
      expect(line).toContain('HTTP 500%0A::error::pwned%0Dsecond%0D%0A');
    }
    expect(printable('  ::x::y')).toBe('  : :x::y');
    expect(printable(':a::b')).toBe(':a::b');
  });

  it('describes a crash by its chain of causes', () => {
    const error = new Error('could not write data/models/a/b.json', { cause: new Error('ENOSPC: no space left on device') });
    expect(describeError(error)).toEqual(['error: could not write data/models/a/b.json', '  caused by: ENOSPC: no space left on device']);
    expect(describeError('thrown text')).toEqual(['error: thrown text']);
  });
});

describe('npm run update in GitHub Actions', () => {
  it('appends the table to GITHUB_STEP_SUMMARY and exits with the partial-failure status', async () => {
    const dataDir = await tempDir('update-report');
    await seedCatalog(dataDir, [orModel({ id: 'a/one' })], '2026-11-20T00:00:00Z');
    const server = await startUpstreamServer({ '/probe': { kind: 'json', status: 401, body: {} } });
    try {
      await writeFile(
        join(dataDir, 'services.json'),
        JSON.stringify([{ id: 'local', name: 'Local', url: 'https://example.com', status_page: { type: 'none' }, probe: { url: `${server.url}/probe`, method: 'GET', timeout_ms: 1000 } }]),
      );
      const summaryFile = join(dataDir, 'step-summary.md');
      await writeFile(summaryFile, '## an earlier step\n');
      // Every source answers 404 (a failure no retry waits out): the sources fail, the local service answers.
      const missing = Object.fromEntries(Object.entries(OFFLINE_ENV).map(([name, value]) => [name, value.replace('http://127.0.0.1:9', `${server.url}/missing`)]));
      const env = {
        ...process.env,
        ...missing,
        GITHUB_ACTIONS: 'true',
        GITHUB_STEP_SUMMARY: summaryFile,
      };
      const { code, out } = await new Promise<{ code: number | null; out: string }>((resolve) => {
        const child = spawn(process.execPath, ['--import', 'tsx', 'generator/cli/update.ts', '--data-dir', dataDir, '--now', NOW], { env, stdio: ['ignore', 'pipe', 'pipe'] });
        let text = '';
        child.stdout.on('data', (chunk) => (text += String(chunk)));
        child.stderr.on('data', (chunk) => (text += String(chunk)));
        child.on('close', (exit) => resolve({ code: exit, out: text }));
      });
      expect(code, out).toBe(UPDATE_EXIT.partial);
      // Progress as it goes, then the table, then the annotations.
      expect(out).toMatch(/\[\s*[\d.]+ s\] models: reading the OpenRouter catalog/);
      expect(out).toMatch(/\[\s*[\d.]+ s\] status local: operational/);
      expect(out).toMatch(/summary \(exit 1: partial failure/);
      expect(out).toContain('::warning title=openrouter failed::source openrouter: http_status: HTTP 404');
      // The only workflow commands on stdout are our annotations.
      for (const line of out.split('\n').filter((l) => l.trimStart().startsWith('::'))) expect(line).toMatch(/^::warning title=\S+ failed::/);

      const summary = await readFile(summaryFile, 'utf8');
      expect(summary.startsWith('## an earlier step\n### ModelPulse update (observed at 2026-11-21T10:00:00Z)')).toBe(true);
      const rows = summary.split('\n').filter((l) => l.startsWith('| ') && !l.startsWith('| kind') && !l.startsWith('| ---'));
      expect(rows.map((r) => tableCells(r).slice(0, 3))).toEqual([
        ['source', 'openrouter', 'failed'],
        ['source', 'genai-prices', 'failed'],
        ['source', 'litellm', 'failed'],
        ['source', 'modelsdev', 'failed'],
        ...['anthropic', 'openai', 'google', 'mistral', 'xai'].map((maker) => ['source', `${maker}-deprecations`, 'failed']),
        ['service', 'local', 'ok'],
        // The one model's statistics answer 404: a warning, its figures unknown; the sweep itself is fine.
        ['source', 'openrouter-endpoints', 'ok'],
      ]);
      expect(rows[9]).toContain('operational; no official page; probe HTTP 401 in');
      // The failed catalog read kept the last good data.
      const sources = JSON.parse(await readFile(join(dataDir, 'sources.json'), 'utf8')) as Record<string, { ok: boolean; last_success_at: string }>;
      expect(sources.openrouter).toMatchObject({ ok: false, last_success_at: '2026-11-20T00:00:00Z' });
    } finally {
      await server.close();
    }
  });
});
