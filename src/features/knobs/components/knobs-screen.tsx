import { useQueryClient } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { Link, useNavigate } from 'react-router';
import { ErrorState } from '../../../components/error-state';
import { Skeleton } from '../../../components/skeleton';
import { Badge } from '../../../components/status-badge';
import { describeError, isApiError, isOutcomeUnknown } from '../../../lib/api/api-error';
import { compactionConfigQuery } from '../../../lib/api/endpoints/get-compaction-config';
import { queryKeys } from '../../../lib/api/query-keys';
import type { Schemas } from '../../../domain/contract/types';
import { pendingEditsKey, storedBaseVersion, storedDraft, usePendingEditsStore } from '../../../stores/pending-knob-edits';
import { pathFromUrl } from '../../../domain/text';
import { knobsHref } from '../../../lib/routes';
import { saveCompactionConfig } from '../api/save-config';
import { useKnobsData } from '../hooks/use-knobs-data';
import { pendingByAgent, rebaseEdits, toConfigWrite, isEmpty, type PendingEdits } from '../lib/pending-changes';
import { AgentKnobs } from './agent-knobs';
import { ConflictDialog, type Conflict } from './conflict-dialog';
import { ReviewDialog } from './review-dialog';
import './knobs.css';

type AgentCompactionConfig = Schemas['AgentCompactionConfig'];
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

/** What went wrong the last time Save ran. */
type SaveFailure =
  | { agent: string; kind: 'invalid'; errors: { key: string; message: string }[] }
  | { agent: string; kind: 'other'; error: unknown }
  /** The answer could not be trusted (see isOutcomeUnknown); the config read again does not hold the edits, or could not be read. */
  | { agent: string; kind: 'unknown'; error: unknown; verdict: 'not-saved' | 'unknown' };

/**
 * The knobs screen: the agent tree on the left, the selected agent's knob groups (built-in and
 * each attached plugin's, drawn by one renderer) on the right, unsaved edits kept per agent in this
 * browser, reviewed old → new and saved with the config version (409: both versions, the operator
 * chooses).
 */
