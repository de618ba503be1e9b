import type { QueryClient } from '@tanstack/react-query';
import { useSyncExternalStore } from 'react';
import { whenIdle } from './idle';

export interface FirstScreenGate {
  /** Starts watching (once, at startup): `code` settles when the first screen's code is in. */
  watch: (queryClient: QueryClient, code: Promise<unknown>, timeoutMs?: number) => void;
  subscribe: (listener: () => void) => () => void;
  isDone: () => boolean;
}

/** After its first queries settle, the screen still draws them: the gate waits this long at most for an idle moment. */
const DRAWN_WITHIN_MS = 10_000;
/** React's reveal throttle (FALLBACK_THROTTLE_MS), and a little more. */
const REVEAL_PAUSE_MS = 350;

/**
 * Whether the first screen is in: its code loaded, its first queries settled and the browser idle
 * once since (or `timeoutMs` passed, whichever comes first). Stays true.
 *
 * The idle moment is a real one (the first rows drawn), not a second after the answers: on a slow
 * device the page takes seconds to draw what came, and whatever opened the gate early (the
 * menus' code, the charts, the spiral watch) was downloaded and run before the first row.
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
    watch(queryClient, code, timeoutMs = 10_000) {
      const timer = setTimeout(finish, timeoutMs);
      // Until no query is in flight, then an idle moment; the answers drawn may have asked for more
      // (a screen that reads in waves: the session, then each agent's settings): those too.
      const settle = () => {
        const check = () => {
          if (!done && queryClient.isFetching() > 0) return;
          unsubscribe();
          if (done) return;
          // React reveals a suspended screen's content up to 300 ms after its skeleton (its reveal
          // throttle): an idle moment in that pause comes before the first rows. So: idle, past the
          // pause, idle again.
          whenIdle(() => {
            setTimeout(() => {
              whenIdle(() => {
                if (done) return;
                if (queryClient.isFetching() > 0) return settle();
                clearTimeout(timer);
                finish();
              }, DRAWN_WITHIN_MS);
            }, REVEAL_PAUSE_MS);
          }, DRAWN_WITHIN_MS);
        };
        const unsubscribe = queryClient.getQueryCache().subscribe(check);
        check();
      };
      void code.catch(() => undefined).then(settle);
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
