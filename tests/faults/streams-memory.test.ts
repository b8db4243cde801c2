// A stream list that never ends (issue 24: "a 3 GB stream list leaves memory flat"). The API runs as
// a real process with ZHOL_STREAMS_LIST_URL pointing at a server here that answers 200 and then
// writes without end (3 GB, chunked, no length). Before the limit, one such fetch took the process
// from 215 to 901 MB, and it stayed there. Now each refresh stops reading at STREAM_LIST_MAX_BYTES
// and closes the connection: the provider manages to send little more than that (socket buffers),
// the learner still gets the stream page (content's list), and the process's memory stays flat
// over refresh after refresh.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STREAM_LIST_MAX_BYTES } from '../../src/server/services/streams';
import { writeEndlessAnswer } from '../support/endless-answer';
import { type ApiProcess, call, startApiProcess } from './support/kit';

const ROUNDS = 5;

/** The process's resident memory in MB, as the kernel counts it. */
function rssMb(pid: number): number {
  const line = readFileSync(`/proc/${pid}/status`, 'utf8').match(/^VmRSS:\s+(\d+) kB$/m);
  if (!line) throw new Error(`no VmRSS for ${pid}`);
  return Number(line[1]) / 1024;
}

describe('a stream list answer without end, fetched by the real API process', () => {
  let dir: string;
  let provider: http.Server;
  let server: ApiProcess | undefined;
  /** One entry per list request: resolves to the bytes written before the API hung up. */
  const answers: Promise<number>[] = [];

  beforeAll(async () => {
    provider = http.createServer((req, res) => {
      if (req.url === '/list') answers.push(writeEndlessAnswer(res, false));
      else res.writeHead(404).end();
    });
    await new Promise<void>((resolve) => provider.listen(0, '127.0.0.1', resolve));
    const host = `127.0.0.1:${(provider.address() as AddressInfo).port}`;
    dir = mkdtempSync(join(tmpdir(), 'zhol-streams-memory-'));
    server = await startApiProcess({
      DATABASE_URL: `file:${join(dir, 'zhol.db')}`,
      ZHOL_STREAMS_LIST_URL: `http://${host}/list`,
      // The embed checks go to the same local server, which does not know them (404: not embeddable).
      ZHOL_STREAM_CHECK_URL: `http://${host}/oembed?url={url}`,
      ZHOL_STREAMS_ALLOW_HOSTS: host,
      // A timeout far beyond the test, so only the size limit can stop a fetch; stale after a second.
      ZHOL_STREAM_CHECK_TIMEOUT_MS: '60000',
      ZHOL_STREAM_CACHE_SECONDS: '1',
    });
  }, 120_000);

  afterAll(async () => {
    await server?.stop();
    provider?.closeAllConnections();
    await new Promise((resolve) => provider?.close(resolve));
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('stops each fetch at the limit, keeps answering, and leaves memory flat', async () => {
    const pid = server!.child.pid!;
    const sent: number[] = [];
    const rss: number[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      // The call answers at once from the cache and starts the refresh that fetches the list.
      const page = await call(server!.base, 'GET', '/v1/domain/online/streams');
      expect(page.status).toBe(200);
      expect(page.body.data.streams.length).toBeGreaterThan(0);
      while (answers.length <= round) await new Promise((resolve) => setTimeout(resolve, 50));
      sent.push(await answers[round]!);
      // Past the cache's second, so the next call refreshes again.
      await new Promise((resolve) => setTimeout(resolve, 1_200));
      rss.push(rssMb(pid));
    }
    // Each answer was cut near the limit (plus what the sockets buffered), nowhere near 3 GB.
    for (const bytes of sent) expect(bytes).toBeLessThan(STREAM_LIST_MAX_BYTES + 32 * 1024 ** 2);
    // Flat: after the first round (code loaded, caches warm) memory moves by a few MB, where reading
    // the answers in full took hundreds.
    expect(Math.max(...rss) - rss[0]!).toBeLessThan(48);
    expect(server!.output()).toMatch(/ZHOL_STREAMS_LIST_URL failed \(the answer is over the limit of 1048576 bytes\)/);
    // Logged once, however many refreshes failed the same way.
    expect(server!.output().match(/ZHOL_STREAMS_LIST_URL failed/g)).toHaveLength(1);
  });
});
