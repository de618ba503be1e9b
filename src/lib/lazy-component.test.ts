import { createElement, Suspense } from 'react';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { lazyComponent, settledThenable } from './lazy-component';

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
