import { useMemo } from 'react';
import { DataNotices } from '../../../components/data-notices';
import type { SessionSummary } from '../../../domain/contract/types';
import { checkSessions } from '../../../domain/plausibility';
import { useNow } from '../../../hooks/use-now';

/** Implausible figures in the sessions list (loaded after the list: the checks stay out of its first chunk). */
export function SessionsNotices({ sessions }: { sessions: readonly SessionSummary[] }) {
  const now = useNow();
  const notices = useMemo(() => checkSessions(sessions, now), [sessions, now]);
  return <DataNotices notices={notices} where="the sessions list" />;
}
