import { useQuery } from '@tanstack/react-query';
import { useParams, useSearchParams } from 'react-router';
import type { DryRunDiffProps } from '../components/diff/dry-run-diff';
import { ErrorState } from '../components/error-state';
import { LazyPart } from '../components/lazy-part';
import { Skeleton } from '../components/skeleton';
import { usePreloadWhenIdle } from '../hooks/use-idle-gate';
import { lazyComponent } from '../lib/lazy-component';
import { isNotFound } from '../lib/api/api-error';
import { sessionQuery } from '../lib/api/endpoints/get-session';
import { promptsQuery } from '../lib/api/endpoints/list-prompts';
import { KnobsScreen } from '../features/knobs/components/knobs-screen';
import { SessionCrumbs } from './session-crumbs';
import { SessionNotFound } from './session-not-found';

/** The diff (its virtual list included) is drawn only in the preview dialog: its code comes after the knobs. */
const DryRunDiff = lazyComponent<DryRunDiffProps>(() => import('../components/diff/dry-run-diff').then((m) => m.DryRunDiff));

/** /sessions/:sessionId/knobs?agent=…&group=…: an agent's compaction knobs, with the shared dry-run diff for previews. */
export function KnobsPage() {
  const { sessionId = '' } = useParams();
  const [search] = useSearchParams();
  const { data: session, error } = useQuery(sessionQuery(sessionId));
  // The same query the knobs screen reads for the prompt field's suggestions: its failure is said here.
  const prompts = useQuery(promptsQuery());
  usePreloadWhenIdle(DryRunDiff);
  if (isNotFound(error)) {
    return <SessionNotFound sessionId={sessionId} />;
  }
  return (
    <div className="page">
      <title>{`Knobs${session ? ` · ${session.title}` : ''} · Compactor`}</title>
      <SessionCrumbs sessionId={sessionId} title={session?.title} here="Knobs" />
      {prompts.isError && (
        <ErrorState error={prompts.error} what="the project's prompts (prompt fields suggest none)" onRetry={() => void prompts.refetch()} />
      )}
      <KnobsScreen
        sessionId={sessionId}
        agentPath={search.get('agent')}
        group={search.get('group')}
        renderPreview={(result) => (
          <LazyPart what="the preview's diff" fallback={<Skeleton height={320} />}>
            <DryRunDiff result={result} ariaLabel="Preview of the pending settings" />
          </LazyPart>
        )}
      />
    </div>
  );
}
