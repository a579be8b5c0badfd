/**
 * What a month of publishing costs on each host, from the deploy counts of the simulation and an
 * assumed traffic. Figures from the hosts' own docs (README "Hosting" lists the pages):
 * - Netlify: 15 credits per production deploy, 20 per GB, 2 per 10,000 requests; Free 300
 *   credits a month (then every site of the team pauses); Pro $20 a member with 3,000 credits
 *   (Netlify has also published 5,000: the lower is used), 1,000 more for $20.
 * - GitHub Pages (public repository, deployed from Actions): no charge; 1 GB per site, 100 GB of
 *   bandwidth a month (soft); the 10-builds-an-hour soft limit does not apply to Actions deploys.
 * - Cloudflare Workers static assets, Free: asset requests free and unlimited, 20,000 files per
 *   version, no documented deploy cap.
 * Pure.
 */
export interface Traffic {
  requestsPerMonth: number;
  gbPerMonth: number;
}

export const NETLIFY = { creditsPerDeploy: 15, creditsPerGb: 20, creditsPer10kRequests: 2, freeCredits: 300, proCredits: 3_000, proSeatUsd: 20, topUpCredits: 1_000, topUpUsd: 20 } as const;

export interface HostCost {
  host: string;
  deploysPerMonth: number;
  usdPerMonth: number | null;
  note: string;
}

export function netlifyCredits(deploysPerMonth: number, traffic: Traffic): number {
  return deploysPerMonth * NETLIFY.creditsPerDeploy + traffic.gbPerMonth * NETLIFY.creditsPerGb + (traffic.requestsPerMonth / 10_000) * NETLIFY.creditsPer10kRequests;
}

export function netlifyFree(deploysPerMonth: number, traffic: Traffic): HostCost {
  const credits = netlifyCredits(deploysPerMonth, traffic);
  const fits = credits <= NETLIFY.freeCredits;
  return { host: 'Netlify Free', deploysPerMonth, usdPerMonth: fits ? 0 : null, note: `${Math.round(credits)} of ${NETLIFY.freeCredits} credits${fits ? '' : ': over, the sites pause'}` };
}

export function netlifyPro(deploysPerMonth: number, traffic: Traffic): HostCost {
  const credits = netlifyCredits(deploysPerMonth, traffic);
  const topUps = Math.max(0, Math.ceil((credits - NETLIFY.proCredits) / NETLIFY.topUpCredits));
  return { host: 'Netlify Pro', deploysPerMonth, usdPerMonth: NETLIFY.proSeatUsd + topUps * NETLIFY.topUpUsd, note: `${Math.round(credits)} credits (${NETLIFY.proCredits} included, ${topUps} top-ups)` };
}

export function githubPages(deploysPerMonth: number, siteBytes: number, traffic: Traffic): HostCost {
  const fits = siteBytes < 1024 ** 3 && traffic.gbPerMonth <= 100;
  return { host: 'GitHub Pages', deploysPerMonth, usdPerMonth: fits ? 0 : null, note: `site ${(siteBytes / 1024 ** 2).toFixed(0)} MiB of 1 GiB; ${traffic.gbPerMonth} of 100 GB` };
}

export function cloudflareWorkers(deploysPerMonth: number, files: number): HostCost {
  const fits = files <= 20_000;
  return { host: 'Cloudflare Workers static assets', deploysPerMonth, usdPerMonth: fits ? 0 : null, note: `${files} of 20,000 files` };
}
