import { afterEach, describe, expect, it, vi } from 'vitest';
import { useReachability } from '../api/daemon-reachability';
import { INITIAL_REACHABILITY, nextReachability } from '../api/outage';
import { reconnectOnRecovery } from './reconnect-on-recovery';

function dispatch(event: Parameters<typeof nextReachability>[1]): void {
  useReachability.setState((state) => nextReachability(state, event));
}

describe('reconnectOnRecovery', () => {
  afterEach(() => useReachability.setState(INITIAL_REACHABILITY));

  it('asks the stream to reconnect once when the daemon answers after an outage', () => {
    const connection = { reconnectNow: vi.fn() };
    const stop = reconnectOnRecovery(connection);
    dispatch({ type: 'suspect' });
    dispatch({ type: 'probe-failed', now: 0 });
    dispatch({ type: 'probe-failed', now: 5_000 });
    expect(connection.reconnectNow).not.toHaveBeenCalled();
    dispatch({ type: 'answered' });
    expect(connection.reconnectNow).toHaveBeenCalledTimes(1);
    dispatch({ type: 'answered' });
    expect(connection.reconnectNow).toHaveBeenCalledTimes(1);
    stop();
  });

  it('leaves the stream alone when a suspected outage was not one, and after unsubscribing', () => {
    const connection = { reconnectNow: vi.fn() };
    const stop = reconnectOnRecovery(connection);
    dispatch({ type: 'suspect' });
    dispatch({ type: 'answered' });
    expect(connection.reconnectNow).not.toHaveBeenCalled();
    stop();
    dispatch({ type: 'probe-failed', now: 0 });
    dispatch({ type: 'answered' });
    expect(connection.reconnectNow).not.toHaveBeenCalled();
  });
});
