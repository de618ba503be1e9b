import { describe, expect, it } from 'vitest';
import { CSP_DIRECTIVES, CSP_HEADER, CSP_META, serializeCsp } from './content-security-policy';

describe('the Content-Security-Policy', () => {
  it('allows scripts only from the app itself: no inline script, no eval, no event-handler attributes', () => {
    expect(CSP_DIRECTIVES['script-src']).toEqual(["'self'"]);
    expect(CSP_DIRECTIVES['script-src-attr']).toEqual(["'none'"]);
    for (const [name, sources] of Object.entries(CSP_DIRECTIVES)) {
      // Only <style> elements may be inline (radix's scroll lock): CSS, never script.
      if (name !== 'style-src-elem') expect(sources).not.toContain("'unsafe-inline'");
      expect(sources).not.toContain("'unsafe-eval'");
      expect(sources).not.toContain('*');
    }
  });

  it('refuses style attributes in markup (style-src without unsafe-inline covers them)', () => {
    expect(CSP_DIRECTIVES['style-src']).toEqual(["'self'"]);
    expect(CSP_DIRECTIVES['style-src-attr']).toBeUndefined();
  });

  it('forbids plugins, frames and foreign base URLs', () => {
    expect(CSP_META).toContain("object-src 'none'");
    expect(CSP_META).toContain("frame-src 'none'");
    expect(CSP_META).toContain("base-uri 'self'");
  });

  it('lets the header forbid framing, which a meta tag cannot', () => {
    expect(CSP_HEADER).toContain("frame-ancestors 'none'");
    expect(CSP_META).not.toContain('frame-ancestors');
  });

  it('serializes directives in order, sources space-separated', () => {
    expect(serializeCsp({ 'default-src': ["'self'"], 'img-src': ["'self'", 'data:'] })).toBe("default-src 'self'; img-src 'self' data:");
  });
});
