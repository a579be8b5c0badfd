import { describe, expect, it } from 'vitest';
import { bundleClient, bundleSiteClient, bundleWorkerCode } from './bundles.js';

describe('the client each host publishes, with and without a live status URL', () => {
  it('is byte for byte the plain client without the setting, and reads where status is live with it', async () => {
    const plain = await bundleClient();
    for (const host of ['netlify', 'github-pages', 'none'] as const) expect(await bundleSiteClient(host, null), host).toBe(plain);
    // Netlify proxies the path forms: its client reads its own (same origin, CSP unchanged).
    const netlify = await bundleSiteClient('netlify', 'https://live.example.com');
    expect(netlify).toContain('"self"');
    expect(netlify).not.toContain('live.example.com');
    // GitHub Pages cannot proxy: its client reads the live origin itself.
    expect(await bundleSiteClient('github-pages', 'https://live.example.com')).toContain('"https://live.example.com"');
    // Cloudflare's Worker answers the path forms itself.
    expect((await bundleWorkerCode()).client).toContain('"self"');
  });
});
