/**
 * The live stream's ordering: seq grows by one per frame across all sessions. A frame at or below
 * the last seen seq is a duplicate (a resumed connection may repeat some); one past last+1 means
 * frames were missed, to be fetched over HTTP before going on.
 */
export type SeqVerdict = 'next' | 'duplicate' | 'gap';

/** `last` null: nothing seen yet, so any frame starts the sequence. */
export function classifySeq(last: number | null, seq: number): SeqVerdict {
  if (last === null || seq === last + 1) return 'next';
  return seq <= last ? 'duplicate' : 'gap';
}

/** Frames newer than `last`, each seq once, in seq order. */
export function framesAfter<T extends { seq: number }>(frames: readonly T[], last: number | null): T[] {
  const bySeq = new Map<number, T>();
  for (const frame of frames) {
    if ((last === null || frame.seq > last) && !bySeq.has(frame.seq)) bySeq.set(frame.seq, frame);
  }
  return [...bySeq.values()].sort((a, b) => a.seq - b.seq);
}
