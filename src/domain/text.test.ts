import { describe, expect, it } from 'vitest';
import { decodeUrlPart, pathFromUrl, wellFormed } from './text';

describe('text from outside', () => {
  it('replaces lone surrogates, keeps pairs', () => {
    expect(wellFormed('a\uD800b\uDC00c')).toBe('a\uFFFDb\uFFFDc');
    expect(wellFormed('ok 😀')).toBe('ok 😀');
  });

  it('finds the agent path a URL names, exactly first, then with its lone surrogates as U+FFFD', () => {
    const paths = ['primary', 'primary/a\uD800', 'primary/a\uFFFD', 'primary/x+y %2F'];
    expect(pathFromUrl(paths, 'primary/a\uFFFD')).toBe('primary/a\uFFFD');
    expect(pathFromUrl(['primary', 'primary/a\uD800'], 'primary/a\uFFFD')).toBe('primary/a\uD800');
    expect(pathFromUrl(paths, new URLSearchParams(`agent=${encodeURIComponent('primary/x+y %2F')}`).get('agent') ?? '')).toBe('primary/x+y %2F');
    expect(pathFromUrl(paths, 'primary/b')).toBeNull();
  });
});

describe('decodeUrlPart', () => {
  it('decodes valid percent-encoding and keeps a malformed one as it is', () => {
    expect(decodeUrlPart('a%20b%E2%80%94c')).toBe('a b—c');
    expect(decodeUrlPart('%E0%A4%A')).toBe('%E0%A4%A');
    expect(decodeUrlPart('%')).toBe('%');
  });
});
