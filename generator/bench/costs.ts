/**
 * What a month of publishing costs on each host, from the deploys a plan makes and an assumed
 * traffic. Every figure names the page it comes from (read in 2026-11; hosts change them):
 * `npm run simulate` prints them with the bills. Pure.
 */
export interface Traffic {
  requestsPerMonth: number;
  gbPerMonth: number;
}

export interface Figure {
  value: number;
  source: string;
}

const NETLIFY_CREDITS = 'https://docs.netlify.com/manage/accounts-and-billing/billing/billing-for-credit-based-plans/how-credits-work';
const NETLIFY_PLANS = 'https://docs.netlify.com/manage/accounts-and-billing/billing/billing-for-credit-based-plans/credit-based-pricing-plans';
const NETLIFY_PACKS = 'https://docs.netlify.com/manage/accounts-and-billing/billing/billing-for-credit-based-plans/buy-add-on-credits';
const NETLIFY_RECHARGE = 'https://docs.netlify.com/manage/accounts-and-billing/billing/billing-for-credit-based-plans/configure-auto-recharge';
const PAGES_LIMITS = 'https://docs.github.com/en/pages/getting-started-with-github-pages/github-pages-limits';
const CLOUDFLARE_ASSETS = 'https://developers.cloudflare.com/workers/static-assets/billing-and-limitations/';
const CLOUDFLARE_LIMITS = 'https://developers.cloudflare.com/workers/platform/limits/';

const f = (value: number, source: string): Figure => ({ value, source });

/** Netlify's credit-based plans (since 2025-09-04). */
export const NETLIFY = {
  creditsPerDeploy: f(15, `${NETLIFY_CREDITS} (production deploy)`),
  creditsPerGb: f(20, `${NETLIFY_CREDITS} (bandwidth)`),
  creditsPer10kRequests: f(2, `${NETLIFY_CREDITS} (web requests)`),
  freeCredits: f(300, `${NETLIFY_CREDITS} (Free: a hard limit; every project of the team pauses when it is used up)`),
  personalUsd: f(9, `${NETLIFY_PLANS} (Personal: $9 a month)`),
  personalCredits: f(1_000, `${NETLIFY_CREDITS} (Personal: 1,000 credits a month)`),
  personalPackCredits: f(500, `${NETLIFY_PACKS} (Personal: 500 credits a pack)`),
  personalPackUsd: f(5, `${NETLIFY_PACKS} (Personal: $5 a pack; auto recharge instead: 200 credits for $5, ${NETLIFY_RECHARGE})`),
  proSeatUsd: f(20, `${NETLIFY_PLANS} (Pro: $20 a team member a month)`),
  // The add-on credits page says 3,000; the how-credits-work page and the 2025-09 launch say 5,000: the lower is assumed.
  proCredits: f(3_000, `${NETLIFY_PACKS} (Pro: "after they have used up the Pro plan's 3,000 credits"; ${NETLIFY_CREDITS} says 5,000)`),
  proPackCredits: f(1_500, `${NETLIFY_PACKS} (Pro: 1,500 credits a pack)`),
  proPackUsd: f(10, `${NETLIFY_PACKS} (Pro: $10 a pack; auto recharge instead: 1,000 credits for $20, ${NETLIFY_RECHARGE})`),
} as const;

export const GITHUB_PAGES = {
  siteBytes: f(1024 ** 3, `${PAGES_LIMITS} (published sites may be no larger than 1 GB)`),
  gbPerMonth: f(100, `${PAGES_LIMITS} (a soft bandwidth limit of 100 GB a month; the 10 builds an hour do not apply to a custom Actions workflow)`),
} as const;

export const CLOUDFLARE = {
  files: f(20_000, `${CLOUDFLARE_ASSETS} (20,000 files per Worker version, 25 MiB each; requests to static assets free and unlimited)`),
  workerRequestsPerDay: f(100_000, `${CLOUDFLARE_LIMITS} (Workers Free: 100,000 requests a day run the Worker; only query routes do)`),
} as const;

export interface HostCost {
  host: string;
  deploysPerMonth: number;
  /** null: the plan cannot do it (it pauses or refuses). */
  usdPerMonth: number | null;
  note: string;
}

export function netlifyCredits(deploysPerMonth: number, traffic: Traffic): number {
  return deploysPerMonth * NETLIFY.creditsPerDeploy.value + traffic.gbPerMonth * NETLIFY.creditsPerGb.value + (traffic.requestsPerMonth / 10_000) * NETLIFY.creditsPer10kRequests.value;
}

export function netlifyFree(deploysPerMonth: number, traffic: Traffic): HostCost {
  const credits = netlifyCredits(deploysPerMonth, traffic);
  const fits = credits <= NETLIFY.freeCredits.value;
  return { host: 'Netlify Free', deploysPerMonth, usdPerMonth: fits ? 0 : null, note: `${Math.round(credits)} of ${NETLIFY.freeCredits.value} credits${fits ? '' : ': over, the sites pause'}` };
}

/** A paid Netlify plan: its price, then as many add-on packs as the credits beyond its allotment need. */
function netlifyPaid(host: string, base: number, included: number, packCredits: number, packUsd: number, deploysPerMonth: number, traffic: Traffic): HostCost {
  const credits = netlifyCredits(deploysPerMonth, traffic);
  const packs = Math.max(0, Math.ceil((credits - included) / packCredits));
  return { host, deploysPerMonth, usdPerMonth: base + packs * packUsd, note: `${Math.round(credits)} credits (${included} included, ${packs} pack${packs === 1 ? '' : 's'} of ${packCredits} for $${packUsd})` };
}

export function netlifyPersonal(deploysPerMonth: number, traffic: Traffic): HostCost {
  return netlifyPaid('Netlify Personal', NETLIFY.personalUsd.value, NETLIFY.personalCredits.value, NETLIFY.personalPackCredits.value, NETLIFY.personalPackUsd.value, deploysPerMonth, traffic);
}

export function netlifyPro(deploysPerMonth: number, traffic: Traffic): HostCost {
  return netlifyPaid('Netlify Pro (one member)', NETLIFY.proSeatUsd.value, NETLIFY.proCredits.value, NETLIFY.proPackCredits.value, NETLIFY.proPackUsd.value, deploysPerMonth, traffic);
}

export function githubPages(deploysPerMonth: number, siteBytes: number, traffic: Traffic): HostCost {
  const fits = siteBytes < GITHUB_PAGES.siteBytes.value && traffic.gbPerMonth <= GITHUB_PAGES.gbPerMonth.value;
  return { host: 'GitHub Pages (public repository)', deploysPerMonth, usdPerMonth: fits ? 0 : null, note: `site ${(siteBytes / 1024 ** 2).toFixed(0)} MiB of 1 GiB; ${traffic.gbPerMonth} of 100 GB` };
}

export function cloudflareWorkers(deploysPerMonth: number, files: number): HostCost {
  const fits = files <= CLOUDFLARE.files.value;
  return { host: 'Cloudflare Workers static assets (Free)', deploysPerMonth, usdPerMonth: fits ? 0 : null, note: `${files} of ${CLOUDFLARE.files.value} files` };
}

/** Every figure above with its source, for the simulation's output. */
export function costSources(): Array<[string, Figure]> {
  return [...Object.entries(NETLIFY), ...Object.entries(GITHUB_PAGES), ...Object.entries(CLOUDFLARE)].map(([name, figure]) => [name, figure]);
}
