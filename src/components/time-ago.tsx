import { formatDateTime, formatRelativeTime } from '../domain/format';
import { useNow } from '../hooks/use-now';

/** "5 min ago", kept current, with the exact time on hover. */
export function TimeAgo({ iso }: { iso: string }) {
  const now = useNow();
  return (
    <time dateTime={iso} title={formatDateTime(iso)} className="num">
      {formatRelativeTime(iso, now)}
    </time>
  );
}
