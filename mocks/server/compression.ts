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
 * From this size on a body is compressed at the codecs' fastest settings. The 7 MB dry run of the
 * 10,000-message agent took 0.4-1.1 s at Brotli quality 4 (gzip 6: 0.6-1.1 s) on a loaded 2-core
 * machine, on every request, before its first byte went out; at quality 1 (gzip 1) 0.08-0.15 s,
 * for 842 KB instead of 710 KB (gzip: 917 instead of 700): on any link slower than about
 * 1 Gbit/s the answer still arrives sooner. Smaller bodies keep the denser settings, cheap there.
 */
export const LARGE_BODY_BYTES = 256 * 1024;

/**
 * From this size on a body goes to a loopback peer as it is: there the bytes are a memory copy, and
 * compressing and decoding cost more than they save. The 7 MB dry run of the 10,000-message agent:
 * Brotli 1 took 19-116 ms of CPU here (median 25) and 0.04-3.5 s of wall time in the bench's runs
 * on a loaded machine (load 13-18: the zlib thread waits for a core), the browser's decoding more
 * again; the copy through the loopback costs a few ms. Below it (the 239 KB ledger page) answers
 * stay compressed, so the bench's slow-link figures, a remote link emulated over the loopback,
 * keep measuring what a remote operator gets.
 */
export const LOOPBACK_RAW_BYTES = 1024 * 1024;

/** An address of this machine (IPv4 127/8, IPv6 ::1, or IPv4-mapped 127/8). */
export function isLoopback(address: string | undefined): boolean {
  if (!address) return false;
  return address === '::1' || /^(::ffff:)?127\./i.test(address);
}

/** A body of `byteLength` bytes to a peer at `remoteAddress` is sent as it is, compression aside. */
export function sendsRaw(byteLength: number, remoteAddress: string | undefined): boolean {
  return byteLength >= LOOPBACK_RAW_BYTES && isLoopback(remoteAddress);
}

/** The codec settings for a body of `byteLength` bytes: Brotli quality or gzip level. */
export function compressionLevel(byteLength: number, encoding: Encoding): number {
  const large = byteLength >= LARGE_BODY_BYTES;
  if (encoding === 'br') return large ? 1 : 4;
  return large ? 1 : 6;
}

/**
 * The body encoded for the wire (on zlib's thread pool, so the simulator's event loop goes on
 * answering meanwhile), at the settings `compressionLevel` gives its size.
 */
export function compressBody(body: Buffer, encoding: Encoding): Promise<Buffer> {
  const level = compressionLevel(body.byteLength, encoding);
  if (encoding === 'br') {
    return brotli(body, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: level,
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
        [constants.BROTLI_PARAM_SIZE_HINT]: body.byteLength,
      },
    });
  }
  return gzipAsync(body, { level });
}
