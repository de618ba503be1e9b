import { useMemo } from 'react';
import { DataNotices } from '../../../components/data-notices';
import type { SessionSummary } from '../../../lib/api/types';
import { checkSessions } from '../../../lib/plausibility';
import { useNow } from '../../../lib/use-now';

/** Implausible figures in the sessions list (loaded after the list: the checks stay out of its first chunk). */
export function SessionsNotices({ sessions }: { sessions: readonly SessionSummary[] }) {
  const now = useNow();
  const notices = useMemo(() => checkSessions(sessions, now), [sessions, now]);
  return <DataNotices notices={notices} where="the sessions list" />;
}
