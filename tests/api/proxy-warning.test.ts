import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createApp } from '../../src/server/app';
import { createTestDb, type TestDb } from '../support/db';

// Its own file: the warning is once per process (per module instance), so no other suite may go first.
describe('X-Forwarded-For without ZHOL_TRUST_PROXY', () => {
  let t: TestDb;
  beforeAll(async () => {
    t = await createTestDb('sqlite', { content: false });
  });
  afterAll(async () => {
    await t.close();
  });

  it('warns once per process, and not at all while the proxy is trusted or no proxy is in front', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    try {
      const trusted = createApp(async () => ({ ...t.deps, config: { ...t.deps.config, ZHOL_TRUST_PROXY: true } }));
      const untrusted = createApp(async () => t.deps);
      const forwarded = { headers: { 'x-forwarded-for': '203.0.113.5' } };
      expect((await trusted.request('/rest/v1/domain/online/menu', forwarded)).status).toBe(200);
      expect((await untrusted.request('/rest/v1/domain/online/menu')).status).toBe(200);
      expect(warn).not.toHaveBeenCalled();
      for (let i = 0; i < 3; i++)
        expect((await untrusted.request('/rest/v1/domain/online/menu', forwarded)).status).toBe(200);
      expect(warn).toHaveBeenCalledTimes(1);
      expect(String(warn.mock.calls[0]![0])).toMatch(/X-Forwarded-For.*ZHOL_TRUST_PROXY=1/s);
    } finally {
      warn.mockRestore();
    }
  });
});
