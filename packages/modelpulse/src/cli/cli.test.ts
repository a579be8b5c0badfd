import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tempDir } from '../../../../generator/testing/tree.js';
import { createClient } from '../client.js';
import { startForeignServer, startSmallSite, unusedBaseUrl, type SmallSite } from '../testing/small-site.js';
import { printable, table, usd } from './format.js';
import { main } from './main.js';

let site: SmallSite;
let cacheDir: string;
beforeAll(async () => {
  site = await startSmallSite();
  cacheDir = await tempDir('cli-cache');
}, 300_000); // bounds a hang on a busy machine; measures nothing
afterAll(async () => {
  await site?.server.close();
});

interface Run {
  code: number;
  out: string;
  err: string;
}

/** Runs the CLI in-process, as `modelpulse <argv>` would, against the small site by default. */
async function run(argv: string[], options: { baseUrl?: string; cacheDir?: string; today?: string } = {}): Promise<Run> {
  const out: string[] = [];
  const err: string[] = [];
  const code = await main(['--base-url', options.baseUrl ?? site.server.url, ...argv], {
    out: (text) => out.push(text),
    err: (text) => err.push(text),
    env: { MODELPULSE_CACHE_DIR: options.cacheDir ?? cacheDir },
    today: () => options.today ?? '2026-08-02',
  });
  return { code, out: out.join('\n'), err: err.join('\n') };
}

const ATTRIBUTION = /^Data: ModelPulse .*<https:\/\/modelpulse\.test>, updated 2026-08-02T00:00:00Z$/m;

describe('modelpulse --json', () => {
  it("prints exactly the API's response, for cheapest in the grid and off it", async () => {
    const inGrid = await run(['cheapest', '--min-intel', '40', '--vision', '--limit', '5', '--json']);
    expect(inGrid).toMatchObject({ code: 0, err: '' });
    expect(JSON.parse(inGrid.out)).toEqual(await site.file('cheapest/min_intel/40/vision/limit/5.json'));
    const offGrid = await run(['cheapest', '--min-intel', '43', '--reasoning', '--json']);
    const { computed, ...computedAnswer } = await createClient({ baseUrl: site.server.url }).cheapest({ min_intel: 43, reasoning: true });
    expect(computed).toBe(true);
    expect(JSON.parse(offGrid.out)).toEqual(computedAnswer);
  });

  it('prints every other endpoint as served', async () => {
    const cases: Array<[string[], string]> = [
      [['status'], 'status.json'],
      [['status', 'anthropic'], 'status/anthropic.json'],
      [['models'], 'models.json'],
      [['models', 'openai'], 'models/openai.json'],
      [['model', 'openai/gpt-test'], 'models/openai/gpt-test.json'],
      [['changes'], 'price-changes.json'],
      [['deprecations'], 'deprecations.json'],
    ];
    for (const [argv, file] of cases) expect(JSON.parse((await run([...argv, '--json'])).out), argv.join(' ')).toEqual(await site.file(file));
  });
});

