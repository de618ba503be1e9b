import { describe, expect, it } from 'vitest';
import { checkHeaderValue, originOf, unconfirmedTokenOrigin, withTokenGuard } from './connection-security';

const PAGE = 'https://ops.example.com/sessions/abc';

describe('checkHeaderValue', () => {
  it('accepts ASCII and Latin-1', () => {
    expect(checkHeaderValue('The token', 'abc.DEF-123_~+/=')).toBeNull();
    expect(checkHeaderValue('The operator id', 'josé müller')).toBeNull();
  });

  it('names a character outside Latin-1 and says why', () => {
    expect(checkHeaderValue('The operator id', 'kim名')).toBe(
      'The operator id contains "名" (U+540D): only Latin-1 characters can travel in an HTTP header. Use ASCII letters, digits and punctuation.',
    );
    expect(checkHeaderValue('The token', 'tok😀')).toMatch(/The token contains "😀" \(U\+1F600\)/);
    expect(checkHeaderValue('The token', 'a\u2028b')).toMatch(/U\+2028/);
  });

  it('refuses a lone surrogate and control characters without printing them', () => {
    expect(checkHeaderValue('The token', 'a\uD800b')).toMatch(/contains \(U\+D800\)/);
    expect(checkHeaderValue('The token', 'a\nb')).toBe('The token contains a control character (U+000A), which an HTTP header cannot carry.');
    expect(checkHeaderValue('The token', 'a\u0000')).toMatch(/U\+0000/);
  });

  it('agrees with what the browser refuses', () => {
    for (const value of ['kim', 'josé', 'kim名', 'a\nb', 'tok😀']) {
      let thrown = false;
      try {
        new Headers({ 'X-Test': value });
      } catch {
        thrown = true;
      }
      expect(checkHeaderValue('x', value) !== null, value).toBe(thrown);
    }
  });
});

describe('where the token may go', () => {
  const config = { apiBaseUrl: '/api/v1', userId: 'kim', token: 'secret' };

  it('resolves a base URL to its origin from the page', () => {
    expect(originOf('/api/v1', PAGE)).toBe('https://ops.example.com');
    expect(originOf('http://10.0.0.5:4010/api/v1', PAGE)).toBe('http://10.0.0.5:4010');
  });

  it('sends it to the page’s own origin without asking', () => {
    expect(unconfirmedTokenOrigin(config, PAGE, [])).toBeNull();
    expect(unconfirmedTokenOrigin({ ...config, apiBaseUrl: 'https://ops.example.com/kaged/api/v1' }, PAGE, [])).toBeNull();
  });

  it('names another origin until the operator confirms it', () => {
    const remote = { ...config, apiBaseUrl: 'https://evil.example.net/api/v1' };
    expect(unconfirmedTokenOrigin(remote, PAGE, [])).toBe('https://evil.example.net');
    expect(unconfirmedTokenOrigin(remote, PAGE, ['https://evil.example.net'])).toBeNull();
    // Another port or scheme is another origin.
    expect(unconfirmedTokenOrigin({ ...config, apiBaseUrl: 'http://ops.example.com/api/v1' }, PAGE, [])).toBe('http://ops.example.com');
  });

  it('has nothing to confirm without a token', () => {
    expect(unconfirmedTokenOrigin({ ...config, token: null, apiBaseUrl: 'https://elsewhere/api/v1' }, PAGE, [])).toBeNull();
  });

  it('withholds the token from an unconfirmed origin, keeps everything else', () => {
    const remote = { ...config, apiBaseUrl: 'https://evil.example.net/api/v1' };
    expect(withTokenGuard(remote, PAGE, [])).toEqual({ ...remote, token: null });
    expect(withTokenGuard(remote, PAGE, ['https://evil.example.net'])).toBe(remote);
  });
});
