/**
 * The makers' deprecation pages with several records each, in each maker's format (the
 * fixtures' builders), at the testing world's addresses (world.ts: `worldEnv`): a data/ seeded from
 * them holds what a real one holds (states, earliest dates, aliases, several replacements), more
 * than the testing world's one-record pages list.
 */
import { anthropicPage, googlePage, mistralFiles, openAiPage, xaiGuide } from '../sources/firstparty/fixtures.js';
import type { Reply, Routes } from './upstream-server.js';

const markdown = (body: string): Reply => ({ kind: 'text', body, headers: { 'content-type': 'text/markdown; charset=utf-8' } });

export function severalRecordMakerPages(): Routes {
  const routes: Routes = {
    '/makers/anthropic.md': markdown(
      anthropicPage(
        [
          { name: 'claude-next-5', state: 'Active', deprecated: 'N/A', retirement: 'Not sooner than June 9, 2027' },
          { name: 'claude-preview-x', state: 'Deprecated', deprecated: 'June 9, 2026', retirement: 'To be announced' },
          { name: 'claude-old-4-20250514', state: 'Retired', deprecated: 'April 14, 2026', retirement: 'June 15, 2026' },
        ],
        [
          { date: '2026-04-14', title: 'Claude Old 4', rows: [{ retirement: 'June 15, 2026', name: 'claude-old-4-20250514', replacement: 'claude-next-5' }] },
          { date: '2025-01-21', title: 'Claude 2', rows: [{ retirement: 'July 21, 2025', name: 'claude-2.1', replacement: 'claude-next-5' }] },
        ],
      ),
    ),
    '/makers/openai.md': markdown(
      openAiPage([
        { date: '2026-04-22', title: 'Legacy snapshots', header: 'Model snapshot', rows: [
          { shutdown: 'October 23, 2026', model: '`gpt-old-1106-preview`', replacement: '`gpt-new`' },
          { shutdown: 'October 23, 2026', model: '`o9-2024-12-17` \\| `o9`', replacement: '`gpt-new` with more reasoning' },
        ] },
        { date: '2026-03-01', title: 'Transcription', rows: [{ shutdown: 'Feb 26, 2027', model: '`whisper-9`', replacement: '`gpt-a`, `gpt-a-mini`, or `gpt-b`' }] },
      ]),
    ),
    '/makers/google.md': markdown(
      googlePage([
        { name: 'gemini-9-flash', shutdown: 'June 1, 2026', replacement: '`gemini-10-flash`' },
        { name: 'gemini-10-flash', shutdown: 'No shutdown date announced', replacement: '' },
        { name: 'gemini-9-pro', shutdown: 'June 1, 2026', replacement: '`gemini-10-flash` or `gemini-10-pro`' },
        { name: 'veo-9-preview', shutdown: 'October 22, 2026', replacement: '`veo-10`', preview: true },
      ]),
    ),
    '/makers/xai.md': markdown(
      xaiGuide('May 15, 2026', [
        { name: 'grok-9-fast-reasoning', target: '`grok-10` with low reasoning effort' },
        { name: 'grok-9', target: '`grok-10`' },
        { name: 'grok-code-9', target: '`grok-build-1`' },
      ]),
    ),
  };
  const mistral = mistralFiles([
    { file: 'big-3', name: 'Mistral Big 3', status: 'GA', apiNames: ['mistral-big-2512', 'mistral-big-latest'] },
    { file: 'big-2', name: 'Mistral Big 2.1', status: 'Deprecated', apiNames: ['mistral-big-2411'], metadata: { deprecationDate: '2026-04-30', retirementDate: '2026-07-31', replacement: 'Mistral Big 3' } },
    { file: 'small-2', name: 'Mistral Small 2', status: 'Retired', apiNames: ['mistral-small-2402'], metadata: { deprecationDate: '2025-06-01', retirementDate: '2025-12-01', replacement: 'Mistral Big 3' } },
    { file: 'tiny-1', name: 'Mistral Tiny', status: 'PublicPreview', apiNames: ['mistral-tiny-2601'] },
  ]);
  for (const [file, text] of Object.entries(mistral)) routes[`/makers/mistral/${file}`] = markdown(text);
  return routes;
}
