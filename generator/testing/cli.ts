import { spawn } from 'node:child_process';

/** Every upstream pointed at a closed local port unless a test says otherwise: tests never reach the internet. */
export const OFFLINE_ENV: Record<string, string> = {
  MODELPULSE_OPENROUTER_URL: 'http://127.0.0.1:9/api/v1',
  MODELPULSE_LITELLM_URL: 'http://127.0.0.1:9/litellm.json',
  MODELPULSE_MODELSDEV_URL: 'http://127.0.0.1:9/api.json',
  MODELPULSE_GENAI_PRICES_URL: 'http://127.0.0.1:9/genai-prices.json',
  MODELPULSE_ARTIFICIAL_ANALYSIS_URL: 'http://127.0.0.1:9/aa',
  ARTIFICIAL_ANALYSIS_API_KEY: '',
  MODELPULSE_ANTHROPIC_DEPRECATIONS_URL: 'http://127.0.0.1:9/anthropic.md',
  MODELPULSE_OPENAI_DEPRECATIONS_URL: 'http://127.0.0.1:9/openai.md',
  MODELPULSE_GOOGLE_DEPRECATIONS_URL: 'http://127.0.0.1:9/google.md',
  MODELPULSE_MISTRAL_DEPRECATIONS_URL: 'http://127.0.0.1:9/mistral',
  MODELPULSE_XAI_DEPRECATIONS_URL: 'http://127.0.0.1:9/xai.md',
  // Under GitHub Actions, the fixture runs must not write into the CI job's own summary.
  GITHUB_STEP_SUMMARY: '',
  GITHUB_ACTIONS: '',
};

/** Runs one of our commands the way npm does (tsx), asynchronously so a local upstream keeps answering. */
export function runCli(script: string, args: string[], env: Record<string, string> = {}): Promise<{ code: number; out: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', script, ...args], { env: { ...process.env, ...OFFLINE_ENV, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    child.stdout.on('data', (chunk) => (out += String(chunk)));
    child.stderr.on('data', (chunk) => (out += String(chunk)));
    child.on('close', (code) => resolve({ code: code ?? 1, out }));
  });
}
