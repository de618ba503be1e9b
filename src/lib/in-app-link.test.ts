import { describe, expect, it } from 'vitest';
import { inAppLinkTarget, type LinkClick } from './in-app-link';

const ORIGIN = 'http://127.0.0.1:4173';
const plain: LinkClick = { button: 0, metaKey: false, ctrlKey: false, shiftKey: false, altKey: false, defaultPrevented: false };

/** An anchor as the browser resolves it (URL parts from its href). */
function anchor(href: string, attributes: Record<string, string> = {}): HTMLAnchorElement {
  const url = new URL(href, ORIGIN);
  return {
    origin: url.origin,
    pathname: url.pathname,
    search: url.search,
    hash: url.hash,
    target: attributes.target ?? '',
    hasAttribute: (name: string) => name in attributes,
  } as unknown as HTMLAnchorElement;
}

describe('inAppLinkTarget', () => {
  it('a plain left click on an in-app link: its path, query and hash', () => {
    expect(inAppLinkTarget(plain, anchor('/sessions/s1/compactions/c1?flag=bad#record'), ORIGIN)).toBe('/sessions/s1/compactions/c1?flag=bad#record');
    expect(inAppLinkTarget(plain, anchor('/sessions/s1', { target: '_self' }), ORIGIN)).toBe('/sessions/s1');
  });

  it('a modified, middle or already handled click is the browser’s (a new tab, a new window…)', () => {
    const link = anchor('/sessions/s1');
    for (const click of [{ metaKey: true }, { ctrlKey: true }, { shiftKey: true }, { altKey: true }, { button: 1 }, { defaultPrevented: true }]) {
      expect(inAppLinkTarget({ ...plain, ...click }, link, ORIGIN), JSON.stringify(click)).toBeNull();
    }
  });

  it('another target, a download or another origin is the browser’s', () => {
    expect(inAppLinkTarget(plain, anchor('/sessions/s1', { target: '_blank' }), ORIGIN)).toBeNull();
    expect(inAppLinkTarget(plain, anchor('/export.csv', { download: '' }), ORIGIN)).toBeNull();
    expect(inAppLinkTarget(plain, anchor('https://example.com/sessions/s1'), ORIGIN)).toBeNull();
  });
});
