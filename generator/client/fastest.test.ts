import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fastest, type FastestQuery } from '../query/fastest.js';
import type { ModelListEntry } from '../types/api-types.js';
import { startSmallSite, type SmallSite } from '../testing/small-site.js';
import { createClient, ModelPulseError, normalizeFastestQuery, type CheapestInput } from './client.js';

let site: SmallSite;
beforeAll(async () => {
  site = await startSmallSite();
}, 300_000); // bounds a hang on a busy machine; measures nothing
afterAll(async () => {
  await site?.server.close();
});

describe('the client answering fastest', () => {
  it('takes the default from the file and computes any other query from the fastest index, as the build would', async () => {
    const client = createClient({ baseUrl: site.server.url });
    const list = (await site.file('models.json')) as unknown as { data: ModelListEntry[]; meta: { as_of: string | null } };
    const inputs: CheapestInput[] = [{}, { sort: 'latency' }, { max_price: 1, limit: 2 }, { tools: true, min_intel: 40 }];
    const computed: boolean[] = [];
    for (const input of inputs) {
      const query: FastestQuery = normalizeFastestQuery(input);
      const answer = await client.fastest(input);
      expect(answer.data, JSON.stringify(input)).toEqual(fastest(list.data, query, list.meta.as_of));
      expect(answer.meta.query).toEqual(query);
      computed.push(answer.computed);
    }
    // Netlify's rules (npm run serve) have only the default as a file: the client computes the rest.
    expect(computed).toEqual([false, true, true, true]);
    expect((await client.fastest()).data.length).toBeGreaterThan(0);
    expect(await client.fastest()).toEqual({ ...(await site.file('fastest.json')), computed: false });
  });

  it('refuses a bad query before asking, naming the parameter', async () => {
    const client = createClient({ baseUrl: site.server.url });
    const error = await client.fastest({ sort: 'speed' }).then(() => null, (e: unknown) => e);
    expect(error).toBeInstanceOf(ModelPulseError);
    expect((error as ModelPulseError).parameter).toBe('sort');
  });

  it('reads the models not operational as the status files are read', async () => {
    const client = createClient({ baseUrl: site.server.url, liveStatusUrl: null });
    expect(await client.modelStatus()).toEqual({ ...(await site.file('status/models.json')), fallback: null });
  });
});
