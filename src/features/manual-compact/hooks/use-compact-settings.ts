import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { compactionConfigQuery } from '../../../lib/api/endpoints/get-compaction-config';
import { defaultsFrom, requestHash, toRequest, valuesFromRequest, type AgentCompactionConfig, type CompactFormValues, type CompactRequest } from '../../../domain/compaction/compact-form';
import { forgetCompactDraft, keepCompactDraft, loadCompactDraft, sameValues } from '../lib/compact-drafts';

/**
 * The compact dialog's settings: a form that starts from the agent's own config (its "defaults")
 * or from what the operator left unsaved, kept in this browser as they change it (close, failed
 * commit, reload lose nothing) until a commit of them succeeds. Another agent's config pre-fills
 * the form when the agent changes.
 */
export function useCompactSettings(sessionId: string, initialConfig: AgentCompactionConfig) {
  const queryClient = useQueryClient();
  /** The agent's own settings (what "Reset" returns to); the form starts from what the operator left, if anything. */
  const [baseline, setBaseline] = useState(() => defaultsFrom(initialConfig));
  const [restored] = useState(() => loadCompactDraft(sessionId, initialConfig.agent_path));
  const form = useForm<CompactFormValues>({ mode: 'onChange', defaultValues: restored?.values ?? baseline });
  const values = useWatch({ control: form.control }) as CompactFormValues;
  const { data: config } = useQuery(compactionConfigQuery(sessionId, values.agentPath));
  const [switching, setSwitching] = useState<{ error: unknown } | 'loading' | null>(null);
  const request = useMemo(() => toRequest(values), [values]);
  const currentHash = requestHash(sessionId, request);
  /** The settings of the last successful commit: no longer the operator's unsaved work. */
  const [committedHash, setCommittedHash] = useState<string | null>(null);
  const unsaved = values.agentPath === baseline.agentPath && !sameValues(values, baseline) && committedHash !== currentHash;

  useEffect(() => {
    if (values.agentPath !== baseline.agentPath) return;
    if (unsaved) keepCompactDraft(sessionId, values);
    else forgetCompactDraft(sessionId, values.agentPath);
  }, [sessionId, values, baseline.agentPath, unsaved]);

  /** Another agent: its own config pre-fills the form. */
  const changeAgent = async (path: string) => {
    if (path === values.agentPath) return;
    setSwitching('loading');
    try {
      const next = defaultsFrom(await queryClient.fetchQuery(compactionConfigQuery(sessionId, path)));
      setBaseline(next);
      form.reset(loadCompactDraft(sessionId, path)?.values ?? next);
      setSwitching(null);
    } catch (error) {
      setSwitching({ error });
    }
  };

  return {
    form,
    values,
    request,
    currentHash,
    /** The agent's config as the daemon has it (the form's agent). */
    config,
    unsaved,
    /** Loading another agent's config, or why it could not be. */
    switching,
    changeAgent,
    /** Back to the agent's own settings. */
    reset: () => form.reset(baseline),
    /** A proposal's settings back in the form. */
    adopt: (proposal: CompactRequest) => form.reset(valuesFromRequest(proposal, defaultsFrom(config ?? initialConfig))),
    /** A commit of these settings succeeded: they are no longer unsaved work. */
    committed: (hash: string, agentPath: string) => {
      setCommittedHash(hash);
      forgetCompactDraft(sessionId, agentPath);
    },
  };
}
