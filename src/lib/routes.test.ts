import { describe, expect, it } from 'vitest';
import { compactionHref, pathFromUrl, sessionHref, uriComponent, wellFormed } from './routes';

describe('URL-safe ids', () => {
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

  it('never throws where encodeURIComponent would', () => {
    expect(() => encodeURIComponent('p\uD800')).toThrow(URIError);
    expect(uriComponent('p\uD800')).toBe('p%EF%BF%BD');
    expect(sessionHref('s/\uDC00')).toBe('/sessions/s%2F%EF%BF%BD');
    expect(compactionHref('s', 'c?x')).toBe('/sessions/s/compactions/c%3Fx');
  });
});
