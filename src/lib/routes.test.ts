import { describe, expect, it } from 'vitest';
import { compactionHref, sessionHref, uriComponent } from './routes';

describe('URL-safe ids', () => {
  it('never throws where encodeURIComponent would', () => {
    expect(() => encodeURIComponent('p\uD800')).toThrow(URIError);
    expect(uriComponent('p\uD800')).toBe('p%EF%BF%BD');
    expect(sessionHref('s/\uDC00')).toBe('/sessions/s%2F%EF%BF%BD');
    expect(compactionHref('s', 'c?x')).toBe('/sessions/s/compactions/c%3Fx');
  });
});
