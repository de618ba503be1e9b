/**
 * The first screen's code, asked for by the early script (app/early-requests.ts) as the page
 * starts. The build writes, into index.html, each budget screen's files beyond the entry's, by page
 * module (vite.config.ts, earlyRequests; e2e/budget/bundle-budget.ts, screenCode), as JSON in
 * an element of this id; the early script links the files of the page at the address. No import of
 * the app's modules: the early script stays a file of its own.
 */
export const FIRST_SCREEN_CODE_ID = 'first-screen-code';

/** The page module of an address, for the screens whose code is listed (app/router.tsx's routes); else null. */
export function pageModuleOf(pathname: string): string | null {
  if (pathname === '/' || pathname === '/sessions') return 'src/pages/sessions-page.tsx';
  if (pathname === '/health') return 'src/pages/health-page.tsx';
  const session = /^\/sessions\/[^/]+(\/knobs|\/lab)?$/.exec(pathname);
  if (session === null) return null;
  if (session[1] === '/knobs') return 'src/pages/knobs-page.tsx';
  return session[1] === '/lab' ? 'src/pages/threshold-lab-page.tsx' : 'src/pages/session-page.tsx';
}

/**
 * Links the listed files of the page at `pathname` (scripts as module preloads, stylesheets as
 * preloads, as the app's own loader will ask for them: same address, same CORS mode), so the
 * browser fetches them now and the app's imports find them in. A list that is missing or not
 * the build's shape links nothing.
 */
export function linkFirstScreenCode(doc: Pick<Document, 'getElementById' | 'createElement' | 'head'>, pathname: string): void {
  const page = pageModuleOf(pathname);
  const element = doc.getElementById(FIRST_SCREEN_CODE_ID);
  if (page === null || element === null) return;
  let files: unknown;
  try {
    files = (JSON.parse(element.textContent ?? '') as Record<string, unknown>)[page];
  } catch {
    return;
  }
  if (!Array.isArray(files)) return;
  for (const file of files) {
    if (typeof file !== 'string') continue;
    const link = doc.createElement('link');
    if (file.endsWith('.css')) {
      link.rel = 'preload';
      link.as = 'style';
    } else {
      link.rel = 'modulepreload';
    }
    link.crossOrigin = '';
    link.setAttribute('href', file);
    doc.head.append(link);
  }
}
