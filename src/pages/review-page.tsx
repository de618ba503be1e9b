import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { Panel } from '../components/panel';
import { Select } from '../components/select';
import { Skeleton } from '../components/skeleton';
import { pluginsQuery } from '../lib/api/endpoints/list-plugins';
import { pluginHref, reviewQueueHref } from '../lib/routes';
import { ReviewQueue } from '../features/compaction-ledger/components/review-queue';
import { ConflictDialog, SaveNotices } from '../features/compaction-ledger/components/save-feedback';

/** /review?plugin=…: a plugin's unrated events, one at a time across sessions. */
export function ReviewPage() {
  const [params] = useSearchParams();
  const plugin = params.get('plugin')?.trim() || null;
  const navigate = useNavigate();
  const { data: plugins } = useQuery(pluginsQuery());
  return (
    <div className="page">
      <title>{`Review${plugin ? ` ${plugin}` : ''} · Compactor`}</title>
      <header className="page__header">
        <div className="page__title">
          <h1>Review queue</h1>
          {plugin && <Link to={pluginHref(plugin)}>{plugin}</Link>}
        </div>
        <Select
          label="Plugin"
          showLabel
          value={plugin ?? ''}
          options={(plugins ?? []).filter((p) => p.problems.length === 0).map((p) => ({ value: p.name, label: p.name }))}
          onValueChange={(name) => void navigate(reviewQueueHref(name))}
        />
      </header>
      {plugin ? (
        <Panel what="the review queue" skeleton={<Skeleton height={480} />} resetKey={plugin}>
          <div className="detail-section">
            <ReviewQueue plugin={plugin} />
          </div>
        </Panel>
      ) : (
        <p className="muted">Choose a plugin to review the events it fired in that nobody has flagged yet.</p>
      )}
      <SaveNotices />
      <ConflictDialog />
    </div>
  );
}
