import { describe, expect, it } from 'vitest';
import { liveStatusUrlFromEnv, LiveStatusUrlError, parseLiveStatusUrl } from './live-status.js';

describe('the live status setting', () => {
  it('takes an https origin (or loopback http for tests), without a trailing slash', () => {
    expect(parseLiveStatusUrl('https://modelpulse.modelpulse.workers.dev/')).toBe('https://modelpulse.modelpulse.workers.dev');
    expect(parseLiveStatusUrl(' https://status.example.com:8443 ')).toBe('https://status.example.com:8443');
    expect(parseLiveStatusUrl('http://127.0.0.1:8788')).toBe('http://127.0.0.1:8788');
    expect(liveStatusUrlFromEnv({})).toBeNull();
    expect(liveStatusUrlFromEnv({ LIVE_STATUS_URL: '  ' })).toBeNull();
    expect(liveStatusUrlFromEnv({ LIVE_STATUS_URL: 'https://x.example.com' })).toBe('https://x.example.com');
  });

  it.each([
    ['modelpulse.workers.dev', 'not an absolute URL'],
    ['http://modelpulse.example.com', 'must use https'],
    ['ftp://127.0.0.1', 'must use https'],
    ['https://user:pw@x.example.com', 'credentials'],
    ['https://x.example.com/api/v1/status', 'origin only'],
    ['https://x.example.com/?a=1', 'origin only'],
    ['https://x.example.com/#top', 'origin only'],
    ['https://x.example.com?', 'origin only'],
  ])('refuses %s with a clear error', (raw, reason) => {
    expect(() => parseLiveStatusUrl(raw)).toThrow(LiveStatusUrlError);
    expect(() => parseLiveStatusUrl(raw)).toThrow(reason);
    expect(() => parseLiveStatusUrl(raw)).toThrow('LIVE_STATUS_URL');
  });
});
