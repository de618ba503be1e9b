import type { QueryClient } from '@tanstack/react-query';
import { useSyncExternalStore } from 'react';
import { whenIdle } from './idle';

export interface FirstScreenGate {
  /** Starts watching (once, at startup): `code` settles when the first screen's code is in. */
  watch: (queryClient: QueryClient, code: Promise<unknown>, timeoutMs?: number) => void;
  subscribe: (listener: () => void) => () => void;
  isDone: () => boolean;
}

/**
 * Whether the first screen is in: its code loaded, its first queries settled and the browser idle
 * once since (or `timeoutMs` passed, whichever comes first). Stays true.
 */
export function createFirstScreenGate(): FirstScreenGate {
  let done = false;
  const listeners = new Set<() => void>();
  const finish = () => {
    if (done) return;
    done = true;
    for (const listener of listeners) listener();
  };
  return {
    watch(queryClient, code, timeoutMs = 3_000) {
      const timer = setTimeout(finish, timeoutMs);
      void code
        .catch(() => undefined)
        .then(() => {
          const check = () => {
            if (!done && queryClient.isFetching() > 0) return;
            unsubscribe();
            if (done) return;
            whenIdle(() => {
              clearTimeout(timer);
              finish();
            }, 1_000);
          };
          const unsubscribe = queryClient.getQueryCache().subscribe(check);
          check();
        });
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    isDone: () => done,
  };
}

/**
 * The app's gate. Code the shell and the pages can draw without (the connection details', the
 * dropdown menus') waits for it, so a cold load's six connections go to the screen asked for
 * first. (The live stream does not wait: tests and operators expect it live at once, and its
 * first replay and refresh round are better over before anyone acts.)
 */
export const firstScreen = createFirstScreenGate();

/** True once the first screen is in; stays true. */
export function useFirstScreenDone(): boolean {
  return useSyncExternalStore(firstScreen.subscribe, firstScreen.isDone);
}
