import { describe, expect, it } from 'vitest';
import { FrameInbox, type InboxItem } from './frame-inbox';

/** An inbox whose two schedules are queues run by hand, and what it handled, in order. */
function inbox() {
  const handled: unknown[] = [];
  const frames: (() => void)[] = [];
  const batches: (() => void)[] = [];
  const box = new FrameInbox({
    handle: (item) => {
      handled.push(item.data);
      return null;
    },
    schedule: (run) => frames.push(run),
    scheduleBatched: (run) => batches.push(run),
    stopped: () => false,
  });
  const item = (data: unknown): InboxItem => ({ data, onSocket: { previous: null } });
  const run = (queue: (() => void)[]) => queue.splice(0).forEach((f) => f());
  return { box, item, handled, runFrames: () => run(frames), runBatches: () => run(batches), frames, batches };
}

describe('FrameInbox', () => {
  it("handles a batch's frames when scheduleBatched says (in the batch's task), others when schedule says (the next frame)", async () => {
    const { box, item, handled, runBatches, frames, batches } = inbox();
    box.push(item('a'), true);
    box.push(item('b'), true);
    expect(batches).toHaveLength(1);
    expect(frames).toHaveLength(0);
    runBatches();
    await Promise.resolve();
    expect(handled).toEqual(['a', 'b']);
  });

  it('keeps the order of frames pushed either way, each handled once', async () => {
    const { box, item, handled, runFrames, frames, batches } = inbox();
    box.push(item('a'));
    box.push(item('b'), true);
    // One drain is waited for already: the batch's frame joins it.
    expect(frames).toHaveLength(1);
    expect(batches).toHaveLength(0);
    runFrames();
    await Promise.resolve();
    expect(handled).toEqual(['a', 'b']);
    expect(box.size()).toBe(0);
  });

  it('handles batches as schedule says when no scheduleBatched is given', async () => {
    const handled: unknown[] = [];
    const frames: (() => void)[] = [];
    const box = new FrameInbox({ handle: (item) => (handled.push(item.data), null), schedule: (run) => frames.push(run), stopped: () => false });
    box.push({ data: 'a', onSocket: { previous: null } }, true);
    expect(frames).toHaveLength(1);
    frames[0]?.();
    await Promise.resolve();
    expect(handled).toEqual(['a']);
  });
});
