// The request-size guard. hono's own bodyLimit rebuilds the request with `new Request(c.req.raw)`,
// which throws under @hono/node-server with overrideGlobalObjects:false (c.req.raw is the adapter's
// own request object, not the global Request): every POST, PUT, PATCH, DELETE or OPTIONS without a
// Content-Length answered 500. This guard never hands the adapter's object to the Request
// constructor: a declared length is checked as it stands, and a body of unknown length (chunked, or
// none declared) is counted while it is read, then given back as a fresh Request built from parts.
import type { MiddlewareHandler } from 'hono';
import type { Env } from './context';
import { ApiError } from './errors';

export function bodySizeLimit(maxBytes: number): MiddlewareHandler<Env> {
  return async (c, next) => {
    const raw = c.req.raw;
    if (raw.method === 'GET' || raw.method === 'HEAD' || !raw.body) return next();
    const declared = raw.headers.get('content-length');
    // Node's HTTP parser holds the body to its Content-Length, and refuses a request that declares
    // both a length and chunking, so a declared length is the whole truth.
    if (declared !== null && !raw.headers.has('transfer-encoding')) {
      if (Number(declared) > maxBytes) throw new ApiError(413, 'errors.tooLarge');
      return next();
    }
    const chunks: Uint8Array[] = [];
    let size = 0;
    const reader = raw.body.getReader();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      size += value.byteLength;
      if (size > maxBytes) {
        // Stop reading: the rest of an oversized body is never buffered.
        await reader.cancel().catch(() => {});
        throw new ApiError(413, 'errors.tooLarge');
      }
      chunks.push(value);
    }
    const body = new Uint8Array(size);
    let offset = 0;
    for (const chunk of chunks) {
      body.set(chunk, offset);
      offset += chunk.byteLength;
    }
    const headers = new Headers();
    raw.headers.forEach((value, name) => {
      if (name !== 'transfer-encoding') headers.append(name, value);
    });
    headers.set('content-length', String(size));
    c.req.raw = new Request(raw.url, { method: raw.method, headers, body, signal: raw.signal });
    await next();
  };
}
