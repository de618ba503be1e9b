import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { Dialog } from 'radix-ui';
import { describeError } from '../../../lib/api/api-error';
import { useDryRun } from '../../../lib/api/endpoints/dry-run';
import type { Agent, Schemas } from '../../../domain/contract/types';
import { previewRequest } from '../../../domain/knobs/compact-request';
import { flattenConfig } from '../../../domain/knobs/inheritance';
import { pendingEditsKey, storedBaseVersion, usePendingEditsStore } from '../../../stores/pending-knob-edits';
import { knobsHref } from '../../../lib/routes';
import { displayValue } from '../lib/knob-controls';
import { formDefaults, formToFlat, knobResolver, serverErrorsToFields, toFieldName, type KnobFormValues } from '../lib/knob-form';
import { editableItems, groupOfKey, layoutKnobGroups, type KnobItem } from '../lib/knob-layout';
import { describeOrigin, differsFromDefault, inheritedValue, originOf } from '../lib/knob-origin';
import { modelOptions } from '../lib/model-options';
import { attachedPluginsOf } from '../lib/plugin-view';
import { editValue, resetToInherited, type PendingEdits } from '../lib/pending-changes';
import type { useKnobsData } from '../hooks/use-knobs-data';
import { ConfigHistory } from './config-history';
import { KnobGroupSection, type KnobItemState } from './knob-group';
import '../../../components/compact-fields.css';
import '../../../components/dialog.css';

type AgentCompactionConfig = Schemas['AgentCompactionConfig'];
type DryRunResult = Schemas['DryRunResult'];
type KnobsData = ReturnType<typeof useKnobsData>;

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
  /** The session's agent tree, drawn above the groups. */
  agentTree: ReactNode;
}

