// The server's own requests to other sites (the stream list and the embed checks): a URL an operator
// configured, but whose answers and redirects come from someone else. So each request
// - goes only to public addresses: the name is resolved (every address it has), each is checked, and
//   the connection is made to the checked address, so a second answer from DNS cannot swap in another.
//   Private, loopback, link-local, unique-local, unspecified (and the like) addresses are refused
//   unless the operator names the host (`allowHosts`, from ZHOL_STREAMS_ALLOW_HOSTS);
// - follows at most MAX_REDIRECTS redirects, and only on the same host (never from https to http);
// - reads the body as a stream and stops at `maxBytes`, and gives up after `timeoutMs` in all.
import { BlockList, isIP } from 'node:net';
import { lookup } from 'node:dns/promises';
import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';

export const MAX_REDIRECTS = 3;

export interface OutboundOptions {
  timeoutMs: number;
  /** The most of the body to read; 0 reads none (only the status matters). */
  maxBytes: number;
  /** Hosts (`host` or `host:port`) the operator lets us reach even on a private address. */
  allowHosts: readonly string[];
}

export interface OutboundAnswer {
  status: number;
  body: Buffer;
}

/** A request refused or failed for a reason worth one line in the log (never a bug of ours). */
export class OutboundError extends Error {
  override name = 'OutboundError';
}

/**
 * Addresses that are not somebody's public server: this machine, its networks, or nowhere. One list
 * per family: a BlockList compares IPv4 addresses with IPv6 rules as IPv4-mapped ones, so the rule
 * refusing every IPv4-mapped address would refuse every IPv4 address too.
 */
const NOT_PUBLIC_V4 = new BlockList();
const NOT_PUBLIC_V6 = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8], // "this network", the unspecified address
  ['10.0.0.0', 8], // private
  ['100.64.0.0', 10], // carrier-grade NAT
  ['127.0.0.0', 8], // loopback
  ['169.254.0.0', 16], // link-local (cloud metadata services live here)
  ['172.16.0.0', 12], // private
  ['192.0.0.0', 24], // IETF protocol assignments
  ['192.168.0.0', 16], // private
  ['198.18.0.0', 15], // benchmarking
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, broadcast
] as const) {
  NOT_PUBLIC_V4.addSubnet(network, prefix, 'ipv4');
}
for (const [network, prefix] of [
  ['::', 128], // unspecified
  ['::1', 128], // loopback
  ['::', 96], // IPv4-compatible (deprecated)
  ['::ffff:0:0', 96], // IPv4-mapped: never a server's published address
  ['64:ff9b:1::', 48], // local-use NAT64
  ['100::', 64], // discard
  ['fc00::', 7], // unique-local
  ['fe80::', 10], // link-local
  ['fec0::', 10], // site-local (deprecated)
  ['ff00::', 8], // multicast
] as const) {
  NOT_PUBLIC_V6.addSubnet(network, prefix, 'ipv6');
}

/** True for an address a public server could have; false for anything private, local or not an address. */
export function isPublicAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 0) return false;
  if (family === 6) {
    // NAT64 (64:ff9b::/96) carries an IPv4 address in its last 32 bits: judge that one.
    const embedded = nat64Embedded(address);
    if (embedded) return isPublicAddress(embedded);
  }
  return family === 4 ? !NOT_PUBLIC_V4.check(address, 'ipv4') : !NOT_PUBLIC_V6.check(address, 'ipv6');
}

const NAT64 = new BlockList();
NAT64.addSubnet('64:ff9b::', 96, 'ipv6');

function nat64Embedded(address: string): string | null {
  if (!NAT64.check(address, 'ipv6')) return null;
  // URL parsing writes the address in its canonical form, ending in two hex groups.
  const groups = new URL(`http://[${address}]/`).hostname.slice(1, -1).split(':');
  const [high, low] = groups.slice(-2).map((g) => Number.parseInt(g || '0', 16));
  return [high! >> 8, high! & 255, low! >> 8, low! & 255].join('.');
}

/** Whether the operator named this URL's host: `host:port` exactly, or `host` for any port. */
export function isAllowedHost(url: URL, allowHosts: readonly string[]): boolean {
  return allowHosts.includes(url.host.toLowerCase()) || allowHosts.includes(url.hostname.toLowerCase());
}

