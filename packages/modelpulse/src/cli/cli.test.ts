import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tempDir } from '../../../../generator/testing/tree.js';
import { createClient } from '../client.js';
import { startForeignServer, startSmallSite, unusedBaseUrl, type SmallSite } from '../../../../generator/testing/small-site.js';
import { DEFAULT_QUERY } from '../../../../generator/query/cheapest.js';
import { estimateCost, rankByCost, type CostModel } from '../../../../generator/query/cost.js';
import { readCostIndex } from '../../../../generator/query/cost-index.js';
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
      [['status', 'models'], 'status/models.json'],
      [['fastest'], 'fastest.json'],
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

describe('modelpulse status per model and fastest', () => {
  it('shows the models in trouble now under the services, and every one with its providers (status models)', async () => {
    const board = await run(['status']);
    expect(board.code).toBe(0);
    expect(board.out).toMatch(/^Models in trouble now \(1\):\nMODEL +STATE +PROVIDERS +INCIDENTS +SINCE +WHY\nanthropic\/claude-test +degraded +0 of 2 up +0 +2026-08-02T00:00:00Z +no provider endpoint is up$/m);
    expect(board.out.indexOf('SERVICE')).toBeLessThan(board.out.indexOf('Models in trouble now'));
    const list = await run(['status', 'models']);
    expect(list.out).toMatch(/^Anthropic +degraded +812 \/ 1,650 ms +61\.5 \/ 78 tok\/s +90\.0% \/ 90\.0% \/ 98\.8% +2026-08-02T00:00:00Z$/m);
    expect(list.out).toMatch(/^Amazon Bedrock +down +1,204 \/ 2,900 ms/m);
    expect(list.out).toMatch(ATTRIBUTION);
  });

  it('shows one model by id, API name, form or OpenRouter id: state, reason, providers side by side; --json is the client\'s answer', async () => {
    const byId = await run(['status', 'anthropic/claude-test']);
    expect(byId.code).toBe(0);
    expect(byId.out).toMatch(/^State: +degraded: no provider endpoint is up \(since 2026-08-02T00:00:00Z\)$/m);
    expect(byId.out).toMatch(/^Providers: +0 up, 1 degraded, 1 down, 0 unknown /m);
    expect(byId.out).toMatch(/^OpenRouter: +61\.5 tokens\/s, 812 ms to the first token/m);
    expect(byId.out).toMatch(/^Artificial Analysis: +no figures$/m);
    // Fastest first: Anthropic's 61.5 tokens a second before Bedrock's 44.2.
    const rows = byId.out.split('\n').filter((line) => / tok\/s /.test(line)).map((line) => line.split(/ {2,}/)[0]);
    expect(rows).toEqual(['Anthropic', 'Amazon Bedrock']);
    expect(byId.out).toMatch(ATTRIBUTION);
    const client = createClient({ baseUrl: site.server.url });
    expect(JSON.parse((await run(['status', 'anthropic/claude-test', '--json'])).out)).toEqual(await client.modelStatus('anthropic/claude-test'));
    for (const argv of [['status', 'mistral-test-2507'], ['status', 'Mistral-Test-2507'], ['status', 'mistralai/mistral-test:free'], ['status', 'mistral-test-latest', '--provider', 'mistral']]) {
      const result = await run(argv);
      expect(result.code, argv.join(' ')).toBe(0);
      expect(result.out, argv.join(' ')).toMatch(/^Model: +mistral-test \(mistralai\/mistral-test\)\nAsked as: +\S+: an API name at (mistral|openrouter) /);
    }
    // A service id still names the service.
    expect((await run(['status', 'anthropic'])).out).toMatch(/^Service: +Anthropic \(anthropic\)$/m);
  });

  it('says what a name is not, exit 1; a wrong command line, exit 2', async () => {
    const unknown = await run(['status', 'mistral-test-2508']);
    expect(unknown).toMatchObject({ code: 1, out: '' });
    expect(unknown.err).toMatch(/^modelpulse status mistral-test-2508: not a service \(openai, anthropic\), and no model id or API name "mistral-test-2508" we know at any provider; closest: mistral-test-2507/);
    const claimed = await run(['status', 'shared-test']);
    expect(claimed.code).toBe(1);
    expect(claimed.err).toMatch(/"shared-test" names deepseek\/r-test and mistralai\/mistral-test .*give the provider, or the model id \[ambiguous_model\]$/);
    const cases: Array<[string[], RegExp]> = [
      [['status', '--provider', 'mistral'], /--provider goes with a model/],
      [['status', 'a', 'b'], /usage: modelpulse status \[service_id \| models \| <model> \[--provider P\]\]/],
      [['fastest', '--sort', 'speed'], /^modelpulse: --sort must be throughput or latency \(got "speed"\)/],
      [['fastest', '--max-price=-1'], /^modelpulse: --max-price must be a number of US dollars per 1M tokens/],
      [['fastest', '--min-intel', '101'], /--min-intel must be a number from 0 to 100/],
      [['fastest', '--limit', '3', '--limit', '4'], /--limit is given more than once/],
      [['fastest', 'x'], /usage: modelpulse fastest/],
      [['fastest', '--input', '5'], /--input is an option of modelpulse cheapest and modelpulse cost, not of fastest/],
      [['cheapest', '--sort', 'latency'], /--sort is an option of modelpulse fastest, not of cheapest/],
      [['status', 'openai', '--max-price', '1'], /--max-price is an option of modelpulse fastest, not of status/],
    ];
    for (const [argv, message] of cases) {
      const result = await run(argv);
      expect([result.code, result.out], argv.join(' ')).toEqual([2, '']);
      expect(result.err, argv.join(' ')).toMatch(message);
    }
  });

  it('lists the fastest models with cheapest\'s filters, a price cap and either order; --json is the API\'s answer', async () => {
    const client = createClient({ baseUrl: site.server.url });
    const { computed, ...answer } = await client.fastest({ tools: true, max_price: 5, sort: 'latency', limit: 3 });
    expect(computed).toBe(true);
    const printed = await run(['fastest', '--tools', '--max-price', '5', '--sort', 'latency', '--limit', '3', '--json']);
    expect(printed).toMatchObject({ code: 0, err: '' });
    expect(JSON.parse(printed.out)).toEqual(answer);
    const table = await run(['fastest', '--tools', '--max-price', '5', '--sort', 'latency', '--limit', '3']);
    expect(table.out).toMatch(/^Fastest models for tools, limit 3, max_price \$5\.00, by time to the first token \(not precomputed/);
    const ids = table.out.split('\n').filter((line) => /^[a-z]+\/[a-z-]+ /.test(line)).map((line) => line.split(/\s+/)[0]);
    expect(ids).toEqual(answer.data.map((m) => m.id));
    expect(ids.length).toBeGreaterThan(1);
    expect(table.out).toMatch(/^mistralai\/mistral-test +118\.2 +336 ms +openrouter +\$0\.80 +41 +operational$/m);
    expect(table.out).toMatch(ATTRIBUTION);
    expect((await run(['fastest'])).out).toMatch(/^Fastest models for limit 10, by output tokens a second\n/);
  });
});

describe('modelpulse cost and cheapest by cost', () => {
  const claude = async () => (await site.file('models/anthropic/claude-test.json')).data as CostModel;

  it('--json prints what estimateCost gives for the same mix: tiers crossed, cache reads, a provider', async () => {
    const mix = ['--input', '250000', '--cache-read', '200000', '--output', '1000'];
    const estimate = JSON.parse((await run(['cost', 'anthropic/claude-test', ...mix, '--json'])).out) as unknown;
    expect(estimate).toEqual(estimateCost(await claude(), { input_tokens: 250_000, cache_read_tokens: 200_000, output_tokens: 1_000 }));
    // 50,000 fresh × $6 + 200,000 × $0.60 + 1,000 × $22.50 per 1M: the whole request at the long-context rates.
    expect(estimate).toMatchObject({ total_usd: 0.4425, tier: { min_prompt_tokens: 200_000 }, provider: null, missing: [] });
    const offer = JSON.parse((await run(['cost', 'anthropic/claude-test', '--input', '1000', '--cache-write', '10', '--output', '100', '--provider', 'anthropic', '--json'])).out) as unknown;
    expect(offer).toMatchObject({ total_usd: null, missing: ['cache_write'], provider: 'anthropic', source: 'openrouter' });
  });

  it('prints the cost line by line, the tier crossed and what is unknown, with the attribution', async () => {
    const { code, out } = await run(['cost', 'anthropic/claude-test', '--input', '250000', '--cache-read', '200000', '--output', '1000']);
    expect(code).toBe(0);
    expect(out).toMatch(/^Cost of anthropic\/claude-test at its headline price, long-context rates \(prompt above 200K tokens\)$/m);
    expect(out).toMatch(/^cache read +200,000 +\$0\.60 +\$0\.12$/m);
    expect(out).toMatch(/^TOTAL +\$0\.4425$/m);
    expect(out).toMatch(ATTRIBUTION);
    // OpenRouter's endpoint states no tiers: past 200K its rates are not known.
    const unknown = await run(['cost', 'anthropic/claude-test', '--input', '250000', '--output', '1', '--provider', 'anthropic']);
    expect(unknown.code).toBe(0);
    expect(unknown.out).toMatch(/^TOTAL +unknown$/m);
    expect(unknown.out).toContain("this offer's rates there are not known");
  });

  it('ranks by the cost of the mix with cheapest\'s filters, as rankByCost over the cost index', async () => {
    const result = await run(['cheapest', '--input', '100000', '--output', '2000', '--min-intel', '40', '--json']);
    expect(result.code).toBe(0);
    const answer = JSON.parse(result.out) as { data: Array<{ model_id: string; total_usd: number }>; meta: Record<string, unknown> };
    const index = await site.file('cost-index.json');
    const expected = rankByCost(readCostIndex(index.data), { input_tokens: 100_000, output_tokens: 2_000 }, { ...DEFAULT_QUERY, min_intel: 40 }, null);
    expect(answer.data.map((r) => [r.model_id, r.total_usd])).toEqual(expected.map((r) => [r.model.id, r.estimate.total_usd]));
    expect(answer.data.map((r) => r.model_id)).toEqual(['mistralai/mistral-test', 'deepseek/r-test', 'openai/gpt-test', 'anthropic/claude-test']);
    expect(answer.meta).toMatchObject({ query: { ...DEFAULT_QUERY, min_intel: 40 }, usage: { input_tokens: 100_000, output_tokens: 2_000 }, count: 4 });
    const table = await run(['cheapest', '--input', '100000', '--output', '2000', '--min-intel', '40']);
    expect(table.out).toMatch(/^mistralai\/mistral-test +\$0\.044 +headline price +base$/m);
    expect(table.out).toMatch(ATTRIBUTION);
  });

  it('refuses bad token counts and a provider that does not offer the model, naming the flag, exit code 2', async () => {
    const cases: Array<[string[], RegExp]> = [
      [['--input=-5', '--output', '1'], /^modelpulse: --input: must be a whole number of tokens, digits only \(got "-5"\)/],
      [['--input', '1.5', '--output', '1'], /--input: must be a whole number of tokens/],
      [['--input', 'lots', '--output', '1'], /--input: must be a whole number/],
      [['--input', '5', '--cache-read', '10', '--output', '1'], /--cache-read: 10 is more than --input \(5\)/],
      [['--input', '5', '--cache-read', '3', '--cache-write', '3', '--output', '1'], /--cache-write: cache reads and writes \(3 \+ 3\) are more than --input \(5\)/],
      [['--input', '5'], /--output: is required/],
      [['--output', '5'], /--input: is required/],
      [[], /modelpulse cost needs the token mix/],
      [['--input', '5', '--output', '1', '--provider', 'nobody'], /^modelpulse cost anthropic\/claude-test: anthropic\/claude-test is not offered by "nobody" \(offered by amazon-bedrock, anthropic, openrouter\) \[not_offered\]$/],
    ];
    for (const [flags, message] of cases) {
      const result = await run(['cost', 'anthropic/claude-test', ...flags]);
      expect([result.code, result.out], flags.join(' ')).toEqual([2, '']);
      expect(result.err, flags.join(' ')).toMatch(message);
    }
    expect((await run(['cheapest', '--input', '5', '--cache-read', '6', '--output', '1'])).code).toBe(2);
    expect((await run(['cheapest', '--provider', 'anthropic'])).err).toMatch(/--provider is an option of modelpulse cost and modelpulse status, not of cheapest/);
    expect((await run(['models', '--input', '5'])).err).toMatch(/--input is an option of modelpulse cheapest and modelpulse cost, not of models/);
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
    await usage(['status', '--vision'], /--vision is an option of modelpulse cheapest and modelpulse fastest, not of status/);
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

describe('modelpulse resolve and cost by API name (the small site: testing/name-facts.ts)', () => {
  it('resolves a dated snapshot, an alias and a data-zone id, and prints one object with --json', async () => {
    const snapshot = await run(['resolve', 'mistral', 'mistral-test-2507', '--json']);
    expect(snapshot).toMatchObject({ code: 0, err: '' });
    expect(JSON.parse(snapshot.out)).toEqual({
      model: 'mistralai/mistral-test',
      type: 'chat',
      provider: 'mistral',
      api_name: 'mistral-test-2507',
      at: '2026-08-02',
      moved_from: null,
      match: { kind: 'exact', pattern: null },
      offer: { source: 'litellm', source_key: 'mistral/mistral-test-2507', kind: 'standard', region: null, provider_name: 'Mistral', api_name: 'mistral-test-2507' },
      price: {
        input: 0.4, output: 2, cache_read: null, cache_write: null, since: null, basis: 'offer',
        unit_prices: [{ unit: '1m_tokens', kind: 'output_image', usd: 30, source: 'litellm' }, { unit: '1m_tokens', kind: 'output_audio', usd: 64, source: 'litellm' }],
      },
    });
    expect(JSON.parse((await run(['resolve', 'mistral', 'mistral-test-latest', '--json'])).out).model).toBe('mistralai/mistral-test');
    const zone = await run(['resolve', 'bedrock', 'us.deepseek.r-test-v1:0']);
    expect(zone.code).toBe(0);
    expect(zone.out).toMatch(/^amazon-bedrock us\.deepseek\.r-test-v1:0 → deepseek\/r-test \(chat\)\n {2}offer: {2}Amazon Bedrock data_zone us, price from litellm \(us\.deepseek\.r-test-v1:0\)\n {2}price on 2026-08-02: input \$0\.66, output \$2\.64/);
    expect(zone.out).toMatch(ATTRIBUTION);
  });

  it('gives the price of the day asked: before and after the day the source dates a change', async () => {
    const on = async (at: string) => JSON.parse((await run(['resolve', 'amazon-bedrock', 'deepseek.r-test-v1:0', '--at', at, '--json'])).out).price;
    expect(await on('2026-07-19')).toMatchObject({ input: 0.6, output: 2.4, since: '2026-06-01' });
    expect(await on('2026-07-20')).toMatchObject({ input: 0.55, output: 2.2, since: '2026-07-20' });
    const cost = await run(['cost', '--provider', 'aws', '--model', 'deepseek.r-test-v1:0', '--at', '2026-07-19', '--input', '1000000', '--output', '100000', '--json']);
    expect(cost).toMatchObject({ code: 0, err: '' });
    expect(JSON.parse(cost.out)).toMatchObject({ total_usd: 0.84, provider: 'amazon-bedrock', source: 'genai-prices' });
    const table = await run(['cost', '--provider', 'mistral', '--model', 'mistral-test-latest', '--input', '1000', '--output', '100']);
    expect(table.out).toMatch(/^Cost of mistral mistral-test-latest at mistral's standard offer \(price from litellm\)/);
  });

  it('resolves common forms of a name and OpenRouter ids at OpenRouter\'s listed price', async () => {
    const form = JSON.parse((await run(['resolve', 'mistral', 'mistral/Mistral-Test-2507', '--json'])).out);
    expect(form).toMatchObject({ model: 'mistralai/mistral-test', match: { kind: 'form', pattern: null }, offer: { api_name: 'mistral-test-2507' } });
    const router = JSON.parse((await run(['resolve', 'openrouter', 'mistralai/mistral-test:nitro', '--json'])).out);
    expect(router).toMatchObject({ model: 'mistralai/mistral-test', provider: 'openrouter', offer: { source: 'openrouter', api_name: 'mistralai/mistral-test' } });
    const listing = JSON.parse((await run(['model', 'mistralai/mistral-test', '--json'])).out).data.endpoints.find((o: { provider: string }) => o.provider === 'openrouter');
    expect(router.price).toMatchObject({ input: listing.price.input, output: listing.price.output });
  });

  it('prices image and audio output apart from text output with --output-image and --output-audio', async () => {
    const estimate = JSON.parse((await run(['cost', 'mistralai/mistral-test', '--input', '1000', '--output', '1400', '--output-image', '1290', '--output-audio', '100', '--json'])).out);
    expect(estimate.lines.slice(3)).toEqual([
      { part: 'output', tokens: 10, usd_per_million: estimate.lines[3].usd_per_million, cost_usd: estimate.lines[3].cost_usd },
      { part: 'output_audio', tokens: 100, usd_per_million: 64, cost_usd: 0.0064 },
      { part: 'output_image', tokens: 1290, usd_per_million: 30, cost_usd: 0.0387 },
    ]);
    const printed = await run(['cost', 'mistralai/mistral-test', '--input', '1000', '--output', '1400', '--output-image', '1290']);
    expect(printed.out).toMatch(/^ *image output +1,290 +\$30\.00 +\$0\.0387$/m);
    const wrong = await run(['cost', 'mistralai/mistral-test', '--input', '1', '--output', '10', '--output-image', '11']);
    expect(wrong).toMatchObject({ code: 2 });
    expect(wrong.err).toMatch(/--output-image: image and audio output \(11 \+ 0\) are more than --output \(10\)/);
    expect((await run(['cheapest', '--input', '1', '--output', '1', '--output-image', '1'])).err).toMatch(/--output-image is an option of modelpulse cost, not of cheapest/);
  });

  it('exits 1 with the closest names for an unknown name, and names both models of a name two claim', async () => {
    const unknown = await run(['resolve', 'mistral', 'mistral-test-2508']);
    expect(unknown).toMatchObject({ code: 1, out: '' });
    expect(unknown.err).toBe('modelpulse resolve mistral mistral-test-2508: mistral has no API name "mistral-test-2508" we know; closest: mistral-test-2507, mistral-test-latest\n  did you mean: mistral-test-2507, mistral-test-latest [unknown_model]');
    const claimed = await run(['cost', '--provider', 'deepseek', '--model', 'shared-test', '--input', '10', '--output', '1']);
    expect(claimed.code).toBe(1);
    expect(claimed.err).toMatch(/deepseek "shared-test" is claimed by deepseek\/r-test and mistralai\/mistral-test: the sources disagree, so it resolves to neither \[ambiguous_model\]$/);
  });

  it('exits 2 for a wrong command line', async () => {
    const cases: Array<[string[], RegExp]> = [
      [['resolve', 'mistral'], /usage: modelpulse resolve <provider> <api-name>/],
      [['resolve', 'mistral', 'x', '--at', '2026-13-01'], /--at must be a day, YYYY-MM-DD \(got "2026-13-01"\)/],
      [['cost', '--model', 'x', '--input', '1', '--output', '1'], /--model <api-name> needs --provider P/],
      [['cost', 'openai/gpt-test', '--provider', 'openai', '--model', 'x', '--input', '1', '--output', '1'], /give the model once/],
      [['cost', 'openai/gpt-test', '--at', '2026-01-01', '--input', '1', '--output', '1'], /--at goes with --model/],
      [['model', 'openai/gpt-test', '--at', '2026-01-01'], /--at is an option of modelpulse cost and modelpulse resolve/],
    ];
    for (const [argv, message] of cases) {
      const result = await run(argv);
      expect(result.code, argv.join(' ')).toBe(2);
      expect(result.err, argv.join(' ')).toMatch(message);
    }
  });
});
