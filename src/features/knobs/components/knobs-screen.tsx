import type { ReactNode } from 'react';
import { ErrorState } from '../../../components/error-state';
import { Skeleton } from '../../../components/skeleton';
import type { Schemas } from '../../../domain/contract/types';
import { pathFromUrl } from '../../../domain/text';
import { usePendingEditsStore } from '../../../stores/pending-knob-edits';
import { agentsWithEdits, pendingChangesOf, useKnobEdits } from '../hooks/use-knob-edits';
import { useKnobsData, type KnobsData } from '../hooks/use-knobs-data';
import { useSaveKnobs } from '../hooks/use-save-knobs';
import { AgentKnobs } from './agent-knobs';
import { ConflictDialog, ReviewDialog, usePreloadKnobsDialogs } from './knobs-dialogs';
import { KnobsNotices } from './knobs-notices';
import './knobs-screen.css';

type DryRunResult = Schemas['DryRunResult'];

export interface KnobsScreenProps {
  sessionId: string;
  /** The agent in view; the session's first (primary) agent when null. */
  agentPath: string | null;
  /** The knob group in view; the first group when null. */
  group: string | null;
  /** Draws a dry run's result (the page composes the shared side-by-side diff). */
  renderPreview: (result: DryRunResult) => ReactNode;
}

/**
 * The knobs screen: the agent tree on the left, the selected agent's knob groups (built-in and
 * each attached plugin's, drawn by one renderer) on the right, unsaved edits kept per agent in this
 * browser, reviewed old → new and saved with the config version (409: both versions, the operator
 * chooses).
 */
export function KnobsScreen(props: KnobsScreenProps) {
  const data = useKnobsData(props.sessionId);
  if (data.error) return <ErrorState error={data.error} what="the knobs" onRetry={data.retry} />;
  if (!data.session || !data.builtin || !data.validator || !data.index || !data.models) return <KnobsScreenSkeleton />;
  return <KnobsEditor {...props} data={data} />;
}

function KnobsEditor({ sessionId, agentPath, group, renderPreview, data }: KnobsScreenProps & { data: KnobsData }) {
  const asked = agentPath ?? data.agents[0]?.agent.agent_path ?? 'primary';
  // The URL carries a lone surrogate of an agent path as U+FFFD: the agent it names.
  const selected = pathFromUrl(data.agents.map((r) => r.agent.agent_path), asked) ?? asked;
  const agentRow = data.agents.find((r) => r.agent.agent_path === selected);
  const config = data.configByAgent.get(selected);
  const parentPath = agentRow?.agent.parent_path ?? null;
  const parent = parentPath === null ? null : (data.configByAgent.get(parentPath) ?? null);

  const { editsOf, baseVersionOf } = useKnobEdits(sessionId, data.configByAgent);
  const withEdits = agentsWithEdits(data, editsOf);
  const pending = pendingChangesOf(data, withEdits);
  const save = useSaveKnobs(sessionId, withEdits, baseVersionOf, selected);
  const clearDraft = usePendingEditsStore((s) => s.clearDraft);
  const failure = save.failure;
  usePreloadKnobsDialogs();

  return (
    <div className="knobs">
      <div className="knobs__main">
        <KnobsNotices pending={pending} done={save.done} failure={failure} />
        {data.configErrors.map((c) => (
          <ErrorState key={c.agent} error={c.error} what={`${c.agent}'s settings`} onRetry={() => void c.refetch()} />
        ))}
        {agentRow === undefined ? (
          <p className="muted knobs__missing">This session has no agent {selected}.</p>
        ) : config ? (
          <AgentKnobs
            key={`${selected}\n${config.version}`}
            sessionId={sessionId}
            agent={agentRow.agent}
            config={config}
            parent={parent}
            data={data}
            edits={editsOf(selected)}
            group={group}
            serverErrors={failure?.kind === 'invalid' && failure.agent === selected ? failure.errors : null}
            onReview={() => save.setReviewing(true)}
            renderPreview={renderPreview}
          />
        ) : (
          <Skeleton height={480} />
        )}
      </div>

      <ReviewDialog
        open={save.reviewing}
        onOpenChange={save.setReviewing}
        pending={pending}
        saving={save.saving}
        onSave={() => void save.saveAll()}
        onDiscard={(path) => clearDraft(sessionId, path)}
        index={data.index ?? new Map()}
      />
      <ConflictDialog conflict={save.conflict} onResolve={save.resolveConflict} />
    </div>
  );
}

export function KnobsScreenSkeleton() {
  return (
    <div className="knobs" aria-busy="true">
      <div className="knobs__main">
        <Skeleton height={36} />
        <Skeleton height={520} />
      </div>
    </div>
  );
}
