#!/usr/bin/env node
// The browser suite's stand-in for the stream provider's embed check (playwright.config.ts starts it
// and points ZHOL_STREAM_CHECK_URL here), so no test reaches the internet. Links naming one of the
// LIVE broadcasts answer 200 (embeddable); any other answers 404.
import http from 'node:http';

const LIVE = ['zhol-almaty-1', 'zhol-karaganda-1'];
const port = Number(process.argv[2] ?? 4456);

http
  .createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    if (url.pathname === '/health') return res.writeHead(200).end('ok');
    const link = url.searchParams.get('url') ?? '';
    if (url.pathname === '/oembed' && LIVE.some((id) => link.endsWith(`v=${id}`)))
      return res.writeHead(200, { 'content-type': 'application/json' }).end('{"type":"video"}');
    res.writeHead(404).end();
  })
  .listen(port, '127.0.0.1');
