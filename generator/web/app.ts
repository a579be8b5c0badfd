/**
 * The website's script: a hash router over the pages, each rendered from the public API through
 * the published client (/api/v1/client.js). Hash routes work on every static host.
 */
import type { ApiResponse } from '../client/client.js';
import { api, type Freshness, type PageContext } from './context.js';
import { h, replaceChildren } from './dom.js';
import { formatTime } from './format.js';
import { dataAge } from './freshness.js';
import { cheapestPage } from './pages/cheapest.js';
import { deprecationsPage, priceChangesPage } from './pages/changes.js';
import { errorMessage, note, pageTitle } from './pages/common.js';
import { docsPage } from './pages/docs.js';
import { modelPage } from './pages/model.js';
import { modelsPage } from './pages/models.js';
import { servicePage, statusBoard } from './pages/status.js';
import { isRouteHash, resolveRoute } from './router.js';

const PAGES = { status: statusBoard, service: servicePage, models: modelsPage, cheapest: cheapestPage, model: modelPage, changes: priceChangesPage, deprecations: deprecationsPage, docs: docsPage };

const main = document.getElementById('main') as HTMLElement;
const asOf = document.getElementById('as-of') as HTMLElement;
let renders = 0;

// Freshness lives in one small file (index.json): responses keep their bytes between changes.
let freshnessRequest: Promise<Freshness | null> | null = null;
function freshness(): Promise<Freshness | null> {
  freshnessRequest ??= api.index().then(
    (response) => ((response.data as { freshness?: Freshness }).freshness ?? null),
    () => null,
  );
  return freshnessRequest;
}

let pageUpdatedAt: string | null = null;
async function showFreshness(): Promise<void> {
  const fresh = await freshness();
  const parts: string[] = [];
  if (fresh !== null) {
    const age = dataAge(fresh.run_at, Date.now()).age;
    parts.push(`Data checked ${formatTime(fresh.run_at)}${age === null ? '' : ` (${age} ago)`}.`);
    const stale = fresh.sources.filter((s) => s.stale).map((s) => s.id);
    if (stale.length > 0) parts.push(`Last read failed (showing the last good data): ${stale.join(', ')}.`);
  }
  if (pageUpdatedAt !== null) parts.push(`This page's data last changed ${formatTime(pageUpdatedAt)}.`);
  asOf.textContent = parts.join(' ');
}

function noteMeta(meta: ApiResponse['meta']): void {
  pageUpdatedAt = typeof meta.updated_at === 'string' ? meta.updated_at : null;
  void showFreshness();
}

async function render(moveFocus: boolean): Promise<void> {
  const mine = ++renders;
  // An address that is not a route (`#main`, a docs anchor) on first load shows the home page.
  const route = resolveRoute(isRouteHash(location.hash) ? location.hash : '', PAGES);
  for (const link of document.querySelectorAll<HTMLAnchorElement>('nav a[data-section]')) {
    if (link.dataset.section === route?.section) link.setAttribute('aria-current', 'page');
    else link.removeAttribute('aria-current');
  }
  main.setAttribute('aria-busy', 'true');
  replaceChildren(main, note('Loading…'));
  // A page drawn into a detached element replaces the live one only if no newer navigation began.
  const target = h('div', {});
  let focusTarget: HTMLElement | null = null;
  try {
    if (route === null) replaceChildren(target, pageTitle('Page not found'), note('No page at this address. Use the navigation above.'));
    else {
      const context: PageContext = {
        main: target,
        params: route.params,
        query: route.query,
        noteMeta,
        freshness,
        now: () => Date.now(),
        focusAfterRender: (element) => {
          focusTarget = element;
        },
      };
      await route.page(context);
    }
  } catch (error) {
    replaceChildren(target, pageTitle('Could not load this page'), note(errorMessage(error), 'error'));
  }
  if (mine !== renders) return;
  main.replaceChildren(...target.childNodes);
  main.removeAttribute('aria-busy');
  const title = main.querySelector('h1');
  document.title = `${title?.textContent ?? 'ModelPulse'} · ModelPulse`;
  // A page that names a part of itself (a docs section) is shown there, on first load too.
  const chosen = focusTarget as HTMLElement | null;
  if (chosen !== null) chosen.focus();
  else if (moveFocus) title?.focus();
}

// In-page anchors (`#op-…` on the docs page) only scroll; route addresses render a page.
window.addEventListener('hashchange', () => {
  if (isRouteHash(location.hash)) void render(true);
});
// The skip link moves focus to the content without touching the address (it would not be a route).
document.querySelector('a.skip')?.addEventListener('click', (event) => {
  event.preventDefault();
  main.focus();
});
void render(false);
void showFreshness();
