import { describe, expect, it } from 'vitest';
import { FALLBACK_CONTEXT_WINDOW, harnessDefaultWindow, parseWindowInput, resolveWindow, WINDOW_OVERRIDE_MAX, WINDOW_OVERRIDE_MIN, windowContradiction, windowNote, windowShare, windowSourceLabel } from './window';

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

describe('an operator’s window, typed', () => {
  it('reads plain, grouped and suffixed numbers of tokens', () => {
    expect(parseWindowInput('200000')).toEqual({ tokens: 200_000 });
    expect(parseWindowInput(' 200,000 ')).toEqual({ tokens: 200_000 });
    expect(parseWindowInput('200 000')).toEqual({ tokens: 200_000 });
    expect(parseWindowInput('200k')).toEqual({ tokens: 200_000 });
    expect(parseWindowInput('1.1k')).toEqual({ tokens: 1_100 });
    expect(parseWindowInput('1.5M')).toEqual({ tokens: 1_500_000 });
    expect(parseWindowInput('1024')).toEqual({ tokens: WINDOW_OVERRIDE_MIN });
    expect(parseWindowInput('100M')).toEqual({ tokens: WINDOW_OVERRIDE_MAX });
  });

  it('refuses what is not a window, and never moves a value into range', () => {
    expect(parseWindowInput('')).toEqual({ error: 'Type a window in tokens, e.g. 200000 or 200k.' });
    expect(parseWindowInput('abc')).toEqual({ error: '"abc" is not a number of tokens: type e.g. 200000 or 200k.' });
    expect(parseWindowInput('-5')).toHaveProperty('error');
    expect(parseWindowInput('1.0005k')).toEqual({ error: '1.0005k is not a whole number of tokens.' });
    expect(parseWindowInput('1000')).toEqual({ error: '1,000 tokens is below the smallest window the daemon takes (1,024).' });
    expect(parseWindowInput('101M')).toEqual({ error: '101,000,000 tokens is above the largest window the daemon takes (100,000,000).' });
    expect(parseWindowInput('9'.repeat(5000))).toEqual({ error: `"${'9'.repeat(40)}…" is not a number of tokens: type e.g. 200000 or 200k.` });
  });
});
