// Bytes on the wire (issue 9 §8): the build writes brotli and gzip copies of the static text assets
// (`precompressDir`, called by scripts/build.mjs), the server sends them by Accept-Encoding
// (`servePrecompressed`), and compresses dynamic HTML and JSON above 1 KB on the fly
// (`compressResponse`). Plain Node (http, zlib) so that scripts/server.mjs and the tests share it.
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { extname, join, posix, relative, resolve, sep } from 'node:path';
import zlib from 'node:zlib';

/** Static files worth compressing, by extension, with the Content-Type they are served under. */
export const STATIC_TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.json': 'application/json; charset=utf-8',
  '.xml': 'application/xml; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.webmanifest': 'application/manifest+json; charset=utf-8',
};
/** Below this a response is sent as it is: the encoding's own overhead eats most of the gain. */
export const MIN_BYTES = 1024;

// ---- build time ---------------------------------------------------------------------------------

/** Writes `<file>.br` (brotli, best quality) and `<file>.gz` (gzip -9) beside every compressible file
 *  of at least 1 KB, when the copy is at least a tenth smaller. Returns what it wrote, for the log. */
export function precompressDir(root) {
  const totals = { files: 0, raw: 0, br: 0, gz: 0 };
  for (const { path, name, info } of filesUnder(root)) {
    if (!(extname(name) in STATIC_TYPES) || info.size < MIN_BYTES) continue;
    const raw = readFileSync(path);
    const br = zlib.brotliCompressSync(raw, {
      params: {
        [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
        [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
        [zlib.constants.BROTLI_PARAM_SIZE_HINT]: raw.length,
      },
    });
    const gz = zlib.gzipSync(raw, { level: 9 });
    let wrote = false;
    if (br.length <= raw.length * 0.9) {
      writeFileSync(`${path}.br`, br);
      totals.br += br.length;
      wrote = true;
    }
    if (gz.length <= raw.length * 0.9) {
      writeFileSync(`${path}.gz`, gz);
      totals.gz += gz.length;
      wrote = true;
    }
    if (wrote) {
      totals.files++;
      totals.raw += raw.length;
    }
  }
  return totals;
}

/** Every file below a folder, depth first, with its name and stat. */
function* filesUnder(dir) {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    const info = statSync(path);
    if (info.isDirectory()) yield* filesUnder(path);
    else yield { path, name, info };
  }
}

// ---- negotiation --------------------------------------------------------------------------------

/** The encoding to send: br before gzip, each only when Accept-Encoding allows it (q > 0, directly
 *  or through `*`); null for the identity. */
export function chooseEncoding(acceptEncoding, offered = ['br', 'gzip']) {
  if (!acceptEncoding) return null;
  const q = new Map();
  for (const part of String(acceptEncoding).split(',')) {
    const [token, ...params] = part.trim().toLowerCase().split(';');
    if (!token) continue;
    const qParam = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    const value = qParam ? Number(qParam.slice(2)) : 1;
    q.set(token, Number.isFinite(value) ? value : 0);
  }
  let best = null;
  let bestQ = 0;
  for (const encoding of offered) {
    const value = q.get(encoding) ?? (encoding === 'gzip' ? q.get('x-gzip') : undefined) ?? q.get('*') ?? 0;
    if (value > bestQ) {
      best = encoding;
      bestQ = value;
    }
  }
  return best;
}

/** Adds Accept-Encoding to Vary, keeping what is there (Accept-Language on the pages). */
export function addVary(res, field = 'Accept-Encoding') {
  const current = res.getHeader('Vary');
  const values = (Array.isArray(current) ? current.join(',') : String(current ?? ''))
    .split(',')
    .map((v) => v.trim())
    .filter(Boolean);
  if (values.includes('*') || values.some((v) => v.toLowerCase() === field.toLowerCase())) return;
  res.setHeader('Vary', [...values, field].join(', '));
}

// ---- precompressed static files ---------------------------------------------------------------

/** URL path → the file and its compressed copies, for every file the build precompressed. A page's
 *  index.html also answers for its folder, with and without the trailing slash (trailingSlash: 'ignore'). */
export function precompressedFiles(root) {
  const files = new Map();
  for (const { path, name, info } of filesUnder(resolve(root))) {
    const type = STATIC_TYPES[extname(name)];
    if (!type) continue;
    const variants = {};
    for (const [encoding, suffix] of [
      ['br', '.br'],
      ['gzip', '.gz'],
    ]) {
      try {
        variants[encoding] = { path: path + suffix, size: statSync(path + suffix).size };
      } catch {
        /* not written: no gain */
      }
    }
    if (!Object.keys(variants).length) continue;
    const url = `/${relative(root, path).split(sep).join('/')}`;
    const entry = { path, type, size: info.size, mtime: info.mtime, variants, immutable: url.startsWith('/_astro/') };
    files.set(url, entry);
    if (name === 'index.html') {
      const folder = url.slice(0, -'index.html'.length);
      files.set(folder, entry);
      if (folder !== '/') files.set(folder.slice(0, -1), entry);
    }
  }
  return files;
}

/** Sends a precompressed copy when the request is a GET or HEAD for one and the browser takes br or
 *  gzip; returns false to let the normal static handler answer (which then sends the original). */
export function servePrecompressed(req, res, files) {
  if (req.method !== 'GET' && req.method !== 'HEAD') return false;
  let pathname = (req.url ?? '/').split('?')[0].split('#')[0];
  try {
    pathname = decodeURI(pathname);
  } catch {
    return false;
  }
  const entry = files.get(posix.normalize(pathname));
  if (!entry) return false;
  addVary(res);
  const encoding = chooseEncoding(req.headers['accept-encoding'], Object.keys(entry.variants));
  if (!encoding) return false;
  const variant = entry.variants[encoding];
  // Each encoding is its own representation, so its own validator.
  const etag = `W/"${entry.size.toString(16)}-${entry.mtime.getTime().toString(16)}-${encoding}"`;
  res.setHeader('Content-Type', entry.type);
  res.setHeader('Content-Encoding', encoding);
  res.setHeader('ETag', etag);
  res.setHeader('Last-Modified', entry.mtime.toUTCString());
  res.setHeader('Cache-Control', entry.immutable ? 'public, max-age=31536000, immutable' : 'public, max-age=0');
  const inm = req.headers['if-none-match'];
  if (inm && inm.split(',').some((t) => t.trim().replace(/^W\//, '') === etag.slice(2) || t.trim() === '*')) {
    res.statusCode = 304;
    res.removeHeader('Content-Encoding');
    res.end();
    return true;
  }
  let body;
  try {
    // Read once and kept: all the copies together are about a megabyte, and a build never changes under a running server.
    body = req.method === 'HEAD' ? null : (variant.body ??= readFileSync(variant.path));
  } catch {
    return false;
  }
  res.setHeader('Content-Length', variant.size);
  res.statusCode = 200;
  res.end(body ?? undefined);
  return true;
}

// ---- dynamic responses --------------------------------------------------------------------------

/** Pages and API answers worth compressing. Media (pictures, videos) never: it is compressed already,
 *  and its ranges must count the file's own bytes. */
const DYNAMIC_TYPES =
  /^(text\/(html|plain|css|javascript|xml)|application\/(json|javascript|xml|manifest\+json|[\w.+-]+\+json|[\w.+-]+\+xml))\b/i;

function encoder(encoding) {
  // A fast level: this runs per request. Brotli 4 is about gzip 6 in speed with smaller output.
  return encoding === 'br'
    ? zlib.createBrotliCompress({
        params: {
          [zlib.constants.BROTLI_PARAM_QUALITY]: 4,
          [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
        },
      })
    : zlib.createGzip({ level: 6 });
}

/**
 * Makes `res` compress what the handler after it writes, when that is HTML or JSON of at least
 * MIN_BYTES and the browser accepts br or gzip. It holds back the first kilobyte to learn whether
 * the body is that large (a body of unknown length smaller than that goes out as it is, with its
 * length), then streams through the encoder. Range answers, HEAD, 204/304, responses already encoded
 * and `Cache-Control: no-transform` pass untouched. Every compressible response gets
 * `Vary: Accept-Encoding` merged into its Vary, whether compressed or not.
 */
export function compressResponse(req, res, { threshold = MIN_BYTES } = {}) {
  const writeHead = res.writeHead;
  const write = res.write;
  const end = res.end;
  const encoding = chooseEncoding(req.headers['accept-encoding']);
  /** 'undecided' until the head is written; then 'pass', 'hold' (collecting the first bytes) or 'zip'. */
  let mode = 'undecided';
  let held = [];
  let heldBytes = 0;
  let zip = null;

  const toBuffer = (chunk, enc) =>
    Buffer.isBuffer(chunk) ? chunk : typeof chunk === 'string' ? Buffer.from(chunk, enc) : Buffer.from(chunk);

  function decide() {
    const type = String(res.getHeader('Content-Type') ?? '');
    if (!DYNAMIC_TYPES.test(type)) return 'pass';
    addVary(res);
    const status = res.statusCode;
    if (!encoding || req.method === 'HEAD' || status < 200 || status === 204 || status === 206 || status === 304)
      return 'pass';
    if (res.getHeader('Content-Encoding') || res.getHeader('Content-Range')) return 'pass';
    if (/\bno-transform\b/i.test(String(res.getHeader('Cache-Control') ?? ''))) return 'pass';
    const length = res.getHeader('Content-Length');
    if (length !== undefined && Number(length) < threshold) return 'pass';
    return 'hold';
  }

  function startZip() {
    mode = 'zip';
    res.removeHeader('Content-Length');
    res.setHeader('Content-Encoding', encoding);
    // The compressed bytes differ from the original: a strong validator would lie about them.
    const etag = res.getHeader('ETag');
    if (typeof etag === 'string' && !etag.startsWith('W/')) res.setHeader('ETag', `W/${etag}`);
    writeHead.call(res, res.statusCode);
    zip = encoder(encoding);
    zip.on('data', (chunk) => {
      if (write.call(res, chunk) === false) zip.pause();
    });
    zip.on('end', () => end.call(res));
    zip.on('error', (error) => res.destroy(error));
    zip.on('drain', () => res.emit('drain'));
    res.on('drain', () => zip.resume());
    res.on('close', () => {
      if (!zip.writableFinished) zip.destroy();
    });
    for (const chunk of held) zip.write(chunk);
    held = [];
  }

  res.writeHead = function patchedWriteHead(status, reason, headers) {
    if (mode !== 'undecided') return this;
    if (typeof reason !== 'string') {
      headers = reason;
      reason = undefined;
    }
    if (reason) this.statusMessage = reason;
    this.statusCode = status;
    if (Array.isArray(headers)) {
      for (let i = 0; i + 1 < headers.length; i += 2) this.setHeader(headers[i], headers[i + 1]);
    } else if (headers) {
      for (const [key, value] of Object.entries(headers)) if (value !== undefined) this.setHeader(key, value);
    }
    mode = decide();
    if (mode === 'pass') return writeHead.call(this, this.statusCode);
    return this;
  };

  res.write = function patchedWrite(chunk, enc, callback) {
    if (mode === 'undecided') this.writeHead(this.statusCode);
    if (mode === 'pass') return write.call(this, chunk, enc, callback);
    const cb = typeof enc === 'function' ? enc : callback;
    const buffer = toBuffer(chunk, typeof enc === 'string' ? enc : undefined);
    if (mode === 'hold') {
      held.push(buffer);
      heldBytes += buffer.length;
      if (heldBytes >= threshold) startZip();
      if (cb) process.nextTick(cb);
      return true;
    }
    return zip.write(buffer, cb);
  };

  res.end = function patchedEnd(chunk, enc, callback) {
    if (typeof chunk === 'function') {
      callback = chunk;
      chunk = undefined;
    }
    if (typeof enc === 'function') {
      callback = enc;
      enc = undefined;
    }
    if (mode === 'undecided') {
      // The whole body at once: its length decides.
      if (chunk != null && !this.getHeader('Content-Length'))
        this.setHeader('Content-Length', toBuffer(chunk, enc).length);
      this.writeHead(this.statusCode);
    }
    if (mode === 'pass') return end.call(this, chunk, enc, callback);
    if (chunk != null) {
      const buffer = toBuffer(chunk, enc);
      if (mode === 'hold') {
        held.push(buffer);
        heldBytes += buffer.length;
      } else zip.write(buffer);
    }
    if (mode === 'hold') {
      if (heldBytes >= threshold) startZip();
      else {
        // Small after all: send it as it is, with its length.
        mode = 'pass';
        const body = Buffer.concat(held);
        held = [];
        this.setHeader('Content-Length', body.length);
        writeHead.call(this, this.statusCode);
        return end.call(this, body, callback);
      }
    }
    if (callback) this.once('finish', callback);
    zip.end();
    return this;
  };

  // Hono's adapter flushes the head of a streamed body early; while holding the first bytes there is no head yet.
  const flushHeaders = res.flushHeaders;
  res.flushHeaders = function patchedFlushHeaders() {
    if (mode === 'undecided') this.writeHead(this.statusCode);
    if (mode === 'pass' || mode === 'zip') return flushHeaders.call(this);
  };
}