/** One agent's knobs: its groups (one in view, named in the URL), the form over them, preview and history. */
export function AgentKnobs({ sessionId, agent, config, parent, data, edits, group, serverErrors, onReview, renderPreview, agentTree }: AgentKnobsProps) {
  const setDraft = usePendingEditsStore((s) => s.setDraft);
  const builtin = data.builtin as NonNullable<KnobsData['builtin']>;
  const validator = data.validator as NonNullable<KnobsData['validator']>;
  const models = data.models ?? NO_MODELS;
  const attachedNames = useMemo(() => config.plugins ?? [], [config.plugins]);
  const groups = useMemo(() => layoutKnobGroups(builtin, data.pluginViews, attachedNames), [builtin, data.pluginViews, attachedNames]);
  const items = useMemo(() => editableItems(groups), [groups]);
  const savedFlat = useMemo(() => flattenConfig(config.values), [config.values]);
  const savedForm = useMemo(() => formDefaults(config, items), [config, items]);
  const attached = useMemo(() => attachedPluginsOf(attachedNames, data.pluginViews), [attachedNames, data.pluginViews]);
  const defaultOf = (key: string) => items.find((i) => i.key === key)?.defaultValue;
  const inherited = (key: string) => inheritedValue(key, parent, defaultOf(key));

  // Starting values: saved, then the unsaved edits on top (kept in this browser).
  const [initial] = useState<KnobFormValues>(() => {
    const values = { ...savedForm };
    for (const [key, value] of Object.entries(edits.set)) if (toFieldName(key) in values) values[toFieldName(key)] = value;
    for (const key of edits.unset) if (!(key in edits.set) && toFieldName(key) in values) values[toFieldName(key)] = inherited(key).value;
    return values;
  });
  const resolver = useMemo(() => knobResolver({ validator, plugins: attached, base: savedFlat, saved: formToFlat(savedForm) }), [validator, attached, savedFlat, savedForm]);
  const form = useForm<KnobFormValues>({ mode: 'onTouched', defaultValues: initial, resolver });

  // The daemon's 422 errors land on their fields (and their group comes into view through the notice).
  useEffect(() => {
    if (!serverErrors) return;
    const { fields } = serverErrorsToFields(serverErrors, new Set(items.map((i) => i.key)));
    for (const [name, message] of fields) form.setError(name, { type: 'server', message });
  }, [serverErrors, items, form]);

  // The edits stay tied to the version they were first made on: a newer save elsewhere then answers 409.
  const baseVersion = usePendingEditsStore((s) => storedBaseVersion(s.drafts, pendingEditsKey(sessionId, agent.agent_path))) ?? config.version;
  const onEdit = (key: string, value: unknown) => setDraft(sessionId, agent.agent_path, editValue(edits, config, key, value), baseVersion);

  const onReset = (keys: string[]) => {
    const next = resetToInherited(edits, config, keys);
    setDraft(sessionId, agent.agent_path, next, baseVersion);
    for (const key of keys) {
      const value = next.unset.includes(key) ? inherited(key).value : (savedFlat[key] ?? defaultOf(key) ?? null);
      form.setValue(toFieldName(key), value, { shouldValidate: false });
      form.clearErrors(toFieldName(key));
    }
  };

  const stateOf = (item: KnobItem, value: unknown): KnobItemState => {
    if (item.key === null) return { origin: describeOrigin('default', null), unsaved: false, changedFromDefault: false, canReset: false };
    const key = item.key;
    const saved = originOf(config, key);
    const isSet = key in edits.set;
    const isUnset = !isSet && edits.unset.includes(key);
    let origin = saved;
    if (isSet) origin = { ...saved, text: `was ${displayValue(savedFlat[key] ?? item.defaultValue)} (${saved.text})` };
    if (isUnset) origin = { ...saved, text: `will be ${inherited(key).origin.text} (now ${saved.text})` };
    return { origin, unsaved: isSet || isUnset, changedFromDefault: differsFromDefault(value, item.defaultValue), canReset: saved.source === 'own' || isSet || isUnset };
  };

  // One list of choices per kind of model picker (with or without its null choice), not one per knob and render.
  const modelChoices = useMemo(() => {
    const byKind = new Map<string, ReturnType<typeof modelOptions>>();
    for (const g of groups) {
      for (const { control: c } of g.items) {
        const id = c.control === 'model-picker' ? `${c.nullable}\n${c.nullLabel ?? ''}` : null;
        if (c.control === 'model-picker' && id !== null && !byKind.has(id)) byKind.set(id, modelOptions(models, c.nullable, c.nullLabel, agent.model_alias));
      }
    }
    return byKind;
  }, [groups, models, agent.model_alias]);
  const modelsFor = (item: KnobItem) => {
    const c = item.control;
    return (c.control === 'model-picker' ? modelChoices.get(`${c.nullable}\n${c.nullLabel ?? ''}`) : undefined) ?? NO_MODELS;
  };

  const selectedGroup = groups.find((g) => g.id === group) ?? groups[0];
  const errors = form.formState.errors;
  const errorCount = (groupId: string) => groups.find((g) => g.id === groupId)?.items.filter((i) => i.key !== null && errors[toFieldName(i.key)]).length ?? 0;
  const unsavedIn = (groupId: string) =>
    groups.find((g) => g.id === groupId)?.items.filter((i) => i.key !== null && (i.key in edits.set || edits.unset.includes(i.key))).length ?? 0;

  const hasPending = usePendingHasAny(sessionId);
  const dryRun = useDryRun(sessionId);
  const [previewOpen, setPreviewOpen] = useState(false);
  const [submitProblem, setSubmitProblem] = useState<string | null>(null);
  const whenValid = (then: () => void) =>
    form.handleSubmit(
      () => {
        setSubmitProblem(null);
        then();
      },
      (errs) => {
        const keys = Object.keys(errs);
        const where = groups.filter((g) => g.items.some((i) => i.key !== null && keys.includes(toFieldName(i.key)))).map((g) => g.label);
        setSubmitProblem(`${keys.length} ${keys.length === 1 ? 'knob needs' : 'knobs need'} fixing first (${where.join(', ')}).`);
      },
    );
  const preview = whenValid(() => {
    setPreviewOpen(true);
    dryRun.mutate(previewRequest(agent.agent_path, edits));
  });

  const unsavedHere = Object.keys(edits.set).length + edits.unset.filter((k) => !(k in edits.set)).length;
  const firstErrorGroup = (() => {
    const key = items.find((i) => errors[toFieldName(i.key)])?.key;
    return key ? groupOfKey(groups, key) : null;
  })();

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
          <button type="button" className="button" onClick={() => void preview()} disabled={dryRun.isPending}>
            {dryRun.isPending ? 'Previewing…' : 'Preview on this session'}
          </button>
          <button type="button" className="button button--primary" onClick={() => void whenValid(onReview)()} disabled={!hasPending}>
            Review and save…
          </button>
        </div>
      </header>
      {submitProblem && Object.keys(errors).length > 0 && (
        <div className="knobs-note knobs-note--danger" role="alert">
          {submitProblem}
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
        {agentTree}
        <nav className="knob-groups" aria-label="Knob groups">
          <h2 className="knobs__side-title">Knob groups</h2>
          <ul>
            {groups.map((g, i) => {
              const n = unsavedIn(g.id);
              const e = errorCount(g.id);
              const current = g.id === selectedGroup?.id;
              return (
                <li key={g.id}>
                  {g.plugin && !groups[i - 1]?.plugin && <span className="knob-groups__section">Plugins</span>}
                  <Link
                    to={knobsHref(sessionId, agent.agent_path, g.id)}
                    replace
                    className={current ? 'knob-groups__link knob-groups__link--current' : 'knob-groups__link'}
                    aria-current={current ? 'page' : undefined}
                  >
                    <span className="knob-groups__label">{g.label}</span>
                    {g.problems.length > 0 && (
                      <span className="knob-groups__problem" aria-label="manifest problems">
                        !
                      </span>
                    )}
                    {e > 0 && <span className="knob-groups__errors" aria-label={`${e} invalid`}>{e}</span>}
                    {n > 0 && <span className="knobs-tree__unsaved" aria-label={`${n} unsaved`}>{n}</span>}
                  </Link>
                </li>
              );
            })}
          </ul>
        </nav>
        </div>
        <form className="agent-knobs__form" aria-label={`${agent.agent_path} knobs`} onSubmit={(e) => void whenValid(onReview)(e)} noValidate>
          {selectedGroup && (
            <KnobGroupSection
              group={selectedGroup}
              control={form.control}
              stateOf={stateOf}
              onEdit={onEdit}
              onReset={onReset}
              modelsFor={modelsFor}
              prompts={data.prompts}
              listProblems={validator.listProblems}
            />
          )}
        </form>
        <aside className="agent-knobs__history" aria-label="Recent changes">
          <ConfigHistory sessionId={sessionId} agentPath={agent.agent_path} />
        </aside>
      </div>

      <Dialog.Root open={previewOpen} onOpenChange={setPreviewOpen}>
        <Dialog.Portal>
          <Dialog.Overlay className="mc-overlay" />
          <Dialog.Content className="mc-dialog knobs-preview" aria-describedby={undefined}>
            <header className="mc-dialog__header">
              <div>
                <Dialog.Title className="mc-dialog__title">Preview on this session: {agent.agent_path}</Dialog.Title>
                <p className="muted">
                  A dry run with {unsavedHere === 0 ? 'the saved settings (no unsaved changes)' : `${unsavedHere} unsaved ${unsavedHere === 1 ? 'change' : 'changes'}`} applied. Nothing is saved.
                </p>
              </div>
              <Dialog.Close className="button button--quiet" aria-label="Close">
                ✕
              </Dialog.Close>
            </header>
            <div className="knobs-preview__body">
              {dryRun.isPending && (
                <p className="muted" aria-busy="true">
                  Running the dry run…
                </p>
              )}
              {dryRun.isError && (
                <div className="knobs-note knobs-note--danger" role="alert">
                  Preview failed: {describeError(dryRun.error)}
                </div>
              )}
              {dryRun.data && !dryRun.isPending && renderPreview(dryRun.data)}
            </div>
          </Dialog.Content>
        </Dialog.Portal>
      </Dialog.Root>
    </div>
  );
}

function usePendingHasAny(sessionId: string): boolean {
  return usePendingEditsStore((s) => Object.keys(s.drafts).some((k) => k.startsWith(`${sessionId}\n`)));
}
