import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { compressBody, compressionLevel, isCompressible, isLoopback, LARGE_BODY_BYTES, LOOPBACK_RAW_BYTES, negotiateEncoding, sendsRaw } from './compression';

describe('negotiateEncoding', () => {
  it('prefers Brotli where the client accepts both (as browsers do)', () => {
    expect(negotiateEncoding('gzip, deflate, br, zstd')).toBe('br');
  });
  it('answers gzip to a client that names only gzip', () => {
    expect(negotiateEncoding('gzip, deflate')).toBe('gzip');
  });
  it('follows the q weights, and refuses what q=0 refuses', () => {
    expect(negotiateEncoding('br;q=0.5, gzip;q=0.9')).toBe('gzip');
    expect(negotiateEncoding('br;q=0, gzip')).toBe('gzip');
    expect(negotiateEncoding('gzip;q=0, br;q=0')).toBeNull();
    expect(negotiateEncoding('*;q=0')).toBeNull();
  });
  it('takes * as both, and an explicit name over *', () => {
    expect(negotiateEncoding('*')).toBe('br');
    expect(negotiateEncoding('br;q=0, *')).toBe('gzip');
  });
  it('sends the body as it is without a header, with identity only, or with unknown codings', () => {
    expect(negotiateEncoding(undefined)).toBeNull();
    expect(negotiateEncoding('')).toBeNull();
    expect(negotiateEncoding('identity')).toBeNull();
    expect(negotiateEncoding('zstd, deflate')).toBeNull();
    expect(negotiateEncoding('GZIP;Q=1')).toBe('gzip');
    expect(negotiateEncoding('gzip;q=nonsense')).toBeNull();
  });
});

describe('isCompressible', () => {
  it('compresses JSON (problem+json too) and text, not binary types', () => {
    expect(isCompressible('application/json')).toBe(true);
    expect(isCompressible('application/problem+json; charset=utf-8')).toBe(true);
    expect(isCompressible('text/plain')).toBe(true);
    expect(isCompressible('application/octet-stream')).toBe(false);
    expect(isCompressible('image/png')).toBe(false);
    expect(isCompressible(null)).toBe(false);
  });
});

describe('compressBody', () => {
  const body = Buffer.from(JSON.stringify({ records: Array.from({ length: 500 }, (_, i) => ({ id: `cmp_${i}`, strategy: 'summarize', tokens: i * 37 })) }));
  it('round-trips through Brotli and gzip, and shrinks repetitive JSON', async () => {
    const br = await compressBody(body, 'br');
    const gz = await compressBody(body, 'gzip');
    expect(brotliDecompressSync(br).equals(body)).toBe(true);
    expect(gunzipSync(gz).equals(body)).toBe(true);
    expect(br.byteLength).toBeLessThan(body.byteLength / 4);
    expect(gz.byteLength).toBeLessThan(body.byteLength / 4);
  });
});

describe('compressionLevel', () => {
  it('compresses a large answer (the 7 MB dry run) at the fastest settings, smaller ones denser', () => {
    expect(compressionLevel(7_000_000, 'br')).toBe(1);
    expect(compressionLevel(7_000_000, 'gzip')).toBe(1);
    expect(compressionLevel(LARGE_BODY_BYTES - 1, 'br')).toBe(4);
    expect(compressionLevel(20_000, 'gzip')).toBe(6);
  });

  it('round-trips a large body at those settings, still several times smaller', async () => {
    const large = Buffer.from(JSON.stringify({ messages: Array.from({ length: 6_000 }, (_, i) => ({ id: `msg_${i}`, role: i % 2 ? 'assistant' : 'user', text: `turn ${i}: ${'lorem ipsum '.repeat(i % 7)}` })) }));
    expect(large.byteLength).toBeGreaterThan(LARGE_BODY_BYTES);
    const br = await compressBody(large, 'br');
    const gz = await compressBody(large, 'gzip');
    expect(brotliDecompressSync(br).equals(large)).toBe(true);
    expect(gunzipSync(gz).equals(large)).toBe(true);
    expect(br.byteLength).toBeLessThan(large.byteLength / 4);
  });
});

describe('sendsRaw', () => {
  it('knows the loopback addresses, IPv4, IPv6 and IPv4-mapped, and nothing else', () => {
    for (const address of ['127.0.0.1', '127.1.2.3', '::1', '::ffff:127.0.0.1', '::FFFF:127.0.0.1']) expect(isLoopback(address)).toBe(true);
    for (const address of ['10.0.0.1', '192.168.1.127', '::ffff:10.0.0.127', 'fe80::1', '1127.0.0.1', '', undefined]) expect(isLoopback(address)).toBe(false);
  });
  it('sends a large body (the 7 MB dry run) to a loopback peer as it is, and compresses it for any other', () => {
    expect(sendsRaw(7 * 1024 * 1024, '127.0.0.1')).toBe(true);
    expect(sendsRaw(LOOPBACK_RAW_BYTES, '::1')).toBe(true);
    expect(sendsRaw(7 * 1024 * 1024, '192.168.1.20')).toBe(false);
    expect(sendsRaw(7 * 1024 * 1024, undefined)).toBe(false);
  });
  it('keeps compressing smaller bodies on the loopback (a slow link emulated there still gets what a remote one would)', () => {
    expect(sendsRaw(LOOPBACK_RAW_BYTES - 1, '127.0.0.1')).toBe(false);
    expect(sendsRaw(LARGE_BODY_BYTES, '127.0.0.1')).toBe(false);
  });
});
