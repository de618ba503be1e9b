import { useQueries } from '@tanstack/react-query';
import { Link } from 'react-router';
import { ErrorState } from '../../../components/error-state';
import { formatCounted } from '../../../domain/format';
import { pluginHref, reviewQueueHref } from '../../../lib/routes';
import { reviewQueueQuery } from '../api/get-review-queue';
import '../../../components/record-table.css';
import './review-queue.css';

const WALKS = [
  { flag: 'unflagged', heading: 'Unrated', action: 'to review' },
  { flag: 'bad', heading: 'Flagged bad', action: 'to review again' },
] as const;

/**
 * The review page before a plugin is chosen: each plugin with how many of its events are unrated and
 * how many flagged bad, each a link into that queue. The counts are the queues' own first answers (the
 * same query the queue opens with), read afresh whenever this list is shown.
 */
export function ReviewChoices({ plugins }: { plugins: readonly string[] }) {
  const reads = useQueries({
    queries: plugins.flatMap((plugin) => WALKS.map((walk) => ({ ...reviewQueueQuery(plugin, walk.flag, null, null), staleTime: 0 }))),
  });
  const failed = reads.filter((read) => read.isError);
  return (
    <>
      {failed[0] && (
        <ErrorState
          error={failed[0].error}
          what={`the review counts (${formatCounted(failed.length, 'count')} not read)`}
          onRetry={() => {
            for (const read of failed) void read.refetch();
          }}
        />
      )}
      <table className="record-table record-table--shaded review-choices" aria-label="Plugins to review">
        <thead>
          <tr>
            <th scope="col">Plugin</th>
            {WALKS.map((walk) => (
              <th scope="col" key={walk.flag}>
                {walk.heading}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {plugins.map((plugin, p) => (
            <tr key={plugin}>
              <th scope="row" title={plugin}>
                <Link to={pluginHref(plugin)}>{plugin}</Link>
              </th>
              {WALKS.map((walk, w) => {
                const read = reads[p * WALKS.length + w]!;
                return (
                  <td key={walk.flag} className="num">
                    {read.data ? (
                      read.data.total > 0 ? (
                        <Link to={reviewQueueHref(plugin, walk.flag === 'bad' ? 'bad' : undefined)}>
                          {formatCounted(read.data.total, 'event')} {walk.action}
                        </Link>
                      ) : (
                        <span className="faint">none</span>
                      )
                    ) : read.isError ? (
                      <span className="review-choices__error">not read</span>
                    ) : (
                      <span className="faint">…</span>
                    )}
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </>
  );
}
