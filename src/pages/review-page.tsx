import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { ErrorState } from '../components/error-state';
import { Panel } from '../components/panel';
import { Select } from '../components/select';
import { Skeleton } from '../components/skeleton';
import { FLAGS } from '../domain/contract/enums.gen';
import type { Flag, FlagFilter } from '../domain/ledger-search';
import { pluginsQuery } from '../lib/api/endpoints/list-plugins';
import { pluginHref, reviewQueueHref } from '../lib/routes';
import { ReviewQueue } from '../features/compaction-ledger/components/review-queue';
import { ReviewChoices } from '../features/compaction-ledger/components/review-choices';
import '../components/detail-section.css';
import { ConflictDialog, SaveNotices } from '../features/compaction-ledger/components/save-feedback';

const WALKS = [{ value: 'unflagged', label: 'unrated' }, ...FLAGS.map((flag) => ({ value: flag, label: `flagged ${flag}` }))];

function readFlag(value: string | null): Flag | null {
  return (FLAGS as readonly string[]).includes(value ?? '') ? (value as Flag) : null;
}

/**
 * /review?plugin=…: a plugin's unrated events, one at a time across sessions; &flag=bad: those
 * flagged bad, to review them again (after a plugin change).
 */
export function ReviewPage() {
  const [params] = useSearchParams();
  const plugin = params.get('plugin')?.trim() || null;
  const flag = readFlag(params.get('flag'));
  const walk: FlagFilter = flag ?? 'unflagged';
  const navigate = useNavigate();
  const pluginsRead = useQuery(pluginsQuery());
  const reviewable = useMemo(() => (pluginsRead.data ?? []).filter((p) => p.problems.length === 0).map((p) => p.name), [pluginsRead.data]);
  // The plugin in the address is offered even when the list lacks it (not loaded, or a manifest with problems), so the choice shows what the page shows.
  const choices = useMemo(() => (plugin && !reviewable.includes(plugin) ? [plugin, ...reviewable] : reviewable).map((name) => ({ value: name, label: name })), [plugin, reviewable]);
  return (
    <div className="page">
      <title>{`Review${plugin ? ` ${plugin}` : ''} · Compactor`}</title>
      <header className="page__header">
        <div className="page__title">
          <h1>Review queue</h1>
          {plugin && <Link to={pluginHref(plugin)}>{plugin}</Link>}
        </div>
        <div className="page__tools">
          <Select
            label="Plugin"
            showLabel
            value={plugin ?? ''}
            placeholder="choose…"
            options={choices}
            onValueChange={(name) => void navigate(reviewQueueHref(name, flag ?? undefined))}
          />
          <Select
            label="Events"
            showLabel
            value={walk}
            options={WALKS}
            disabled={!plugin}
            onValueChange={(value) => plugin && void navigate(reviewQueueHref(plugin, readFlag(value) ?? undefined))}
          />
        </div>
      </header>
      {pluginsRead.isError && <ErrorState error={pluginsRead.error} what="the plugin list (the Plugin choice offers none)" onRetry={() => void pluginsRead.refetch()} />}
      {plugin ? (
        <Panel what="the review queue" skeleton={<Skeleton height={480} />} resetKey={`${plugin} ${walk}`}>
          <div className="detail-section">
            <ReviewQueue key={walk} plugin={plugin} flag={walk} />
          </div>
        </Panel>
      ) : (
        <>
          <p className="muted">Choose a plugin to review the events it fired in that nobody has flagged yet, or those flagged bad, to review them again.</p>
          {reviewable.length > 0 && <ReviewChoices plugins={reviewable} />}
        </>
      )}
      <SaveNotices />
      <ConflictDialog />
    </div>
  );
}
