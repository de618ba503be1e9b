import { Controller, type Control } from 'react-hook-form';
import { Badge } from '../../../components/status-badge';
import { toFieldName, type KnobFormValues } from '../lib/knob-form';
import type { KnobGroupView, KnobItem } from '../lib/knob-layout';
import type { KnobOrigin } from '../lib/knob-origin';
import type { ModelOption } from '../lib/model-options';
import { KnobField } from './knob-field';

/** What a group needs to know about each knob beyond its declaration. */
export interface KnobItemState {
  origin: KnobOrigin;
  unsaved: boolean;
  changedFromDefault: boolean;
  canReset: boolean;
}

export interface KnobGroupSectionProps {
  group: KnobGroupView;
  control: Control<KnobFormValues>;
  stateOf: (item: KnobItem, value: unknown) => KnobItemState;
  /** Called with the new value after the form has it. */
  onEdit: (key: string, value: unknown) => void;
  onReset: (keys: string[]) => void;
  /** Model choices for a model-alias knob (nullable or not). */
  modelsFor: (item: KnobItem) => readonly ModelOption[];
  prompts: readonly string[];
}

/** One group of knobs: its header (a plugin's version, roles and manifest problems), its knobs, reset for the whole group. */
export function KnobGroupSection({ group, control, stateOf, onEdit, onReset, modelsFor, prompts }: KnobGroupSectionProps) {
  const plugin = group.plugin;
  const resettable = group.items.filter((i) => i.key !== null && i.knob !== null).map((i) => i.key as string);
  return (
    <section className="kg" aria-labelledby={`kg-${group.id}`}>
      <header className="kg__header">
        <div>
          <h2 className="kg__title" id={`kg-${group.id}`}>
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
          {group.description && <p className="kg__description muted">{group.description}</p>}
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
              <ItemField item={item} inPluginGroup={plugin !== null} control={control} stateOf={stateOf} onEdit={onEdit} onReset={onReset} modelsFor={modelsFor} prompts={prompts} />
            </div>
          );
        })}
      </div>
    </section>
  );
}

function ItemField({ item, inPluginGroup, control, stateOf, onEdit, onReset, modelsFor, prompts }: Omit<KnobGroupSectionProps, 'group'> & { item: KnobItem; inPluginGroup: boolean }) {
  if (item.key === null || item.knob === null) {
    const state = stateOf(item, item.defaultValue);
    return (
      <KnobField
        item={item}
        value={item.defaultValue}
        onChange={() => undefined}
        onBlur={() => undefined}
        error={undefined}
        origin={state.origin}
        unsaved={false}
        changedFromDefault={false}
        onReset={null}
        models={[]}
        prompts={prompts}
      />
    );
  }
  const key = item.key;
  return (
    <Controller
      control={control}
      name={toFieldName(key)}
      render={({ field, fieldState }) => {
        const state = stateOf(item, field.value);
        return (
          <KnobField
            item={item}
            value={field.value}
            onChange={(v) => {
              field.onChange(v);
              onEdit(key, v);
            }}
            onBlur={field.onBlur}
            error={fieldState.error?.message}
            origin={state.origin}
            unsaved={state.unsaved}
            changedFromDefault={state.changedFromDefault}
            onReset={state.canReset ? () => onReset([key]) : null}
            models={modelsFor(item)}
            prompts={prompts}
            showPlugin={item.plugin !== null && !inPluginGroup}
          />
        );
      }}
    />
  );
}