export function KnobsScreen({ sessionId, agentPath, group, renderPreview }: KnobsScreenProps) {
  const data = useKnobsData(sessionId);
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const drafts = usePendingEditsStore((s) => s.drafts);
  const setDraft = usePendingEditsStore((s) => s.setDraft);
  const clearDraft = usePendingEditsStore((s) => s.clearDraft);
  const [reviewing, setReviewing] = useState(false);
  const [saving, setSaving] = useState(false);
  const [failure, setFailure] = useState<SaveFailure | null>(null);
  const [conflict, setConflict] = useState<Conflict | null>(null);
  const [saved, setSaved] = useState<string | null>(null);
  /** Agents whose save's answer could not be trusted but whose config, read again, holds the edits. */
  const [reread, setReread] = useState<string[]>([]);

  if (data.error) return <ErrorState error={data.error} what="the knobs" onRetry={data.retry} />;
  if (!data.session || !data.builtin || !data.validator || !data.index || !data.models) return <KnobsScreenSkeleton />;

  const asked = agentPath ?? data.agents[0]?.agent.agent_path ?? 'primary';
  // The URL carries a lone surrogate of an agent path as U+FFFD: the agent it names.
  const selected = pathFromUrl(data.agents.map((r) => r.agent.agent_path), asked) ?? asked;
  const agentRow = data.agents.find((r) => r.agent.agent_path === selected);
  const config = data.configByAgent.get(selected);
  const parentPath = agentRow?.agent.parent_path ?? null;
  const parent = parentPath === null ? null : (data.configByAgent.get(parentPath) ?? null);
  const defaults = new Map([...data.index].map(([key, entry]) => [key, (entry.knob as { default?: unknown }).default]));

  /** An agent's unsaved edits, re-based on its saved config (edits that equal the saved value are not edits). */
  const editsOf = (path: string, cfg: AgentCompactionConfig | undefined): PendingEdits => {
    const stored = storedDraft(drafts, pendingEditsKey(sessionId, path));
    return cfg ? rebaseEdits(stored, cfg) : stored;
  };
  const withEdits = data.agents
    .map((row) => ({ path: row.agent.agent_path, parentPath: row.agent.parent_path, config: data.configByAgent.get(row.agent.agent_path) }))
    .map((a) => ({ ...a, edits: editsOf(a.path, a.config) }))
    .filter((a) => !isEmpty(a.edits));
  const pending = pendingByAgent(
    withEdits.flatMap((a) =>
      a.config ? [{ config: a.config, edits: a.edits, parent: a.parentPath === null ? null : (data.configByAgent.get(a.parentPath) ?? null), defaults }] : [],
    ),
  );

  /** After an answer that could not be trusted: whether the config read again holds the edits ('unknown' when it could not be read). */
  const rereadConfig = async (path: string, base: number, edits: PendingEdits): Promise<'saved' | 'not-saved' | 'unknown'> => {
    try {
      const current = await queryClient.fetchQuery({ ...compactionConfigQuery(sessionId, path), staleTime: 0 });
      return current.version > base && isEmpty(rebaseEdits(edits, current)) ? 'saved' : 'not-saved';
    } catch {
      return 'unknown';
    }
  };

  const saveAll = async () => {
    setSaving(true);
    setFailure(null);
    setSaved(null);
    setReread([]);
    let done = 0;
    const confirmed: string[] = [];
    try {
      for (const a of withEdits) {
        const current = data.configByAgent.get(a.path);
        if (!current) continue;
        const edits = editsOf(a.path, current);
        if (isEmpty(edits)) continue;
        const base = storedBaseVersion(drafts, pendingEditsKey(sessionId, a.path)) ?? current.version;
        try {
          const next = await saveCompactionConfig(sessionId, a.path, toConfigWrite(base, edits));
          queryClient.setQueryData(compactionConfigQuery(sessionId, a.path).queryKey, next);
          clearDraft(sessionId, a.path);
          done += 1;
        } catch (error) {
          if (isOutcomeUnknown(error)) {
            // The daemon may have saved all the same: read the config again and judge by what it holds.
            const verdict = await rereadConfig(a.path, base, edits);
            if (verdict === 'saved') {
              clearDraft(sessionId, a.path);
              confirmed.push(a.path);
              done += 1;
              continue;
            }
            setFailure({ agent: a.path, kind: 'unknown', error, verdict });
          } else if (isApiError(error) && error.status === 409 && error.details) {
            setConflict({ agent: a.path, edits, details: error.details as Conflict['details'] });
          } else if (isApiError(error) && error.status === 422 && Array.isArray(error.details?.errors)) {
            setFailure({ agent: a.path, kind: 'invalid', errors: error.details.errors as { key: string; message: string }[] });
            if (a.path !== selected) void navigate(knobsHref(sessionId, a.path));
          } else {
            setFailure({ agent: a.path, kind: 'other', error });
          }
          // The failure is said on the page, which the review dialog would cover (and hide from assistive tech).
          setReviewing(false);
          return;
        }
      }
      setReviewing(false);
      setSaved(`Saved ${done} ${done === 1 ? 'agent' : 'agents'}.`);
      setReread(confirmed);
    } finally {
      setSaving(false);
      // Inherited values of descendants, the history, the session's figures: all may have changed.
      void queryClient.invalidateQueries({ queryKey: queryKeys.session(sessionId) });
    }
  };

  const resolveConflict = (choice: 'mine' | 'theirs' | 'later') => {
    if (!conflict) return;
    const current = conflict.details.current;
    queryClient.setQueryData(compactionConfigQuery(sessionId, conflict.agent).queryKey, current);
    if (choice === 'mine') setDraft(sessionId, conflict.agent, rebaseEdits(conflict.edits, current), current.version);
    if (choice === 'theirs') {
      const theirs = new Set(conflict.details.changes_since.flatMap((e) => e.changes.map((c) => c.key)));
      const kept = rebaseEdits(conflict.edits, current);
      setDraft(
        sessionId,
        conflict.agent,
        {
          set: Object.fromEntries(Object.entries(kept.set).filter(([k]) => !theirs.has(k))),
          unset: kept.unset.filter((k) => !theirs.has(k)),
        },
        current.version,
      );
    }
    setConflict(null);
    if (choice === 'mine') setReviewing(true);
  };

  const unsavedCount = (path: string) => {
    const e = editsOf(path, data.configByAgent.get(path));
    return Object.keys(e.set).length + e.unset.filter((k) => !(k in e.set)).length;
  };

  const agentTree = (
      <nav className="knobs__agents" aria-label="Agents">
      <h2 className="knobs__side-title">Agents</h2>
      <ul className="knobs-tree">
        {data.agents.map(({ agent, depth }) => {
          const n = unsavedCount(agent.agent_path);
          const current = agent.agent_path === selected;
          return (
            <li key={agent.agent_path}>
              <Link
                to={knobsHref(sessionId, agent.agent_path, group ?? undefined)}
                className={current ? 'knobs-tree__agent knobs-tree__agent--current' : 'knobs-tree__agent'}
                aria-current={current ? 'page' : undefined}
                style={{ paddingLeft: 8 + depth * 14 }}
              >
                {depth > 0 && (
                  <span className="faint" aria-hidden="true">
                    └{' '}
                  </span>
                )}
                <span className="mono knobs-tree__name" title={agent.agent_path}>
                  {agent.agent_path.split('/').pop()}
                </span>
                <span className="faint knobs-tree__model">{agent.model_alias}</span>
                {n > 0 && (
                  <span className="knobs-tree__unsaved" aria-label={`${n} unsaved`}>
                    {n}
                  </span>
                )}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );

  return (
    <div className="knobs">
      <div className="knobs__main">
        {pending.length > 0 && (
          <div className="knobs-pending" role="status">
            <span>
              <Badge tone="warn">unsaved</Badge> {plural(pending.reduce((n, a) => n + a.changes.length, 0), 'change')} on {pending.length} {pending.length === 1 ? 'agent' : 'agents'}, kept in this browser until saved or discarded.
            </span>
          </div>
        )}
        {saved && pending.length === 0 && (
          <div className="knobs-note knobs-note--ok" role="status">
            {saved}
            {reread.length > 0 && ` The daemon's answer for ${reread.join(', ')} could not be trusted; the config read again holds the changes.`}
          </div>
        )}
        {failure?.kind === 'unknown' && (
          <div className="knobs-note knobs-note--danger" role="alert">
            {failure.verdict === 'not-saved'
              ? `Saving ${failure.agent}: the daemon's answer could not be trusted (${describeError(failure.error)}); the config read again shows the changes were not saved. Every edit is kept; saving again is safe.`
              : `Saving ${failure.agent}: the outcome is unknown. The daemon's answer could not be trusted (${describeError(failure.error)}) and the config could not be read again. Every edit is kept; the screen shows the daemon's config once it answers.`}
          </div>
        )}
        {failure?.kind === 'other' && (
          <div className="knobs-note knobs-note--danger" role="alert">
            Saving {failure.agent} failed; every edit is kept. <ErrorState error={failure.error} what="the save" />
          </div>
        )}
        {failure?.kind === 'invalid' && (
          <div className="knobs-note knobs-note--danger" role="alert">
            The daemon refused {failure.agent}&apos;s changes; every edit is kept:
            <ul>
              {failure.errors.map((e) => (
                <li key={e.key}>
                  <span className="mono">{e.key}</span>: {e.message}
                </li>
              ))}
            </ul>
          </div>
        )}
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
            edits={editsOf(selected, config)}
            group={group}
            serverErrors={failure?.kind === 'invalid' && failure.agent === selected ? failure.errors : null}
            onReview={() => setReviewing(true)}
            renderPreview={renderPreview}
            agentTree={agentTree}
          />
        ) : (
          <Skeleton height={480} />
        )}
      </div>

      <ReviewDialog
        open={reviewing}
        onOpenChange={setReviewing}
        pending={pending}
        saving={saving}
        onSave={() => void saveAll()}
        onDiscard={(path) => clearDraft(sessionId, path)}
      />
      <ConflictDialog conflict={conflict} onResolve={resolveConflict} />
    </div>
  );
}

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

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
