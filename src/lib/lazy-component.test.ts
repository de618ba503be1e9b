import { describe, expect, it } from 'vitest';
import { lazyComponent } from './lazy-component';

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
