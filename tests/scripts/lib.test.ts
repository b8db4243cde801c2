// What scripts and test support share (scripts/lib): the nearest-rank percentile and a free port.
import { createServer } from 'node:net';
import { describe, expect, it } from 'vitest';
import { freePort } from '../../scripts/lib/net.mjs';
import { percentile } from '../../scripts/lib/stats.mjs';

describe('percentile', () => {
  it('takes the nearest rank of sorted numbers', () => {
    const ten = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10];
    expect(percentile(ten, 50)).toBe(5);
    expect(percentile(ten, 95)).toBe(10);
    expect(percentile(ten, 99)).toBe(10);
    expect(percentile(ten, 10)).toBe(1);
    expect(percentile(ten, 11)).toBe(2);
    expect(percentile([7], 50)).toBe(7);
  });

  it('says null when there is nothing to rank', () => {
    expect(percentile([], 50)).toBeNull();
  });
});

describe('freePort', () => {
  it('gives a port a server can listen on at once', async () => {
    const port = await freePort();
    expect(port).toBeGreaterThan(0);
    const server = createServer();
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, '127.0.0.1', resolve);
    });
    await new Promise((resolve) => server.close(resolve));
  });
});
