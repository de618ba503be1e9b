import { create } from 'zustand';
import type { LiveStatus } from './live-connection';

interface LiveStatusState {
  status: LiveStatus;
  /** The newest frame seen. */
  lastSeq: number | null;
  /** The newest frame skipped or gap not filled, for the connection details. */
  lastProblem: string | null;
  problemCount: number;
}

/** The live stream's state, for the connection indicator. */
export const useLiveStatus = create<LiveStatusState>()(() => ({
  status: 'connecting',
  lastSeq: null,
  lastProblem: null,
  problemCount: 0,
}));
