import { useMemo, useState } from 'react';
import type { Schemas } from '../../../domain/contract/types';
import type { AttachedPlugin } from '../../../domain/knobs/cross-field';
import { flattenConfig } from '../../../domain/knobs/inheritance';
import type { KnobValidator } from '../../../domain/knobs/knob-validator';
import { patternEngineReady } from '../../../domain/knobs/outside-pattern';
import { pendingEditsKey, storedBaseVersion, usePendingEditsStore } from '../../../stores/pending-knob-edits';
import { revertEdits } from '../lib/config-versions';
import { problemsNotice, savedValues, shownValues } from '../lib/knob-form';
import type { EditableItem, KnobGroupView, KnobItem } from '../lib/knob-layout';
import { inheritedValue, knobState } from '../lib/knob-origin';
import { editValue, resetToInherited, type PendingEdits } from '../lib/pending-changes';
import { useKnobChecks } from './use-knob-checks';
import { loadPatternEngine } from './use-pattern-engine';

type AgentCompactionConfig = Schemas['AgentCompactionConfig'];
type ConfigChangeEvent = Schemas['ConfigChangeEvent'];

export interface KnobFormInput {
  sessionId: string;
  agentPath: string;
  config: AgentCompactionConfig;
  parent: AgentCompactionConfig | null;
  groups: readonly KnobGroupView[];
  items: readonly EditableItem[];
  validator: KnobValidator;
  attached: readonly AttachedPlugin[];
  /** The agent's unsaved edits (from the pending store). */
  edits: PendingEdits;
  /** The daemon's field errors from the last save of this agent. */
  serverErrors: readonly { key: string; message: string }[] | null;
  /** The project's prompt paths once read; null while unknown. */
  prompts: readonly string[] | null;
}

/**
 * One agent's knob form: the values the knobs show (saved, with the unsaved edits of the pending
 * store over them: an edit is written there and only there), their checks, and the handlers of
 * an edit, a knob left, a reset to inherited, and a preview or save asked for.
 */
export function useKnobForm({ sessionId, agentPath, config, parent, groups, items, validator, attached, edits, serverErrors, prompts }: KnobFormInput) {
  const setDraft = usePendingEditsStore((s) => s.setDraft);
  // The edits stay tied to the version they were first made on: a newer save elsewhere then answers 409.
  const baseVersion = usePendingEditsStore((s) => storedBaseVersion(s.drafts, pendingEditsKey(sessionId, agentPath))) ?? config.version;
  const savedFlat = useMemo(() => flattenConfig(config.values), [config.values]);
  const saved = useMemo(() => savedValues(config, items), [config, items]);
  const values = useMemo(() => shownValues(saved, edits, (key) => inheritedValue(key, parent, items.find((i) => i.key === key)?.defaultValue).value), [saved, edits, parent, items]);
  const options = useMemo(() => ({ validator, plugins: attached, base: savedFlat, saved, prompts }), [validator, attached, savedFlat, saved, prompts]);
  const keys = useMemo(() => new Set(items.map((i) => i.key)), [items]);
  const checks = useKnobChecks(values, options, keys, serverErrors);
  // Asked to preview or save while knobs had problems: the notice then follows the problems left, and goes with the last one.
  const [asked, setAsked] = useState(false);
  if (asked && checks.errors.size === 0) setAsked(false);
  const submitProblem = asked ? problemsNotice(checks.errors, groups) : null;

  const onEdit = (key: string, value: unknown) => {
    setDraft(sessionId, agentPath, editValue(edits, config, key, value), baseVersion);
    checks.edit(key);
  };
  const onReset = (resetKeys: readonly string[]) => {
    setDraft(sessionId, agentPath, resetToInherited(edits, config, resetKeys), baseVersion);
    for (const key of resetKeys) checks.clear(key);
  };
  /**
   * Runs `then` when every knob is valid; otherwise shows every problem and says where they are.
   * Asked before the engine of outside patterns is in (it loads once the form is drawn), it waits
   * for it; if it cannot be had, the daemon's checks stand in for its (use-pattern-engine.ts).
   */
  const whenValid = (then: () => void) => {
    const check = () => {
      const problems = checks.checkAll();
      setAsked(problems.size > 0);
      if (problems.size === 0) then();
    };
    if (patternEngineReady()) check();
    else void loadPatternEngine().then(check);
  };
  const inherited = (key: string) => inheritedValue(key, parent, items.find((i) => i.key === key)?.defaultValue).value;
  /** The values of an earlier `version` as unsaved edits (over the others), from the saves after it; false when those are not all known. */
  const revertTo = (events: readonly ConfigChangeEvent[], version: number): boolean => {
    const next = revertEdits(config, events, version, edits, inherited);
    if (next === null) return false;
    setDraft(sessionId, agentPath, next, baseVersion);
    return true;
  };
  const stateOf = (item: KnobItem, value: unknown) => knobState(item, value, { config, parent, savedFlat, edits });
  return { values, errors: checks.errors, onEdit, onLeave: checks.touch, onReset, whenValid, submitProblem, stateOf, revertTo };
}
