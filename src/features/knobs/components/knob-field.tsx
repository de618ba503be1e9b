import { memo, useId } from 'react';
import { Badge } from '../../../components/status-badge';
import type { KnobItem } from '../lib/knob-layout';
import type { KnobOrigin } from '../lib/knob-origin';
import type { ModelOption } from '../lib/model-options';
import type { PromptChoice } from '../lib/prompt-choices';
import { KnobControl } from './controls/knob-control';
import './knob-field.css';

export interface KnobFieldProps {
  item: KnobItem;
  value: unknown;
  /** Shared by every knob of a group (stable, so unchanged knobs are not redrawn): called with the knob's config key. */
  onChange: (value: unknown, key: string | null) => void;
  onBlur: (key: string | null) => void;
  error: string | undefined;
  /** Where the saved effective value comes from. */
  origin: KnobOrigin;
  /** Edited and not saved yet. */
  unsaved: boolean;
  changedFromDefault: boolean;
  /** "Reset to inherited" is offered when there is something to reset. */
  canReset: boolean;
  resetKnob: (key: string | null) => void;
  /** Choices of a model-alias knob. */
  models: readonly ModelOption[];
  /** The project's prompts, offered by a text knob that suggests prompt paths. */
  prompts: readonly PromptChoice[];
  /** Name the declaring plugin (a plugin knob drawn in a built-in group). */
  showPlugin?: boolean;
  /** A list knob's problems item by item (the knob validator's), shown beside each item once the field has an error. */
  listProblems?: ListProblems;
}

export type ListProblems = (key: string, value: unknown) => { items: (string | null)[] };

/**
 * One knob: label, where its value comes from, its control (controls/, one per kind of knob), its
 * error. Native controls throughout (range, radios, checkbox as a switch): a panel of hundreds of
 * knobs renders in a few milliseconds, and the browser gives keyboard and assistive support.
 */
export const KnobField = memo(function KnobField({ item, value, onChange, onBlur, error, origin, unsaved, changedFromDefault, canReset, resetKnob, models, prompts, showPlugin = false, listProblems }: KnobFieldProps) {
  const id = useId();
  const key = item.key;
  const labelId = `${id}-label`;
  const hintId = `${id}-hint`;
  const control = item.control;
  // A list editor shows each item's problem beside it; the field's own message then only when it is not one of them.
  const itemProblems = error !== undefined && listProblems && item.key !== null && control.control === 'predicate-list' ? listProblems(item.key, value).items : null;
  const ownError = error !== undefined && !itemProblems?.includes(error) ? error : undefined;
  const described = ownError ? `${hintId} ${id}-error` : hintId;
  return (
    <div className={`kf${unsaved ? ' kf--unsaved' : ''}${error ? ' kf--invalid' : ''}`} data-knob={item.key ?? item.id}>
      <div className="kf__head">
        <label className="kf__label" id={labelId} htmlFor={`${id}-control`} title={item.label}>
          {item.label}
        </label>
        {(unsaved || changedFromDefault) && (
          <span className="kf__markers">
            {unsaved && <Badge tone="warn">unsaved</Badge>}
            {changedFromDefault && (
              <span className="kf__changed" title="Changed from the default">
                changed from default
              </span>
            )}
          </span>
        )}
        <span className="kf__origin faint" id={hintId}>
          {origin.text}
          {showPlugin && item.plugin !== null && <> · from {item.plugin}</>}
        </span>
      </div>
      <div className="kf__control">
        <KnobControl
          control={control}
          id={`${id}-control`}
          labelId={labelId}
          describedBy={described}
          value={value}
          invalid={!!error}
          onChange={(v) => onChange(v, key)}
          onBlur={() => onBlur(key)}
          models={models}
          prompts={prompts}
          itemProblems={itemProblems}
        />
        {canReset && (
          <button type="button" className="button button--quiet kf__reset" onClick={() => resetKnob(key)} aria-label={`Reset ${item.label} to inherited`}>
            Reset
          </button>
        )}
      </div>
      {item.description && (
        <p className="kf__description faint" title={item.description}>
          {item.description}
        </p>
      )}
      {ownError && (
        <p className="kf__error" id={`${id}-error`} role="alert">
          {ownError}
        </p>
      )}
    </div>
  );
}, sameField);

/** Props equal for drawing: the origin by its text (it is rebuilt on every render of the group), the rest by identity. */
function sameField(a: KnobFieldProps, b: KnobFieldProps): boolean {
  for (const k of Object.keys(a) as (keyof KnobFieldProps)[]) if (k !== 'origin' && a[k] !== b[k]) return false;
  return Object.keys(a).length === Object.keys(b).length && a.origin.text === b.origin.text;
}
