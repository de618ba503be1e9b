import { useQueries, useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { compactionConfigQuery } from '../../../lib/api/endpoints/get-compaction-config';
import { sessionQuery } from '../../../lib/api/endpoints/get-session';
import { pluginsQuery } from '../../../lib/api/endpoints/list-plugins';
import { promptsQuery } from '../../../lib/api/endpoints/list-prompts';
import { agentRows } from '../../../domain/agent-tree';
import type { Schemas } from '../../../domain/contract/types';
import { builtinKnobSchemaQuery } from '../../../lib/api/endpoints/get-knob-schema';
import { modelsQuery } from '../api/list-models';
import { knobIndex, formValidator } from '../lib/knob-form';
import { readPluginListing } from '../lib/plugin-view';
import { usePatternEngineReady } from './use-pattern-engine';
import { promptChoices } from '../lib/prompt-choices';

type AgentCompactionConfig = Schemas['AgentCompactionConfig'];

export type KnobsData = ReturnType<typeof useKnobsData>;

/** Everything the knobs screen reads: the session's agents and their configs, the knob schemas, plugins, models, prompts. */
export function useKnobsData(sessionId: string) {
  const session = useQuery(sessionQuery(sessionId));
  const builtin = useQuery(builtinKnobSchemaQuery());
  const plugins = useQuery(pluginsQuery());
  const models = useQuery(modelsQuery());
  const prompts = useQuery(promptsQuery());
  const agents = useMemo(() => agentRows(session.data?.agents ?? []), [session.data?.agents]);
  const configs = useQueries({
    queries: agents.map((row) => compactionConfigQuery(sessionId, row.agent.agent_path)),
  });
  const promptList = useMemo(() => promptChoices(prompts.data ?? []), [prompts.data]);
  const promptPaths = useMemo(() => promptList.map((p) => p.path), [promptList]);
  const aliases = useMemo(() => (models.data ?? []).map((m) => m.alias), [models.data]);
  // The engine of outside patterns arrives after the form is drawn: the manifests (and so the validator) are read again with it.
  const patterns = usePatternEngineReady();
  // eslint-disable-next-line react-hooks/exhaustive-deps -- the manifest check runs the patterns' engine, which `patterns` says is in
  const pluginViews = useMemo(() => (plugins.data ?? []).map((l) => readPluginListing(l, { modelAliases: aliases })), [plugins.data, aliases, patterns]);
  const index = useMemo(() => (builtin.data ? knobIndex(builtin.data, pluginViews) : null), [builtin.data, pluginViews]);
  const validator = useMemo(() => (index ? formValidator(index, aliases) : null), [index, aliases]);
  const configByAgent = new Map<string, AgentCompactionConfig>();
  agents.forEach((row, i) => {
    const data = configs[i]?.data;
    if (data) configByAgent.set(row.agent.agent_path, data);
  });
  const error = session.error ?? builtin.error ?? plugins.error ?? models.error ?? null;
  const retry = () => {
    for (const q of [session, builtin, plugins, models]) if (q.isError) void q.refetch();
  };
  return {
    session: session.data,
    agents,
    builtin: builtin.data,
    pluginViews,
    models: models.data,
    /** The project's prompts, offered by a prompt-path knob. */
    prompts: promptList,
    /** The prompt paths once read (a prompt path is checked against them); null while unknown. */
    knownPrompts: prompts.data ? promptPaths : null,
    index,
    validator,
    configByAgent,
    configErrors: configs.map((c, i) => ({ agent: agents[i]?.agent.agent_path ?? '', error: c.error, refetch: c.refetch })).filter((c) => c.error),
    error,
    retry,
  };
}