describe('modelpulse tables', () => {
  it('prints the cheapest models in order, with the query, the prices note and both attributions', async () => {
    const { code, out } = await run(['cheapest', '--min-intel', '40', '--vision', '--limit', '5']);
    expect(code).toBe(0);
    expect(out).toMatch(/^Cheapest models for min_intel 40, vision, limit 5\n/);
    const rows = out.split('\n').filter((line) => /^[a-z]+\/[a-z-]+ /.test(line)).map((line) => line.split(/\s+/));
    expect(rows.map((r) => r[0])).toEqual(['mistralai/mistral-test', 'openai/gpt-test', 'anthropic/claude-test']);
    expect(rows[0]).toEqual(['mistralai/mistral-test', '$0.80', '$0.40', '$2.00', '131K', '41', 'vision', 'tools']);
    expect(out).toMatch(ATTRIBUTION);
    expect(out).toContain('Artificial Analysis <https://artificialanalysis.ai>');
    expect((await run(['cheapest', '--min-intel', '43', '--reasoning'])).out).toContain('computed from the model index');
  });

  it('prints status, a service, a model, price changes, retirements and models, each with the attribution', async () => {
    const status = await run(['status']);
    expect(status.out).toMatch(/^SERVICE +STATUS +OFFICIAL +PROBE +INCIDENTS\nopenai +unknown +unknown +- +0\nanthropic /);
    expect((await run(['status', 'openai'])).out).toMatch(/^Service: +OpenAI \(openai\)\nStatus: +unknown\n/);
    const model = (await run(['model', 'openai/gpt-test'])).out;
    expect(model).toMatch(/^Price: +input \$2\.50, output \$10\.00, blended \$4\.375$/m);
    expect(model).toMatch(/^2026-08-01T00:00:00Z +\$3\.00 +\$10\.00$/m);
    expect((await run(['changes'])).out).toMatch(/^2026-08-02 +openai\/gpt-test +\$3\.00 \/ \$10\.00 +\$2\.50 \/ \$10\.00 +-7\.89%$/m);
    expect((await run(['deprecations'])).out).toMatch(/^2026-12-01 +upcoming +openai\/old-test +-$/m);
    // Whether a retirement has passed is decided for the reader's day, not the data's.
    expect((await run(['deprecations'], { today: '2026-12-01' })).out).toMatch(/^2026-12-01 +retired +openai\/old-test/m);
    expect((await run(['models', 'anthropic'])).out).toMatch(/^anthropic\/claude-test +\$6\.00 /m);
    for (const argv of [['status'], ['status', 'openai'], ['model', 'openai/gpt-test'], ['changes'], ['deprecations'], ['models']]) {
      const result = await run(argv);
      expect(result.code, argv.join(' ')).toBe(0);
      expect(result.out, argv.join(' ')).toMatch(ATTRIBUTION);
    }
  });

  it('never prints control characters from the data', () => {
    expect(printable('evil\u001b[31mred\u202eesrever\u0007')).toBe('evil [31mredesrever ');
    expect(table([{ name: 'a\nb' }], [{ title: 'NAME', value: (r) => r.name }])).toBe('NAME\na b');
    expect([usd(null), usd(0), usd(0.8), usd(4.375), usd(0.075), usd(0.0012345)]).toEqual(['-', 'free', '$0.80', '$4.375', '$0.075', '$0.0012']);
  });
});

