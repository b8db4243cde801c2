// An answer that never ends, for the stream list's size limit (tests/api/streams.test.ts and
// tests/faults/streams-memory.test.ts): 200, then 3 GB of JSON-ish bytes written as fast as the
// client reads them, until the client hangs up.
import type http from 'node:http';

export const THREE_GB = 3 * 1024 ** 3;

/**
 * Writes the answer (`declared`: with a Content-Length of 3 GB; else chunked, no length) until the
 * client hangs up or 3 GB are out; resolves to the bytes written by then.
 */
export function writeEndlessAnswer(res: http.ServerResponse, declared: boolean): Promise<number> {
  const chunk = Buffer.alloc(256 * 1024, ' ');
  let sent = 0;
  res.writeHead(200, {
    'content-type': 'application/json',
    ...(declared ? { 'content-length': String(THREE_GB) } : {}),
  });
  const pump = () => {
    while (!res.destroyed && sent < THREE_GB) {
      sent += chunk.length;
      if (!res.write(chunk)) return;
    }
    if (!res.destroyed) res.end();
  };
  res.on('drain', pump);
  const closed = new Promise<number>((resolve) => res.on('close', () => resolve(sent)));
  pump();
  return closed;
}
