import { describe, expect, it } from 'vitest';
import { ODD_API_PATHS } from '../../testing/odd-paths.js';
import { ODD_PATH_ROUTES, plainPath } from './plain-path.js';

/** How Cloudflare matches a `run_worker_first` glob: `*` is any run of characters, the rest literal, against the whole path. */
const matches = (glob: string, path: string) => new RegExp(`^${glob.split('*').map((part) => part.replace(/[.*+?^${}()|[\]\\/-]/g, '\\$&')).join('.*')}$`).test(path);

describe('odd paths on Cloudflare', () => {
  it('decodes escapes of plain characters, and finds no file for anything else', () => {
    expect(plainPath('/api/v1/models/openai/gpt%2D4o')).toBe('/api/v1/models/openai/gpt-4o');
    expect(plainPath('/api/v1/%63heapest/')).toBe('/api/v1/cheapest/');
    expect(plainPath('/api/v1/models/openai/gpt-4o.json')).toBe('/api/v1/models/openai/gpt-4o.json');
    for (const path of [...ODD_API_PATHS, '/api//v1/models.json', '/api/v1/models/.%2e/x', '/api/v1/models/%2e', '/api/v1/models/a%20b', '/api/v1/models/%']) expect(plainPath(path), path).toBeNull();
  });

  it('sends every odd path to the Worker, and no published spelling', () => {
    const odd = [...ODD_API_PATHS, '/api//v1/models.json', '/api/v1//models', '/api/v1/models/a$b', '/api/v1/models/a,b', '/api/v1/models/a;b', '/api/v1/models/a=b', '/api/v1/models/a+b', '/api/v1/models/a&b', '/api/v1/models/a[b]', '/api/v1/models/a^b', '/api/v1/models/a|b'];
    for (const path of odd) expect(ODD_PATH_ROUTES.some((glob) => matches(glob, path)), path).toBe(true);
    for (const path of ['/api/v1/models/openai/gpt-4o.json', '/api/v1/cheapest/min_intel/40/vision/limit/5.json', '/api/v1/models/mistralai/mistral-7b-instruct-v0.1', '/api/v1/', '/index.html']) {
      expect(ODD_PATH_ROUTES.some((glob) => matches(glob, path)), path).toBe(false);
    }
  });
});
