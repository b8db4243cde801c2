// One API (issue 9 §2): scripts/server.mjs hands /rest calls to the API bundle, and Astro carries a
// copy of the same app for `astro dev`. Paths dressed to slip past the server's routing (`//rest/…`,
// `/./rest/…`, `/%2Frest/…`) must get the one API's answer or a 404 — never Astro's copy.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { expect, messages, test } from './support';

interface Answer {
  status: number;
  body: string;
}

/** A GET with the path put on the wire exactly as written (browsers and fetch would normalise it). */
function get(base: string, path: string): Promise<Answer> {
  const { hostname, port } = new URL(base);
  return new Promise((done, fail) => {
    http
      .get({ hostname, port, path, agent: false, headers: { 'accept-language': 'en' } }, (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (c: string) => {
          body += c;
        });
        res.on('end', () => done({ status: res.statusCode!, body }));
      })
      .on('error', fail);
  });
}

const ODD = [
  '//rest/',
  '/./rest/',
  '/rest/../rest/',
  '/%2Frest/',
  '/%2frest%2F',
  '/%72est/',
  '/REST/',
  '/x/../rest/',
  '/ru/../rest/',
  '/%2e/rest/',
  '/%252Frest/',
  '///rest//',
  '/.//rest/./',
  '/rest%2F',
  '/rest/./',
];

test('odd spellings of an API path reach the one API or nothing', async ({ baseURL }) => {
  for (const call of ['health', 'v1/domain/online/menu', 'v1/domain/online/locale?response=json&code=en']) {
    const plain = await get(baseURL!, `/rest/${call}`);
    expect(plain.status).toBe(200);
    for (const prefix of ODD) {
      const answer = await get(baseURL!, `${prefix}${call}`);
      if (answer.status === 404)
        expect(JSON.parse(answer.body), `${prefix}${call}`).toEqual({
          desc: messages.en['errors.notFound'],
          status: 404,
        });
      else expect(answer, `${prefix}${call}`).toEqual(plain);
    }
  }
});

test("Astro's copy of the API answers only 404 in the built server", async () => {
  // The built Astro handler on its own, with nothing in front of it: what a request that slipped
  // past scripts/server.mjs would meet.
  process.env.ASTRO_NODE_AUTOSTART = 'disabled';
  const { handler } = (await import(pathToFileURL(resolve('dist/server/entry.mjs')).href)) as {
    handler: http.RequestListener;
  };
  const server = http.createServer(handler);
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  try {
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    for (const path of ['/rest/health', '/rest/v1/domain/online/menu', '/rest/v1/core/user/profile']) {
      const answer = await get(base, path);
      expect(answer.status, path).toBe(404);
      expect(JSON.parse(answer.body)).toEqual({ desc: messages.en['errors.notFound'], status: 404 });
    }
  } finally {
    server.closeAllConnections();
    await new Promise((done) => server.close(done));
  }
});
