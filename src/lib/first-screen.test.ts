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

describe('the first-screen gate', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

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
    await vi.advanceTimersByTimeAsync(10);
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
    await vi.advanceTimersByTimeAsync(10);
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
    await vi.advanceTimersByTimeAsync(10);
    expect(gate.isDone()).toBe(true);
  });
});
