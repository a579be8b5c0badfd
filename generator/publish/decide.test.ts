import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { nextContentState, type ContentState } from './content-times.js';
import { decidePublish, EMPTY_PUBLISH_STATE, liveStaleness, PLAN_POLICIES, recordDeploy, staleAfterMinutes, type PublishState } from './decide.js';
import { saveContentState } from '../store/content-store.js';
import { loadPublishState } from '../store/publish-store.js';
import { runCli } from '../testing/cli.js';
import { tempDir } from '../testing/tree.js';

const fp = (content: string, material = content) => ({ content, material });
const T = (hhmm: string, day = '01') => `2026-09-${day}T${hhmm}:00Z`;

/** A content state after runs that saw these fingerprints, in order. */
function runs(...seen: Array<[string, Record<string, { content: string; material: string }>]>): ContentState {
  let state: ContentState = { last_run_at: null, as_of: null, files: {} };
  for (const [at, files] of seen) state = nextContentState(state, new Map(Object.entries(files)), at);
  return state;
}

// Fingerprints are hex, as stored.
const quiet = { 'api/v1/models.json': fp('a1'), 'api/v1/status.json': fp('b1', 'c0') };
const wobble = { 'api/v1/models.json': fp('a1'), 'api/v1/status.json': fp('b2', 'c0') };
const priceMove = { 'api/v1/models.json': fp('a2'), 'api/v1/status.json': fp('b3', 'c0') };

describe('decidePublish', () => {
  // Spacing has its own test: here every due deploy may go at once.
  const netlifyPro = { ...PLAN_POLICIES['netlify-pro'], minIntervalMinutes: 0 };
  const deployedAt = (at: string): PublishState => recordDeploy(EMPTY_PUBLISH_STATE, at);

  it('deploys first, then not for a latency wobble, then for a material change', () => {
    const first = decidePublish({ content: runs([T('00:07'), quiet]), state: EMPTY_PUBLISH_STATE, policy: netlifyPro, liveRunAt: null, requested: false });
    expect(first).toMatchObject({ deploy: true, reason: 'first' });
    const still = decidePublish({ content: runs([T('00:07'), quiet], [T('00:22'), wobble]), state: deployedAt(T('00:07')), policy: netlifyPro, liveRunAt: T('00:07'), requested: false });
    expect(still).toMatchObject({ deploy: false, reason: null, capped: false, changes: [] });
    expect(still.message).toMatch(/no material change since the live run 2026-09-01T00:07:00Z \(15 min ago; heartbeat 360 min\)/);
    const moved = decidePublish({ content: runs([T('00:07'), quiet], [T('00:22'), wobble], [T('00:37'), priceMove]), state: deployedAt(T('00:07')), policy: netlifyPro, liveRunAt: T('00:07'), requested: false });
    expect(moved).toMatchObject({ deploy: true, reason: 'material', changes: ['api/v1/models.json'] });
    expect(moved.message).toBe('deploy (material): 1 response changed materially (models.json)');
  });

  it('deploys on the heartbeat before the live data would outgrow it', () => {
    const policy = { ...netlifyPro, heartbeatMinutes: 60 };
    const content = (at: string) => runs([T('00:07'), quiet], [at, wobble]);
    expect(decidePublish({ content: content(T('00:52')), state: deployedAt(T('00:07')), policy, liveRunAt: T('00:07'), requested: false }).deploy).toBe(false);
    // 53 minutes old now, 68 by the next run: deploy now.
    expect(decidePublish({ content: content(T('01:00')), state: deployedAt(T('00:07')), policy, liveRunAt: T('00:07'), requested: false })).toMatchObject({ deploy: true, reason: 'heartbeat' });
  });

  it('holds a due deploy at the cap and says so, and deploys it once the cap allows', () => {
    const policy = { ...netlifyPro, maxPerDay: 2 };
    let state = recordDeploy(recordDeploy(EMPTY_PUBLISH_STATE, T('00:07')), T('00:22'));
    const content = runs([T('00:22'), quiet], [T('00:37'), priceMove]);
    const held = decidePublish({ content, state, policy, liveRunAt: T('00:22'), requested: false });
    expect(held).toMatchObject({ deploy: false, reason: 'material', capped: true, deploysToday: 2 });
    expect(held.message).toMatch(/deploy cap is reached \(2 of 2 deploys today\); 1 response changed materially/);
    // The next day the same change is still pending and goes out: delayed, never lost.
    const nextDay = runs([T('00:22'), quiet], [T('00:37'), priceMove], [T('00:07', '02'), priceMove]);
    expect(decidePublish({ content: nextDay, state, policy, liveRunAt: T('00:22'), requested: false })).toMatchObject({ deploy: true, reason: 'material', changes: ['api/v1/models.json'] });
    // A manual run deploys whatever the caps say.
    state = recordDeploy(state, T('00:37'));
    expect(decidePublish({ content, state, policy, liveRunAt: T('00:22'), requested: true })).toMatchObject({ deploy: true, reason: 'requested' });
  });

  it('spaces a small budget: a due deploy waits for the plan\'s least interval', () => {
    const policy = { ...PLAN_POLICIES['netlify-free'], maxPerDay: 10 };
    const content = (at: string) => runs([T('00:07'), quiet], [at, priceMove]);
    const soon = decidePublish({ content: content(T('12:07')), state: deployedAt(T('00:07')), policy, liveRunAt: T('00:07'), requested: false });
    expect(soon).toMatchObject({ deploy: false, reason: 'material', capped: true });
    expect(soon.message).toMatch(/the live run is 720 of at least 3600 minutes old/);
    expect(decidePublish({ content: content(T('12:07', '03')), state: deployedAt(T('00:07')), policy, liveRunAt: T('00:07'), requested: false })).toMatchObject({ deploy: true, reason: 'material' });
  });

  it('retries a deploy that failed: the live site still serves the older run', () => {
    const content = runs([T('00:07'), quiet], [T('00:22'), priceMove], [T('00:37'), priceMove]);
    // The 00:22 deploy was recorded but never went live.
    const state = recordDeploy(recordDeploy(EMPTY_PUBLISH_STATE, T('00:07')), T('00:22'));
    expect(decidePublish({ content, state, policy: netlifyPro, liveRunAt: T('00:07'), requested: false })).toMatchObject({ deploy: true, reason: 'material' });
    // Without a word from the live site the record is believed.
    expect(decidePublish({ content, state, policy: netlifyPro, liveRunAt: null, requested: false }).deploy).toBe(false);
  });

  it('calls the live data stale past an hour, or past the heartbeat plus an hour on plans that deploy less often', () => {
    expect(staleAfterMinutes(PLAN_POLICIES['github-pages'])).toBe(60);
    expect(staleAfterMinutes(PLAN_POLICIES['netlify-pro'])).toBe(6 * 60 + 60);
    expect(staleAfterMinutes(PLAN_POLICIES['netlify-free'])).toBe(7 * 24 * 60 + 60);
    expect(liveStaleness(T('00:07'), T('01:07'), 60)).toMatchObject({ stale: false, ageMinutes: 60 });
    const late = liveStaleness(T('00:07'), T('04:37'), 60);
    expect(late).toMatchObject({ stale: true, ageMinutes: 270 });
    expect(late.message).toBe('STALE: the live site serves the run of 2026-09-01T00:07:00Z, 270 min before this run, past the 60-minute threshold (runs were delayed or dropped, or deploys failed)');
    // A site that could not be read is not called stale: the first deploy has nothing live yet.
    expect(liveStaleness(null, T('04:37'), 60)).toMatchObject({ stale: false, ageMinutes: null });
  });

  it('keeps 32 days of deploys', () => {
    const state = recordDeploy({ last_deploy_at: null, deploys: ['2026-07-01T00:00:00Z', '2026-08-15T00:00:00Z'] }, T('00:07'));
    expect(state).toEqual({ last_deploy_at: T('00:07'), deploys: ['2026-08-15T00:00:00Z', T('00:07')] });
  });
});

