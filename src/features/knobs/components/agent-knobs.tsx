import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import type { Agent, Schemas } from '../../../domain/contract/types';
import { previewRequest } from '../../../domain/knobs/compact-request';
import { useWholeProposal } from '../../../hooks/use-whole-proposal';
import { useDryRun } from '../../../lib/api/endpoints/dry-run';
import { afterNextFrame } from '../../../lib/idle';
import { knobsHref } from '../../../lib/routes';
import { useHasPendingEdits } from '../hooks/use-knob-edits';
import { useKnobForm } from '../hooks/use-knob-form';
import { loadPatternEngine } from '../hooks/use-pattern-engine';
import type { KnobsData } from '../hooks/use-knobs-data';
import { editableItems, groupOfKey, layoutKnobGroups, type KnobItem } from '../lib/knob-layout';
import { choicesFor, modelChoicesByKind } from '../lib/model-options';
import { attachedPluginsOf } from '../lib/plugin-view';
import { countEdits, type PendingEdits } from '../lib/pending-changes';
import { AgentTree } from './agent-tree';
import { ConfigHistory } from './config-history';
import { KnobGroupSection } from './knob-group';
import { KnobGroupsNav } from './knob-groups-nav';
import { KnobsPreviewDialog } from './knobs-dialogs';
import '../../../components/compact-fields.css';
import '../../../components/dialog.css';
import './knobs-notices.css';
import './agent-knobs.css';

type AgentCompactionConfig = Schemas['AgentCompactionConfig'];
type DryRunResult = Schemas['DryRunResult'];

const NO_MODELS: readonly never[] = [];

interface AgentKnobsProps {
  sessionId: string;
  agent: Agent;
  config: AgentCompactionConfig;
  parent: AgentCompactionConfig | null;
  data: KnobsData;
  edits: PendingEdits;
  group: string | null;
  /** The daemon's field errors from the last save of this agent. */
  serverErrors: readonly { key: string; message: string }[] | null;
  onReview: () => void;
  renderPreview: (result: DryRunResult) => ReactNode;
}

/** One agent's knobs: the agent tree and its groups (one in view, named in the URL), the form over them, preview and history. */
export function AgentKnobs({ sessionId, agent, config, parent, data, edits, group, serverErrors, onReview, renderPreview }: AgentKnobsProps) {
  const builtin = data.builtin as NonNullable<KnobsData['builtin']>;
  const validator = data.validator as NonNullable<KnobsData['validator']>;
  const models = data.models ?? NO_MODELS;
  const attachedNames = useMemo(() => config.plugins ?? [], [config.plugins]);
  const groups = useMemo(() => layoutKnobGroups(builtin, data.pluginViews, attachedNames), [builtin, data.pluginViews, attachedNames]);
  const items = useMemo(() => editableItems(groups), [groups]);
  const attached = useMemo(() => attachedPluginsOf(attachedNames, data.pluginViews), [attachedNames, data.pluginViews]);
  // The engine of outside patterns, once the form has been drawn (before, a pattern is not checked yet; nothing shows a problem before the operator acts).
  useEffect(() => afterNextFrame(() => void loadPatternEngine()), []);
  const form = useKnobForm({ sessionId, agentPath: agent.agent_path, config, parent, groups, items, validator, attached, edits, serverErrors, prompts: data.knownPrompts });

  // One list of choices per kind of model picker (with or without its null choice), not one per knob and render.
  const modelChoices = useMemo(() => modelChoicesByKind(groups.flatMap((g) => g.items.map((i) => i.control)), models, agent.model_alias), [groups, models, agent.model_alias]);
  const modelsFor = (item: KnobItem) => choicesFor(modelChoices, item.control) ?? NO_MODELS;

  const selectedGroup = groups.find((g) => g.id === group) ?? groups[0];
  const hasPending = useHasPendingEdits(sessionId);
  const dryRun = useDryRun(sessionId);
  // The first rows of a preview at once, the whole list once read from the same proposal.
  const answered = useMemo(() => (dryRun.data ? { result: dryRun.data } : null), [dryRun.data]);
  const whole = useWholeProposal(sessionId, answered);
  const [previewOpen, setPreviewOpen] = useState(false);
  const preview = () =>
    form.whenValid(() => {
      setPreviewOpen(true);
      dryRun.mutate(previewRequest(agent.agent_path, edits));
    });
  const firstErrorKey = items.find((i) => form.errors.has(i.key))?.key;
  const firstErrorGroup = firstErrorKey ? groupOfKey(groups, firstErrorKey) : null;

  return (
    <div className="agent-knobs">
      <header className="agent-knobs__header">
        <div>
          <h1 className="agent-knobs__title mono" title={agent.agent_path}>
            {agent.agent_path}
          </h1>
          <p className="muted agent-knobs__sub">
            {agent.model_alias} · {agent.model} · config version {config.version}
            {config.plugins && config.plugins.length > 0 ? ` · plugins: ${config.plugins.join(', ')}` : ' · no plugins'}
            {agent.parent_path && (
              <>
                {' '}
                · inherits from <span className="mono">{agent.parent_path}</span>
              </>
            )}
          </p>
        </div>
        <div className="agent-knobs__actions">
          <button type="button" className="button" onClick={preview} disabled={dryRun.isPending}>
            {dryRun.isPending ? 'Previewing…' : 'Preview on this session'}
          </button>
          <button type="button" className="button button--primary" onClick={() => form.whenValid(onReview)} disabled={!hasPending}>
            Review and save…
          </button>
        </div>
      </header>
      {form.submitProblem && form.errors.size > 0 && (
        <div className="knobs-note knobs-note--danger" role="alert">
          {form.submitProblem}
          {firstErrorGroup && firstErrorGroup !== selectedGroup?.id && (
            <>
              {' '}
              <Link to={knobsHref(sessionId, agent.agent_path, firstErrorGroup)}>Show the first</Link>
            </>
          )}
        </div>
      )}
      <div className="agent-knobs__body">
        <div className="agent-knobs__side">
          <AgentTree sessionId={sessionId} data={data} selected={agent.agent_path} group={group} />
          <KnobGroupsNav sessionId={sessionId} agentPath={agent.agent_path} groups={groups} current={selectedGroup?.id} errors={form.errors} edits={edits} />
        </div>
        <form
          className="agent-knobs__form"
          aria-label={`${agent.agent_path} knobs`}
          onSubmit={(e) => {
            e.preventDefault();
            form.whenValid(onReview);
          }}
          noValidate
        >
          {selectedGroup && (
            <KnobGroupSection
              group={selectedGroup}
              values={form.values}
              errors={form.errors}
              stateOf={form.stateOf}
              onEdit={form.onEdit}
              onLeave={form.onLeave}
              onReset={form.onReset}
              modelsFor={modelsFor}
              prompts={data.prompts}
              listProblems={validator.listProblems}
            />
          )}
        </form>
        <aside className="agent-knobs__history" aria-label="Recent changes">
          <ConfigHistory
            sessionId={sessionId}
            agentPath={agent.agent_path}
            config={config}
            onRevert={(events, version) => {
              if (form.revertTo(events, version)) onReview();
            }}
          />
        </aside>
      </div>
      <KnobsPreviewDialog open={previewOpen} onOpenChange={setPreviewOpen} agentPath={agent.agent_path} unsaved={countEdits(edits)} dryRun={dryRun} whole={whole} onPreviewAgain={preview} renderPreview={renderPreview} />
    </div>
  );
}
