import { createElement, Suspense } from 'react';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { componentLoader, LoadedPage, lazyComponent, settledThenable } from './lazy-component';

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

describe('a preloaded lazy component', () => {
  it('renders at once, without suspending', async () => {
    const load = async () => () => createElement('p', null, 'the page');
    const view = (Lazy: ReturnType<typeof lazyComponent>) => renderToString(createElement(Suspense, { fallback: createElement('p', null, 'loading') }, createElement(Lazy)));
    expect(view(lazyComponent(load))).toContain('loading');
    const preloaded = lazyComponent(load);
    await preloaded.preload();
    expect(view(preloaded)).toBe('<!--$--><p>the page</p><!--/$-->');
  });

  it('settled thenables call back in the same turn', () => {
    let seen: number | null = null;
    void settledThenable(1).then((n) => n + 1).then((n) => (seen = n));
    expect(seen).toBe(2);
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
