import { useCallback, useLayoutEffect, useRef } from 'react';
import { Badge } from '../../../components/status-badge';
import type { FlatValues } from '../../../domain/knobs/inheritance';
import type { KnobGroupView, KnobItem } from '../lib/knob-layout';
import type { KnobItemState } from '../lib/knob-origin';
import type { ModelOption } from '../lib/model-options';
import type { PromptChoice } from '../lib/prompt-choices';
import { KnobField, type ListProblems } from './knob-field';
import './knob-group.css';

export interface KnobGroupSectionProps {
  group: KnobGroupView;
  /** What each knob shows, by config key (the saved value, or the unsaved edit over it). */
  values: Readonly<FlatValues>;
  /** The messages shown, by config key. */
  errors: ReadonlyMap<string, string>;
  stateOf: (item: KnobItem, value: unknown) => KnobItemState;
  onEdit: (key: string, value: unknown) => void;
  /** The operator left the knob. */
  onLeave: (key: string) => void;
  onReset: (keys: string[]) => void;
  /** Model choices for a model-alias knob (nullable or not). */
  modelsFor: (item: KnobItem) => readonly ModelOption[];
  prompts: readonly PromptChoice[];
  /** A list knob's problems item by item (the form's validator), for the list editors. */
  listProblems?: ListProblems;
}

/**
 * One group of knobs: its header (a plugin's version, roles and manifest problems), its knobs,
 * reset for the whole group. Each knob gets plain props and shared callbacks, so an edit redraws
 * only the knob it changed (KnobField is memoised).
 */
export function KnobGroupSection({ group, values, errors, stateOf, onEdit, onLeave, onReset, modelsFor, prompts, listProblems }: KnobGroupSectionProps) {
  const plugin = group.plugin;
  // The page's callbacks change with every edit; the knobs get stable ones that call the latest.
  const latest = useRef({ onEdit, onLeave, onReset });
  useLayoutEffect(() => {
    latest.current = { onEdit, onLeave, onReset };
  });
  const change = useCallback((value: unknown, key: string | null) => key !== null && latest.current.onEdit(key, value), []);
  const blur = useCallback((key: string | null) => key !== null && latest.current.onLeave(key), []);
  const reset = useCallback((key: string | null) => key !== null && latest.current.onReset([key]), []);
  const resettable = group.items.filter((i) => i.key !== null && i.knob !== null).map((i) => i.key as string);
  return (
    <section className="kg" aria-labelledby={`kg-${group.id}`}>
      <header className="kg__header">
        <div>
          <h2 className="kg__title" id={`kg-${group.id}`} title={group.label}>
            {plugin ? `Plugin ${group.label}` : group.label}
            {plugin?.version && <span className="faint num"> {plugin.version}</span>}
          </h2>
          {plugin && (
            <span className="kg__roles">
              {plugin.roles.map((r) => (
                <Badge key={r} tone={r === 'compactor' ? 'accent' : 'neutral'}>
                  {r}
                </Badge>
              ))}
              {!plugin.loaded && <Badge tone="danger">{plugin.installed ? 'not loaded' : 'not installed'}</Badge>}
            </span>
          )}
          {group.description && (
            <p className="kg__description muted" title={group.description}>
              {group.description}
            </p>
          )}
        </div>
        {resettable.length > 0 && (
          <button type="button" className="button button--quiet" onClick={() => onReset(resettable)}>
            Reset group to inherited
          </button>
        )}
      </header>
      {group.problems.length > 0 && (
        <div className="kg__problems" role="alert" aria-label={`Problems in ${group.label}'s manifest`}>
          <p className="kg__problems-title">
            {plugin?.installed === false
              ? 'This plugin is not installed.'
              : `This plugin's manifest has ${group.problems.length} ${group.problems.length === 1 ? 'problem' : 'problems'}; it is not loaded (its hooks do not fire, it cannot be delegated to). Its well-formed knobs can still be set.`}
          </p>
          <ul>
            {group.problems.map((p, i) => (
              <li key={i}>{p.message}</li>
            ))}
          </ul>
        </div>
      )}
      {group.items.length === 0 && group.problems.length === 0 && <p className="faint kg__empty">No knobs.</p>}
      <div className="kg__items">
        {group.items.map((item, i) => {
          const heading = item.subgroup !== null && item.subgroup !== (group.items[i - 1]?.subgroup ?? null) ? item.subgroup : null;
          return (
            <div key={item.id} className="kg__item">
              {heading && <h3 className="kg__subgroup">{heading}</h3>}
              <KnobField
                item={item}
                {...fieldProps(item, values, errors, stateOf)}
                onChange={change}
                onBlur={blur}
                resetKnob={reset}
                models={modelsFor(item)}
                prompts={prompts}
                showPlugin={item.plugin !== null && plugin === null}
                listProblems={listProblems}
              />
            </div>
          );
        })}
      </div>
    </section>
  );
}

/** What one knob shows from the form's state: its value and error, where the value comes from, whether it can be reset. */
function fieldProps(item: KnobItem, values: Readonly<FlatValues>, errors: ReadonlyMap<string, string>, stateOf: KnobGroupSectionProps['stateOf']) {
  if (item.key === null || item.knob === null) {
    const state = stateOf(item, item.defaultValue);
    return { value: item.defaultValue, error: undefined, origin: state.origin, unsaved: false, changedFromDefault: false, canReset: false };
  }
  const value = values[item.key];
  const state = stateOf(item, value);
  return { value, error: errors.get(item.key), origin: state.origin, unsaved: state.unsaved, changedFromDefault: state.changedFromDefault, canReset: state.canReset };
}
