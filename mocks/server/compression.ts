/**
 * Response compression for the loopback simulator, as a real daemon behind a proxy answers: gzip
 * or Brotli when the request's Accept-Encoding allows it, for bodies worth compressing. The
 * response's shape is untouched (the browser's fetch decodes it); only the bytes on the wire shrink.
 */
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';

export type Encoding = 'br' | 'gzip';

/** Smaller bodies go as they are: the headers and the codec cost more than they save. */
export const MIN_COMPRESS_BYTES = 1024;

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/**
 * The encoding to answer with, from an Accept-Encoding header (RFC 9110 §12.5.3): Brotli before
 * gzip where both are acceptable, neither where the client refuses them (q=0) or names neither
 * (`*` accepts both).
 */
export function negotiateEncoding(header: string | null | undefined): Encoding | null {
  if (!header) return null;
  const weights = new Map<string, number>();
  for (const part of header.split(',')) {
    const [rawName = '', ...params] = part.trim().split(';');
    const name = rawName.trim().toLowerCase();
    if (!name) continue;
    let q = 1;
    for (const param of params) {
      const [key, value] = param.split('=').map((s) => s.trim());
      if (key?.toLowerCase() === 'q') q = Number(value);
    }
    weights.set(name, Number.isFinite(q) ? q : 0);
  }
  const weight = (name: Encoding) => weights.get(name) ?? weights.get('*') ?? 0;
  const br = weight('br');
  const gz = weight('gzip');
  if (br <= 0 && gz <= 0) return null;
  return br >= gz ? 'br' : 'gzip';
}

/** Text a compressor shrinks (JSON, text, JavaScript, SVG); not images or archives. */
export function isCompressible(contentType: string | null | undefined): boolean {
  if (!contentType) return false;
  return /^(application\/([\w.+-]+\+)?json|text\/|application\/javascript|image\/svg\+xml)/i.test(contentType);
}

/**
 * The body encoded for the wire (on zlib's thread pool, so the simulator's event loop goes on
 * answering meanwhile). Brotli at quality 4 and gzip at level 6: fast enough for the 7 MB dry run,
 * and within a few per cent of their best ratio on JSON.
 */
export function compressBody(body: Buffer, encoding: Encoding): Promise<Buffer> {
  if (encoding === 'br') {
    return brotli(body, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: 4,
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
        [constants.BROTLI_PARAM_SIZE_HINT]: body.byteLength,
      },
    });
  }
  return gzipAsync(body, { level: 6 });
}