/** GET `url` under the rules above; throws OutboundError (refused, too large, timed out, unreachable). */
export async function fetchOutbound(url: string, options: OutboundOptions): Promise<OutboundAnswer> {
  const signal = AbortSignal.timeout(options.timeoutMs);
  const first = new URL(url);
  let target = first;
  try {
    for (let redirects = 0; ; redirects++) {
      const address = await checkedAddress(target, options.allowHosts, signal);
      const answer = await requestOnce(target, address, options.maxBytes, signal);
      if (answer.location === undefined) return answer;
      if (redirects === MAX_REDIRECTS) throw new OutboundError(`more than ${MAX_REDIRECTS} redirects`);
      const next = new URL(answer.location, target);
      const downgrade = target.protocol === 'https:' && next.protocol !== 'https:';
      if (next.host !== first.host || downgrade || !/^https?:$/.test(next.protocol)) {
        throw new OutboundError(`redirected to ${next.protocol}//${next.host}, not followed (only the same host is)`);
      }
      target = next;
    }
  } catch (error) {
    if (signal.aborted) throw new OutboundError(`no answer in ${options.timeoutMs} ms`);
    if (error instanceof OutboundError) throw error;
    throw new OutboundError(error instanceof Error ? error.message : String(error));
  }
}

/** The address to connect to: every address of the name checked, the first one returned. */
async function checkedAddress(url: URL, allowHosts: readonly string[], signal: AbortSignal) {
  const hostname = url.hostname.replace(/^\[|\]$/g, '');
  const family = isIP(hostname);
  const addresses =
    family === 0
      ? await abortable(lookup(hostname, { all: true, order: 'verbatim' }), signal)
      : [{ address: hostname, family }];
  if (addresses.length === 0) throw new OutboundError(`${hostname} has no address`);
  if (!isAllowedHost(url, allowHosts)) {
    const refused = addresses.find((a) => !isPublicAddress(a.address));
    if (refused) {
      throw new OutboundError(
        `${url.host} is at ${refused.address}, not a public address: refused (name the host in ZHOL_STREAMS_ALLOW_HOSTS to allow it)`,
      );
    }
  }
  return addresses[0]!;
}

function abortable<T>(promise: Promise<T>, signal: AbortSignal): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const abort = () => reject(signal.reason);
    if (signal.aborted) return abort();
    signal.addEventListener('abort', abort, { once: true });
    promise.then(resolve, reject).finally(() => signal.removeEventListener('abort', abort));
  });
}

interface Hop extends OutboundAnswer {
  /** Set when the answer is a redirect. */
  location?: string | undefined;
}

function requestOnce(
  url: URL,
  address: { address: string; family: number },
  maxBytes: number,
  signal: AbortSignal,
): Promise<Hop> {
  // Connect to the address just checked, whatever the name resolves to now (the TLS name stays the host's).
  const pinned: LookupFunction = (_host, options, callback) => {
    if (options.all) callback(null, [address]);
    else callback(null, address.address, address.family);
  };
  const client = url.protocol === 'https:' ? https : http;
  return new Promise<Hop>((resolve, reject) => {
    const request = client.request(url, {
      method: 'GET',
      signal,
      lookup: pinned,
      // A connection of its own, closed after: a pooled one might have been opened to another address.
      agent: false,
      headers: { accept: 'application/json', 'user-agent': 'Zhol' },
    });
    request.on('error', reject);
    request.on('response', (response) => {
      readAnswer(response, maxBytes)
        .then(resolve, reject)
        .finally(() => request.destroy());
    });
    request.end();
  });
}

async function readAnswer(response: http.IncomingMessage, maxBytes: number): Promise<Hop> {
  const status = response.statusCode ?? 0;
  const location = [301, 302, 303, 307, 308].includes(status) ? response.headers.location : undefined;
  if (location !== undefined || maxBytes === 0) {
    response.destroy();
    return { status, body: Buffer.alloc(0), location };
  }
  const declared = Number(response.headers['content-length']);
  if (declared > maxBytes) {
    response.destroy();
    throw new OutboundError(`the answer is ${declared} bytes, over the limit of ${maxBytes}`);
  }
  const chunks: Buffer[] = [];
  let size = 0;
  // Leaving the loop early (the throw) destroys the response: nothing past the limit is read.
  for await (const chunk of response as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > maxBytes) throw new OutboundError(`the answer is over the limit of ${maxBytes} bytes`);
    chunks.push(chunk);
  }
  return { status, body: Buffer.concat(chunks) };
}
