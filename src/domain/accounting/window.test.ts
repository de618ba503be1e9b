import { describe, expect, it } from 'vitest';
import { FALLBACK_CONTEXT_WINDOW, harnessDefaultWindow, resolveWindow, windowContradiction, windowNote, windowShare, windowSourceLabel } from './window';

describe('windows', () => {
  it('the override wins, then the transcript’s own window, then the catalog, then 128k assumed', () => {
    expect(resolveWindow({ catalog: 200_000, override: 32_000, recorded: 258_400 })).toEqual({ tokens: 32_000, source: 'override' });
    expect(resolveWindow({ catalog: 272_000, recorded: 258_400, harness: 200_000 })).toEqual({ tokens: 258_400, source: 'recorded' });
    expect(resolveWindow({ catalog: 1_000_000, harness: 200_000 })).toEqual({ tokens: 200_000, source: 'harness' });
    expect(resolveWindow({ catalog: 200_000, override: null })).toEqual({ tokens: 200_000, source: 'catalog' });
    expect(resolveWindow({})).toEqual({ tokens: FALLBACK_CONTEXT_WINDOW, source: 'fallback' });
    expect(resolveWindow({ catalog: 0, override: Number.NaN })).toEqual({ tokens: 128_000, source: 'fallback' });
  });

  it('says when a window is assumed or overridden', () => {
    expect(windowNote({ tokens: 128_000, source: 'fallback' })).toBe('window unknown: 128k assumed');
    expect(windowNote({ tokens: 32_000, source: 'override' })).toBe('operator override');
    expect(windowNote({ tokens: 258_400, source: 'recorded' })).toBe('as the transcript recorded it');
    expect(windowNote({ tokens: 200_000, source: 'harness' })).toBe("the harness's default");
    expect(windowNote({ tokens: 200_000, source: 'catalog' })).toBeNull();
    expect(windowSourceLabel({ tokens: 200_000, source: 'catalog' })).toBe('model catalog');
    expect(windowSourceLabel({ tokens: 128_000, source: 'fallback' })).toBe('window unknown: 128k assumed');
  });

  it('a recorded call above the window proves the window wrong', () => {
    expect(windowContradiction({ tokens: 32_000, source: 'override' }, 73_000)).toBe(
      'a recorded call was sent 73k tokens, more than this 32k window: the window is wrong',
    );
    expect(windowContradiction({ tokens: 200_000, source: 'catalog' }, 170_000)).toBeNull();
    expect(windowContradiction({ tokens: 200_000, source: 'catalog' }, null)).toBeNull();
  });

  it('Claude Code runs with 200k unless told otherwise; other harnesses say nothing', () => {
    expect(harnessDefaultWindow('claude-code')).toBe(200_000);
    expect(harnessDefaultWindow('codex-rollout')).toBeNull();
    expect(harnessDefaultWindow('openai-chat')).toBeNull();
  });

  it('shares of a window', () => {
    expect(windowShare(170_000, { tokens: 200_000 })).toBe(0.85);
    expect(windowShare(1, { tokens: 0 })).toBe(0);
  });
});
