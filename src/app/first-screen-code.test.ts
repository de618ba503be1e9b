import { describe, expect, it } from 'vitest';
import { FIRST_SCREEN_CODE_ID, linkFirstScreenCode, pageModuleOf } from './first-screen-code';

interface FakeLink {
  rel: string;
  as?: string;
  crossOrigin?: string | null;
  href?: string;
  setAttribute: (name: string, value: string) => void;
}

/** A page whose index.html carries `list` (text) as the code list, and the links appended to its head. */
function page(list: string | null) {
  const links: FakeLink[] = [];
  const doc = {
    getElementById: (id: string) => (id === FIRST_SCREEN_CODE_ID && list !== null ? { textContent: list } : null),
    createElement: () => {
      const link: FakeLink = { rel: '', setAttribute: (name, value) => void (name === 'href' && (link.href = value)) };
      return link;
    },
    head: { append: (link: FakeLink) => void links.push(link) },
  } as unknown as Parameters<typeof linkFirstScreenCode>[0];
  return { doc, links };
}

const LIST = JSON.stringify({
  'src/pages/sessions-page.tsx': ['/assets/sessions-page-1.js', '/assets/get-sessions.gen-2.js', '/assets/sessions-page-3.css'],
  'src/pages/session-page.tsx': ['/assets/session-page-4.js'],
});

describe('pageModuleOf', () => {
  it("names the page of each screen whose code the build lists, as the router's routes do", () => {
    expect(pageModuleOf('/')).toBe('src/pages/sessions-page.tsx');
    expect(pageModuleOf('/sessions')).toBe('src/pages/sessions-page.tsx');
    expect(pageModuleOf('/sessions/ses_1')).toBe('src/pages/session-page.tsx');
    expect(pageModuleOf('/sessions/a%20b/knobs')).toBe('src/pages/knobs-page.tsx');
    expect(pageModuleOf('/sessions/ses_1/lab')).toBe('src/pages/threshold-lab-page.tsx');
    expect(pageModuleOf('/health')).toBe('src/pages/health-page.tsx');
  });

  it('names none elsewhere: the app asks for those pages itself', () => {
    for (const path of ['/audit', '/sessions/ses_1/compactions/cmp_1', '/sessions/', '/sessions/ses_1/knobs/x', '/healthz', '/projects/p']) expect(pageModuleOf(path), path).toBeNull();
  });
});

describe('linkFirstScreenCode', () => {
  it("links the address's page files: scripts as module preloads, stylesheets as preloads, both in CORS mode as the app asks", () => {
    const { doc, links } = page(LIST);
    linkFirstScreenCode(doc, '/sessions');
    expect(links.map(({ rel, as, crossOrigin, href }) => ({ rel, as, crossOrigin, href }))).toEqual([
      { rel: 'modulepreload', as: undefined, crossOrigin: '', href: '/assets/sessions-page-1.js' },
      { rel: 'modulepreload', as: undefined, crossOrigin: '', href: '/assets/get-sessions.gen-2.js' },
      { rel: 'preload', as: 'style', crossOrigin: '', href: '/assets/sessions-page-3.css' },
    ]);
  });

  it('links nothing for a page the list does not name, an address of no listed screen, or no list (dev)', () => {
    for (const [list, path] of [[LIST, '/health'], [LIST, '/audit'], [null, '/sessions']] as const) {
      const { doc, links } = page(list);
      linkFirstScreenCode(doc, path);
      expect(links, path).toEqual([]);
    }
  });

  it('links nothing from a list that is not JSON or not lists of names, and skips entries that are not names', () => {
    for (const list of ['{', '[]', '{"src/pages/sessions-page.tsx": "x.js"}', 'null']) {
      const { doc, links } = page(list);
      linkFirstScreenCode(doc, '/sessions');
      expect(links, list).toEqual([]);
    }
    const { doc, links } = page(JSON.stringify({ 'src/pages/sessions-page.tsx': [1, null, '/assets/a.js'] }));
    linkFirstScreenCode(doc, '/sessions');
    expect(links.map((link) => link.href)).toEqual(['/assets/a.js']);
  });
});
