import { afterEach, describe, expect, it, vi } from 'vitest';
import { isListScrolling, setListScrolling, whenNotScrolling } from './scroll-activity';

const a = {};
const b = {};

afterEach(() => {
  setListScrolling(a, false);
  setListScrolling(b, false);
});

describe('scroll activity', () => {
  it('runs at once when no list scrolls', () => {
    const run = vi.fn();
    whenNotScrolling(run);
    expect(run).toHaveBeenCalledTimes(1);
    expect(isListScrolling()).toBe(false);
  });

  it('holds work while a list scrolls and runs it once the last list stops', () => {
    const run = vi.fn();
    setListScrolling(a, true);
    setListScrolling(b, true);
    whenNotScrolling(run);
    expect(isListScrolling()).toBe(true);
    setListScrolling(a, false);
    expect(run).not.toHaveBeenCalled();
    setListScrolling(b, true);
    setListScrolling(b, false);
    expect(run).toHaveBeenCalledTimes(1);
    // Once only: a later scroll and stop does not run it again.
    setListScrolling(a, true);
    setListScrolling(a, false);
    expect(run).toHaveBeenCalledTimes(1);
  });

  it('drops cancelled work', () => {
    const run = vi.fn();
    setListScrolling(a, true);
    const cancel = whenNotScrolling(run);
    cancel();
    setListScrolling(a, false);
    expect(run).not.toHaveBeenCalled();
  });
});
