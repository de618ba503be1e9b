import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { decodeUrlPart } from '../domain/text';

/** How long to wait for the target of a #hash to render (panels load on their own). */
const WAIT_MS = 5000;

/**
 * Scrolls to the element the URL's #hash names once it is on the page ("Back to the ledger" lands
 * on the ledger, not on the page top). The browser does this only for a full load.
 */
export function useScrollToHash(): void {
  const { hash, key } = useLocation();
  useEffect(() => {
    // A malformed fragment in a pasted link names no element: nothing to scroll to, nothing thrown.
    const id = decodeUrlPart(hash.slice(1));
    if (!id) return;
    let frame = 0;
    const started = performance.now();
    const seek = () => {
      const target = document.getElementById(id);
      if (target) target.scrollIntoView({ block: 'start' });
      else if (performance.now() - started < WAIT_MS) frame = requestAnimationFrame(seek);
    };
    seek();
    return () => cancelAnimationFrame(frame);
  }, [hash, key]);
}