describe('npm run deploy-check', () => {
  it('writes the decision to GITHUB_OUTPUT and the job summary, and records a deploy with --record', async () => {
    const dir = await tempDir('deploy-check');
    const dataDir = join(dir, 'data');
    await saveContentState(dataDir, runs([T('00:07'), quiet], [T('00:22'), priceMove]));
    const output = join(dir, 'output');
    const summary = join(dir, 'summary');
    await writeFile(output, '');
    await writeFile(summary, '');
    const env = { GITHUB_OUTPUT: output, GITHUB_STEP_SUMMARY: summary, GITHUB_ACTIONS: 'true' };
    const first = await runCli('generator/cli/deploy-check.ts', ['--data-dir', dataDir, '--plan', 'netlify-free', '--max-per-day', '0', '--live-run-at', T('00:07')], env);
    expect(first.code, first.out).toBe(0);
    expect(first.out).toMatch(/::warning title=Deploy cap reached::no deploy: the deploy cap is reached \(0 of 0 deploys today\)/);
    expect(await readFile(output, 'utf8')).toBe('deploy=false\nreason=material\ncapped=true\nstale=false\n');
    const second = await runCli('generator/cli/deploy-check.ts', ['--data-dir', dataDir, '--plan', 'netlify-pro', '--min-interval-minutes', '0', '--live-run-at', T('00:07'), '--record'], env);
    expect(second.code, second.out).toBe(0);
    expect(await readFile(output, 'utf8')).toMatch(/deploy=true\nreason=material\ncapped=false\nstale=false\n$/);
    expect(await readFile(summary, 'utf8')).toMatch(/\*\*Publish decision:\*\* deploy \(material\): 1 response changed materially \(models.json\)\. Deploys so far: 0\/4 today/);
    // The live site two hours behind this run: an error annotation, stale=true and the summary say so.
    const late = await runCli('generator/cli/deploy-check.ts', ['--data-dir', dataDir, '--plan', 'github-pages', '--live-run-at', '2026-08-31T22:22:00Z'], env);
    expect(late.code, late.out).toBe(0);
    expect(late.out).toContain('::error title=Published data is stale::STALE: the live site serves the run of 2026-08-31T22:22:00Z, 120 min before this run, past the 60-minute threshold');
    expect(await readFile(output, 'utf8')).toMatch(/stale=true\n$/);
    expect(await readFile(summary, 'utf8')).toMatch(/\*\*🚨 Live data is stale:\*\* STALE: /);
    expect(await loadPublishState(dataDir)).toEqual({ last_deploy_at: T('00:22'), deploys: [T('00:22')] });
    const bad = await runCli('generator/cli/deploy-check.ts', ['--data-dir', dataDir, '--plan', 'netlify-gold'], env);
    expect(bad.code).toBe(2);
    expect(bad.out).toMatch(/--plan must be one of github-pages, cloudflare-workers, netlify-free, netlify-personal, netlify-pro, unlimited/);
  }, 60_000);
});