describe('modelpulse with bad input', () => {
  const usage = async (argv: string[], message: RegExp) => {
    const result = await run(argv);
    expect(result.code, argv.join(' ')).toBe(2);
    expect(result.out, argv.join(' ')).toBe('');
    expect(result.err, argv.join(' ')).toMatch(message);
    expect(result.err, 'no stack trace').not.toMatch(/^\s+at /m);
  };

  it('refuses bad values, options and commands with a clear message and exit code 2', async () => {
    await usage(['cheapest', '--min-intel', 'abc'], /^modelpulse: --min-intel must be a number from 0 to 100 \(got "abc"\)/);
    await usage(['cheapest', '--min-intel', '101'], /--min-intel must be a number from 0 to 100/);
    await usage(['cheapest', '--min-context', '1.5'], /--min-context must be a whole number of tokens/);
    await usage(['cheapest', '--limit', '0'], /--limit must be a whole number from 1 to 100 \(got "0"\)/);
    await usage(['cheapest', '--limit', '101'], /--limit must be a whole number from 1 to 100/);
    await usage(['cheapest', '--limit'], /argument missing/);
    // A flag given twice is a repeated parameter: refused, as every host that reads values does.
    await usage(['cheapest', '--limit', '5', '--vision', '--limit', '6'], /^modelpulse: --limit is given more than once; give it at most once \(got "5", "6"\)$/m);
    await usage(['cheapest', '--vision', '--vision'], /^modelpulse: --vision is given more than once; give it at most once$/m);
    await usage(['cheapest', '--cheap'], /^modelpulse: Unknown option '--cheap'$/m);
    await usage(['status', '--vision'], /--vision is an option of modelpulse cheapest, not of status/);
    await usage(['model'], /usage: modelpulse model <author\/slug>/);
    await usage(['model', 'a/b', 'c/d'], /usage: modelpulse model <author\/slug>/);
    await usage(['frobnicate'], /unknown command "frobnicate"/);
    // Refused before any request, with the id meant (the shared client's code: invalid_id, or not_found with its hint).
    await usage(['model', 'OpenAI/GPT-Test'], /^modelpulse model OpenAI\/GPT-Test: .*"OpenAI\/GPT-Test".*lower case.*openai\/gpt-test.* \[(invalid_id|not_found)\]$/);
    await usage(['status', '--base-url', 'localhost:8888'], /base URL must be an absolute http\(s\) URL/);
  });

  it('says what was not found, exit code 1', async () => {
    const result = await run(['model', 'openai/no-such-model']);
    expect(result).toMatchObject({ code: 1, out: '' });
    expect(result.err).toMatch(/^modelpulse model openai\/no-such-model: .+ \[HTTP 404 not_found\]$/);
  });

  it('names a base URL it cannot reach, and reports a server that is not ModelPulse, never printing its answer', async () => {
    const unreachable = await unusedBaseUrl();
    const down = await run(['status'], { baseUrl: unreachable });
    expect(down).toMatchObject({ code: 1, out: '' });
    expect(down.err).toContain(`Cannot reach ${unreachable}`);
    const html = await startForeignServer(200, 'text/html; charset=utf-8', '<html><body>Welcome to nginx!</body></html>');
    const json = await startForeignServer(200, 'application/json', '{"status":"ok"}');
    try {
      for (const [server, message] of [[html, /answered an HTML or XML page/], [json, /answered JSON that is not a ModelPulse status response/]] as const) {
        for (const flags of [[], ['--json']]) {
          const result = await run(['status', ...flags], { baseUrl: server.url });
          expect(result).toMatchObject({ code: 1, out: '' });
          expect(result.err).toMatch(message);
          expect(result.err).not.toContain('Welcome');
        }
      }
    } finally {
      await Promise.all([html.close(), json.close()]);
    }
  });
});

describe('modelpulse cache', () => {
  it('asks the server once a minute at most, unless told --no-cache', async () => {
    // A proxy in front of the site that counts what reaches it.
    let requests = 0;
    const proxy = createServer((req, res) => {
      requests += 1;
      void fetch(`${site.server.url}${req.url}`).then(async (upstream) => {
        res.writeHead(upstream.status, Object.fromEntries(upstream.headers));
        res.end(Buffer.from(await upstream.arrayBuffer()));
      });
    });
    await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
    const baseUrl = `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`;
    const dir = await tempDir('cli-cache-count');
    try {
      const first = await run(['deprecations', '--json'], { baseUrl, cacheDir: dir });
      const second = await run(['deprecations', '--json'], { baseUrl, cacheDir: dir });
      expect(second.out).toBe(first.out);
      expect(requests).toBe(1);
      await run(['deprecations', '--json', '--no-cache'], { baseUrl, cacheDir: dir });
      expect(requests).toBe(2);
      // Once the answer's time is up, the next run asks again.
      const [file] = await readdir(dir);
      const kept = JSON.parse(await readFile(join(dir, file!), 'utf8')) as { expiresAt: number };
      await writeFile(join(dir, file!), JSON.stringify({ ...kept, expiresAt: Date.now() - 1 }));
      await run(['deprecations'], { baseUrl, cacheDir: dir });
      expect(requests).toBe(3);
      // A cache file that is not one is a miss, never an error.
      await writeFile(join(dir, file!), '{not json');
      expect((await run(['deprecations'], { baseUrl, cacheDir: dir })).code).toBe(0);
      expect(requests).toBe(4);
    } finally {
      await new Promise((resolve) => proxy.close(resolve));
    }
  });
});
