import { QueryClient } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createFirstScreenGate } from './first-screen';

function deferred() {
  let resolve!: () => void;
  const promise = new Promise<void>((r) => (resolve = r));
  return { promise, resolve };
}

/** A query whose answer the test releases. */
function slowQuery(queryClient: QueryClient) {
  const answer = deferred();
  void queryClient.prefetchQuery({ queryKey: ['slow'], queryFn: () => answer.promise.then(() => 1) });
  return answer;
}

/** The browser's idle callback, called `delay(its time limit)` ms after it is asked for. */
function stubIdleCallback(delay: (timeout: number | undefined) => number) {
  vi.stubGlobal('requestIdleCallback', (run: () => void, options?: { timeout?: number }) => setTimeout(run, delay(options?.timeout)));
  vi.stubGlobal('cancelIdleCallback', (handle: ReturnType<typeof setTimeout>) => clearTimeout(handle));
}

describe('the first-screen gate', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('opens once the code is in, the first queries have settled and the browser was idle', async () => {
    const queryClient = new QueryClient();
    const gate = createFirstScreenGate();
    const changes = vi.fn();
    gate.subscribe(changes);
    const code = deferred();
    const answer = slowQuery(queryClient);
    gate.watch(queryClient, code.promise);

    code.resolve();
    await vi.advanceTimersByTimeAsync(100);
    expect(gate.isDone(), 'a query is still in flight').toBe(false);

    answer.resolve();
    await vi.advanceTimersByTimeAsync(400);
    expect(gate.isDone()).toBe(true);
    expect(changes).toHaveBeenCalledTimes(1);
  });

  it('waits for the code even when the data is in', async () => {
    const queryClient = new QueryClient();
    const gate = createFirstScreenGate();
    const code = deferred();
    gate.watch(queryClient, code.promise);
    await vi.advanceTimersByTimeAsync(500);
    expect(gate.isDone()).toBe(false);
    code.resolve();
    await vi.advanceTimersByTimeAsync(400);
    expect(gate.isDone()).toBe(true);
  });

  it('opens after the time limit when the first queries never settle (a daemon that does not answer)', async () => {
    const queryClient = new QueryClient();
    const gate = createFirstScreenGate();
    slowQuery(queryClient);
    gate.watch(queryClient, Promise.resolve(), 3_000);
    await vi.advanceTimersByTimeAsync(2_900);
    expect(gate.isDone()).toBe(false);
    await vi.advanceTimersByTimeAsync(200);
    expect(gate.isDone()).toBe(true);
  });

  it('stops listening to the query cache once open, however it opened', async () => {
    const queryClient = new QueryClient();
    const gate = createFirstScreenGate();
    const code = deferred();
    slowQuery(queryClient);
    gate.watch(queryClient, code.promise, 1_000);
    await vi.advanceTimersByTimeAsync(1_100);
    expect(gate.isDone(), 'opened by the time limit').toBe(true);
    code.resolve();
    await vi.advanceTimersByTimeAsync(10);
    expect(queryClient.getQueryCache().hasListeners()).toBe(false);
  });

  it('opens when the code failed to load (the page says so; the shell goes on)', async () => {
    const queryClient = new QueryClient();
    const gate = createFirstScreenGate();
    gate.watch(queryClient, Promise.reject(new Error('chunk failed')));
    await vi.advanceTimersByTimeAsync(400);
    expect(gate.isDone()).toBe(true);
  });

  describe('on a slow device, where drawing the answers takes seconds', () => {
    // A main thread busy drawing: an idle callback runs only at its time limit.
    beforeEach(() => {
      stubIdleCallback((timeout) => timeout ?? 60_000);
    });
    afterEach(() => vi.unstubAllGlobals());

    it('stays closed while the first answers are still being drawn, and opens at the first idle moment', async () => {
      const queryClient = new QueryClient();
      const gate = createFirstScreenGate();
      const answer = slowQuery(queryClient);
      gate.watch(queryClient, Promise.resolve());
      await vi.advanceTimersByTimeAsync(1_000);
      answer.resolve();
      await vi.advanceTimersByTimeAsync(4_000);
      expect(gate.isDone(), 'no idle moment yet: the first rows are not drawn').toBe(false);
      await vi.advanceTimersByTimeAsync(6_000);
      expect(gate.isDone(), 'opened by the time limit at last').toBe(true);
    });
  });

  it('waits for a second wave of queries that the first answers asked for (a screen that reads in waves)', async () => {
    // Idle 200 ms after it is asked for: the first answer is drawn meanwhile.
    stubIdleCallback(() => 200);
    const queryClient = new QueryClient();
    const gate = createFirstScreenGate();
    const first = slowQuery(queryClient);
    gate.watch(queryClient, Promise.resolve());
    await vi.advanceTimersByTimeAsync(10);
    first.resolve();
    await vi.advanceTimersByTimeAsync(50);
    // Drawn, the first answer asks for more before the browser is idle.
    const second = deferred();
    void queryClient.prefetchQuery({ queryKey: ['second'], queryFn: () => second.promise.then(() => 2) });
    await vi.advanceTimersByTimeAsync(500);
    expect(gate.isDone(), 'the second wave is in flight').toBe(false);
    second.resolve();
    await vi.advanceTimersByTimeAsync(300);
    expect(gate.isDone()).toBe(true);
  });
});
