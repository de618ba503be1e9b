import { create } from 'zustand';
import type { LiveStatus } from './live-connection-options';
import type { Behind } from './frame-feed';

interface LiveStatusState {
  status: LiveStatus;
  /** The newest frame seen. */
  lastSeq: number | null;
  /** The newest frame skipped or gap not filled, for the connection details. */
  lastProblem: string | null;
  problemCount: number;
  /** The page is behind the stream (catching up); null while it keeps up. */
  behind: Behind | null;
  /** The stream is fast enough that batches are spaced (pacing.ts): costly redraws wait for it to slow. */
  paced: boolean;
  /**
   * The open socket carries the token in its address because the daemon answered POST
   * /events/ticket with this status (no such endpoint); null when it used a ticket or needs none.
   */
  ticketFallback: { status: number } | null;
}

/** The live stream's state, for the connection indicator (and the charts, which wait while it is paced). */
export const useLiveStatus = create<LiveStatusState>()(() => ({
  status: 'connecting',
  lastSeq: null,
  lastProblem: null,
  problemCount: 0,
  behind: null,
  paced: false,
  ticketFallback: null,
}));
