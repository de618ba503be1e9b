/**
 * The react-query keys of server state, in one place so the live stream can invalidate what a
 * frame changes. Everything about one session sits under `['session', id]`, everything about one
 * project under `['project', id]`; features add their own keys beneath those prefixes.
 */
export const queryKeys = {
  health: ['health'] as const,
  projects: ['projects'] as const,
  /** Prefix of everything about every project. */
  anyProject: ['project'] as const,
  projectStats: (projectId: string) => ['project', projectId, 'compaction-stats'] as const,
  sessions: ['sessions'] as const,
  /** Prefix of everything about one session. */
  session: (sessionId: string) => ['session', sessionId] as const,
  sessionDetail: (sessionId: string) => ['session', sessionId, 'detail'] as const,
  sessionStats: (sessionId: string) => ['session', sessionId, 'compaction-stats'] as const,
  compaction: (sessionId: string, compactionId: string) => ['session', sessionId, 'compaction', compactionId] as const,
};
