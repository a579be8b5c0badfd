import { describe, expect, it } from 'vitest';
import { warmUpMonitor } from './warm-up.js';

describe('the monitor warm-up at startup', () => {
  it('reads every light platform\'s built-in sample through its checker and translation (a sample that stopped parsing would warm nothing)', async () => {
    const read = await warmUpMonitor();
    expect(Object.keys(read).sort()).toEqual(['betterstack', 'incidentio', 'instatus', 'statuspage']);
    for (const [platform, status] of Object.entries(read)) {
      expect(status.indicator, platform).not.toBe('none');
      expect(status.active_incidents.length, platform).toBe(1);
    }
  });
});
