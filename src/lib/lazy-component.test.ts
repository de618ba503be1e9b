import { createElement, Suspense } from 'react';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { codeRetryDelayMs, componentLoader, isCodeLoadFailure, LoadedPage, lazyComponent, retryFailedCode } from './lazy-component';

const Page = () => null;

describe('lazy components', () => {
  it('download once, however often preloaded', async () => {
    let downloads = 0;
    const Lazy = lazyComponent(async () => {
      downloads += 1;
      return Page;
    });
    expect(downloads).toBe(0);
    await Promise.all([Lazy.preload(), Lazy.preload()]);
    expect(await Lazy.preload()).toBe(Page);
    expect(downloads).toBe(1);
  });

  it('try a failed download again on the next preload', async () => {
    let downloads = 0;
    const Lazy = lazyComponent(async () => {
      downloads += 1;
      if (downloads === 1) throw new Error('Failed to fetch dynamically imported module');
      return Page;
    });
    await expect(Lazy.preload()).rejects.toThrow('Failed to fetch');
    expect(await Lazy.preload()).toBe(Page);
    expect(downloads).toBe(2);
  });
});

describe('a lazy component whose download failed', () => {
  it('downloads again when drawn again, and then draws the part', async () => {
    let downloads = 0;
    let failing = true;
    const Lazy = lazyComponent(async () => {
      downloads += 1;
      if (failing) throw new TypeError('Failed to fetch dynamically imported module: http://x/assets/menu.js');
      return () => createElement('p', null, 'the menu');
    });
    const view = () => renderToString(createElement(Suspense, { fallback: createElement('p', null, 'loading') }, createElement(Lazy)));
    expect(view()).toContain('loading');
    await expect(Lazy.preload()).rejects.toThrow('dynamically imported module');
    failing = false;
    // Drawn again before a retry is asked for, it fails (for its error boundary), without downloading.
    expect(view()).toContain('<!--$!-->');
    expect(downloads).toBe(1);
    // React.lazy would keep the failure for good: after a retry, this draws the part once its code is in.
    retryFailedCode();
    expect(view()).toContain('loading');
    await Lazy.preload();
    expect(view()).toBe('<!--$--><p>the menu</p><!--/$-->');
    expect(downloads).toBe(2);
  });

  it('is told from other failures by what the browsers and Vite say', () => {
    expect(isCodeLoadFailure(new TypeError('Failed to fetch dynamically imported module: http://x/a.js'))).toBe(true);
    expect(isCodeLoadFailure(new TypeError('error loading dynamically imported module: http://x/a.js'))).toBe(true);
    expect(isCodeLoadFailure(new TypeError('Importing a module script failed.'))).toBe(true);
    expect(isCodeLoadFailure(new Error('Unable to preload CSS for http://x/a.css'))).toBe(true);
    expect(isCodeLoadFailure(new TypeError("Cannot read properties of undefined (reading 'map')"))).toBe(false);
    expect(isCodeLoadFailure('dynamically imported module')).toBe(false);
  });

  it('is tried again after 2 s, then twice as long each time, at most a minute apart', () => {
    expect([1, 2, 3, 4, 5, 6, 7, 20].map(codeRetryDelayMs)).toEqual([2_000, 4_000, 8_000, 16_000, 32_000, 60_000, 60_000, 60_000]);
  });
});

describe('a preloaded lazy component', () => {
  it('renders at once, without suspending', async () => {
    const load = async () => () => createElement('p', null, 'the page');
    const view = (Lazy: ReturnType<typeof lazyComponent>) => renderToString(createElement(Suspense, { fallback: createElement('p', null, 'loading') }, createElement(Lazy)));
    expect(view(lazyComponent(load))).toContain('loading');
    const preloaded = lazyComponent(load);
    await preloaded.preload();
    expect(view(preloaded)).toBe('<!--$--><p>the page</p><!--/$-->');
  });
});

describe('a page loader', () => {
  it('tells its subscribers once the download is in, and not after unsubscribing', async () => {
    const loader = componentLoader(async () => Page);
    const heard: string[] = [];
    const stop = loader.subscribe(() => heard.push('first'));
    loader.subscribe(() => heard.push('second'));
    stop();
    expect(loader.current()).toBeNull();
    await loader.preload();
    expect(loader.current()).toBe(Page);
    expect(heard).toEqual(['second']);
  });

  it('shows the skeleton until the page is in, then the page', async () => {
    const loader = componentLoader(async () => () => createElement('p', null, 'the page'));
    const view = () => renderToString(createElement(LoadedPage, { loader, fallback: createElement('p', null, 'skeleton') }));
    expect(view()).toBe('<p>skeleton</p>');
    await loader.preload();
    expect(view()).toBe('<p>the page</p>');
  });
});
