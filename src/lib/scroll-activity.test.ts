import { afterEach, describe, expect, it, vi } from 'vitest';
import { isListScrolling, setListScrolling, whenIdleNotScrolling, whenNotScrolling } from './scroll-activity';

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

  describe('an idle moment with no list scrolling', () => {
    /** A stand-in for whenIdle: the idle moments asked for, run by the test. */
    const idleMoments = () => {
      const asked: (() => void)[] = [];
      const idle = (run: () => void) => {
        asked.push(run);
        return () => asked.splice(asked.indexOf(run), 1);
      };
      return { asked, idle };
    };

    it('runs at the first idle moment when no list scrolls', () => {
      const { asked, idle } = idleMoments();
      const run = vi.fn();
      whenIdleNotScrolling(run, 800, idle);
      expect(run).not.toHaveBeenCalled();
      asked.shift()?.();
      expect(run).toHaveBeenCalledTimes(1);
    });

    it('waits out a scroll under way at the idle moment, then an idle moment again', () => {
      const { asked, idle } = idleMoments();
      const run = vi.fn();
      whenIdleNotScrolling(run, 800, idle);
      setListScrolling(a, true);
      asked.shift()?.();
      expect(run).not.toHaveBeenCalled();
      expect(asked).toHaveLength(0);
      setListScrolling(a, false);
      expect(run).not.toHaveBeenCalled();
      expect(asked).toHaveLength(1);
      asked.shift()?.();
      expect(run).toHaveBeenCalledTimes(1);
    });

    it('drops cancelled work, before the idle moment or while the scroll is waited out', () => {
      const { asked, idle } = idleMoments();
      const early = vi.fn();
      whenIdleNotScrolling(early, 800, idle)();
      expect(asked).toHaveLength(0);
      const late = vi.fn();
      const cancel = whenIdleNotScrolling(late, 800, idle);
      setListScrolling(a, true);
      asked.shift()?.();
      cancel();
      setListScrolling(a, false);
      expect(asked).toHaveLength(0);
      expect(early).not.toHaveBeenCalled();
      expect(late).not.toHaveBeenCalled();
    });
  });
});
