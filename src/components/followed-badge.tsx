import type { SessionSummary } from '../domain/contract/types';
import { formatDateTime } from '../domain/format';
import { Badge } from './status-badge';
import { TimeAgo } from './time-ago';

type Followed = NonNullable<SessionSummary['followed']>;

/** Where a followed session is read from (the simulator's --follow), as one line of text. */
export function followedFrom(followed: Followed): string {
  return `${followed.folder.replace(/[/\\]+$/, '')}/${followed.file}`;
}

/**
 * "followed · 4 s ago" (the last line's arrival): a session read from a transcript file still
 * being written. `short`: the word alone, the time in its title (a table's narrow cell).
 */
export function FollowedBadge({ followed, short = false }: { followed: Followed; short?: boolean }) {
  const last = followed.last_line_at ? `; last line ${formatDateTime(followed.last_line_at)}` : '';
  return (
    <Badge tone="accent" title={`Followed live from ${followedFrom(followed)}${last}${followed.notice ? `. ${followed.notice}` : ''}`}>
      followed
      {!short && followed.last_line_at && (
        <>
          {' · '}
          <TimeAgo iso={followed.last_line_at} />
        </>
      )}
    </Badge>
  );
}
