import { useQuery } from '@tanstack/react-query';
import { useParams, useSearchParams } from 'react-router';
import { DryRunDiff } from '../components/diff/dry-run-diff';
import { ErrorState } from '../components/error-state';
import { isNotFound } from '../lib/api/api-error';
import { sessionQuery } from '../lib/api/endpoints/get-session';
import { promptsQuery } from '../lib/api/endpoints/list-prompts';
import { KnobsScreen } from '../features/knobs/components/knobs-screen';
import { SessionCrumbs } from './session-crumbs';
import { SessionNotFound } from './session-not-found';

/** /sessions/:sessionId/knobs?agent=…&group=…: an agent's compaction knobs, with the shared dry-run diff for previews. */
export function KnobsPage() {
  const { sessionId = '' } = useParams();
  const [search] = useSearchParams();
  const { data: session, error } = useQuery(sessionQuery(sessionId));
  // The same query the knobs screen reads for the prompt field's suggestions: its failure is said here.
  const prompts = useQuery(promptsQuery());
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
        renderPreview={(result) => <DryRunDiff result={result} ariaLabel="Preview of the pending settings" />}
      />
    </div>
  );
}
