import { memo, useId, useRef, useState, type ReactNode } from 'react';
import { Badge } from '../../../components/status-badge';
import { displayValue, type ControlOption, type KnobControl } from '../lib/knob-controls';
import type { KnobItem } from '../lib/knob-layout';
import type { KnobOrigin } from '../lib/knob-origin';
import type { ModelOption } from '../lib/model-options';
import { addPredicate, PREDICATE_ROLES, predicateName, predicateRows, removePredicate, setPredicateField, type PredicateField } from '../lib/predicate-edit';

/** The value standing for a knob's null choice in controls that only carry strings. */
const NULL_CHOICE = '\u0000null';
const toChoice = (v: string | null): string => (v === null ? NULL_CHOICE : v);
const fromChoice = (v: string): string | null => (v === NULL_CHOICE ? null : v);

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
  /** Suggestions of a text knob that suggests prompt paths. */
  prompts: readonly string[];
  /** Name the declaring plugin (a plugin knob drawn in a built-in group). */
  showPlugin?: boolean;
  /** A list knob's problems item by item (the knob validator's), shown beside each item once the field has an error. */
  listProblems?: ListProblems;
}

export type ListProblems = (key: string, value: unknown) => { items: (string | null)[] };

/**
 * One knob: label, where its value comes from, its control (one renderer for every kind), its
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
        <Control
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

interface ControlProps {
  control: KnobControl;
  id: string;
  labelId: string;
  describedBy: string;
  value: unknown;
  invalid: boolean;
  onChange: (value: unknown) => void;
  onBlur: () => void;
  models: readonly ModelOption[];
  prompts: readonly string[];
  itemProblems: readonly (string | null)[] | null;
}

function Control(props: ControlProps) {
  const { control, id, labelId, describedBy, value, invalid, onChange, onBlur } = props;
  const aria = { id, 'aria-labelledby': labelId, 'aria-describedby': describedBy, 'aria-invalid': invalid || undefined } as const;
  switch (control.control) {
    case 'slider':
      return <RangeControl {...props} control={control} />;
    case 'segmented':
      return <Segmented options={control.options} {...props} />;
    case 'select':
      return (
        <div className="kf__stack">
          <select {...aria} className="kf-select" value={toChoice(value as string | null)} onChange={(e) => onChange(fromChoice(e.target.value))} onBlur={onBlur}>
            {control.options.map((o) => (
              <option key={toChoice(o.value)} value={toChoice(o.value)}>
                {o.description ? `${o.label} — ${o.description}` : o.label}
              </option>
            ))}
            {!control.options.some((o) => o.value === value) && <option value={toChoice(value as string | null)}>{displayValue(value)} (not an option)</option>}
          </select>
          <OptionDescription options={control.options} value={value} />
        </div>
      );
    case 'input':
    case 'textarea':
      return <TextControl {...props} control={control} />;
    case 'switch':
      return (
        <input {...aria} type="checkbox" role="switch" className="kf-switch" checked={value === true} onChange={(e) => onChange(e.target.checked)} onBlur={onBlur} />
      );
    case 'model-picker':
      return <ModelPicker {...props} />;
    case 'string-list':
      return <ListControl {...props} control={control} />;
    case 'predicate-list':
      return <PredicateControl {...props} />;
    case 'read-only':
      return (
        <div className="kf__stack">
          <span className="kf__readonly mono" id={id} aria-labelledby={labelId}>
            {displayValue(value)}
          </span>
          <p className="kf__notice" role="note">
            {control.notice}
          </p>
        </div>
      );
  }
}

function RangeControl({ control, id, labelId, describedBy, value, invalid, onChange, onBlur }: ControlProps & { control: Extract<KnobControl, { control: 'slider' }> }) {
  const [text, setText] = useState<string | null>(null);
  const valid = typeof value === 'number' && Number.isFinite(value);
  const num = valid ? Math.min(Math.max(value, control.min), control.max) : control.min;
  const shown = text ?? (valid ? String(value) : '');
  const unit = control.unit ? ` ${control.unit}` : '';
  return (
    <div className="kf-range">
      {/* The browser keeps the slider on min + k·step; the number beside it takes any value, which the form then checks. */}
      <input
        type="range"
        className="kf-slider"
        min={control.min}
        max={control.max}
        step={control.step}
        value={num}
        aria-labelledby={labelId}
        aria-describedby={describedBy}
        aria-invalid={invalid || undefined}
        aria-valuetext={valid ? `${value}${unit}` : `not set${unit}`}
        onChange={(e) => {
          setText(null);
          onChange(Number(Number(e.target.value).toFixed(Math.min(12, control.decimals))));
        }}
        onBlur={onBlur}
      />
      <input
        id={id}
        className="kf-input kf-range__input num"
        type="number"
        inputMode="decimal"
        min={control.min}
        max={control.max}
        step={control.step}
        aria-labelledby={labelId}
        aria-describedby={describedBy}
        aria-invalid={invalid || undefined}
        value={shown}
        onChange={(e) => {
          setText(e.target.value);
          onChange(e.target.value.trim() === '' ? '' : Number(e.target.value));
        }}
        onBlur={() => {
          setText(null);
          onBlur();
        }}
      />
      <span className="kf-range__unit faint" title={control.unit ?? undefined}>
        {`${control.unit ?? ''} ${control.min}–${control.max}, step ${control.step}`.trim()}
      </span>
    </div>
  );
}

function OptionDescription({ options, value }: { options: readonly ControlOption[]; value: unknown }) {
  const chosen = options.find((o) => o.value === value);
  return chosen?.description ? <p className="kf__option-description faint">{chosen.description}</p> : null;
}

/** Native radios drawn as a segmented control: arrow keys move and choose, Tab leaves the group, each option named by its label. */
function Segmented({ options, id, labelId, describedBy, value, invalid, onChange, onBlur }: ControlProps & { options: readonly ControlOption[] }) {
  const described = options.some((o) => o.description);
  return (
    <div className="kf__stack">
      <div id={id} role="radiogroup" className="kf-segmented" aria-labelledby={labelId} aria-describedby={describedBy} aria-invalid={invalid || undefined}>
        {options.map((o) => (
          <label key={toChoice(o.value)} className="kf-segmented__item" title={o.description ?? undefined}>
            <input type="radio" className="kf-segmented__input" name={id} value={toChoice(o.value)} checked={o.value === value} onChange={() => onChange(o.value)} onBlur={onBlur} />
            {o.label}
          </label>
        ))}
      </div>
      {described && (
        <dl className="kf-options">
          {options.map((o) =>
            o.description ? (
              <div key={toChoice(o.value)} className={o.value === value ? 'kf-options__item kf-options__item--chosen' : 'kf-options__item'}>
                <dt>{o.label}</dt>
                <dd>{o.description}</dd>
              </div>
            ) : null,
          )}
        </dl>
      )}
    </div>
  );
}

function TextControl({ control, id, labelId, describedBy, value, invalid, onChange, onBlur, prompts }: ControlProps & { control: Extract<KnobControl, { control: 'input' | 'textarea' }> }) {
  const text = typeof value === 'string' ? value : value === null || value === undefined ? '' : String(value);
  const listId = control.suggest === 'prompts' ? `${id}-suggest` : undefined;
  const common = { id, 'aria-labelledby': labelId, 'aria-describedby': describedBy, 'aria-invalid': invalid || undefined, value: text, onBlur } as const;
  const limits: ReactNode[] = [];
  if (control.maxLength !== null) limits.push(<span key="len" className={text.length > control.maxLength ? 'kf__over' : undefined}>{`${text.length} / ${control.maxLength} characters`}</span>);
  if (control.pattern !== null) limits.push(<span key="pattern" className="mono">{`pattern ${control.pattern}`}</span>);
  return (
    <div className="kf__stack kf__stack--grow">
      {control.control === 'textarea' ? (
        <textarea {...common} className="kf-input kf-textarea" rows={3} onChange={(e) => onChange(e.target.value)} />
      ) : (
        <input {...common} className="kf-input kf-text" type="text" list={listId} onChange={(e) => onChange(e.target.value)} />
      )}
      {listId && (
        <datalist id={listId}>
          {prompts.map((p) => (
            <option key={p} value={p} />
          ))}
        </datalist>
      )}
      {limits.length > 0 && <span className="kf__limits faint">{limits}</span>}
    </div>
  );
}

function ModelPicker({ id, labelId, describedBy, value, invalid, onChange, onBlur, models }: ControlProps) {
  const chosen = models.find((m) => m.value === value);
  return (
    <div className="kf__stack kf__stack--grow">
      <select
        id={id}
        className="kf-select"
        aria-labelledby={labelId}
        aria-describedby={describedBy}
        aria-invalid={invalid || undefined}
        value={toChoice(value as string | null)}
        onChange={(e) => onChange(fromChoice(e.target.value))}
        onBlur={onBlur}
      >
        {models.map((m) => (
          <option key={toChoice(m.value)} value={toChoice(m.value)}>
            {[m.label, m.model, m.window].filter(Boolean).join(' · ')}
          </option>
        ))}
        {!chosen && <option value={toChoice(value as string | null)}>{displayValue(value)} (unknown alias)</option>}
      </select>
      {chosen && (
        <span className="kf__model faint">
          {chosen.model && <span className="mono">{chosen.model}</span>}
          {chosen.window && <span>window {chosen.window}</span>}
          <span>{chosen.price ?? 'price not known'}</span>
        </span>
      )}
    </div>
  );
}

function ListControl({ control, id, labelId, describedBy, value, invalid, onChange, onBlur }: ControlProps & { control: Extract<KnobControl, { control: 'string-list' }> }) {
  const [text, setText] = useState<string | null>(null);
  const items = Array.isArray(value) ? value.map(String) : [];
  const limits = [control.maxItems !== null ? `at most ${control.maxItems} items` : null, control.itemMaxLength !== null ? `each up to ${control.itemMaxLength} characters` : null, control.itemPattern !== null ? `pattern ${control.itemPattern}` : null].filter(Boolean);
  return (
    <div className="kf__stack kf__stack--grow">
      <textarea
        id={id}
        className="kf-input kf-textarea mono"
        rows={Math.min(6, Math.max(2, items.length + 1))}
        aria-labelledby={labelId}
        aria-describedby={describedBy}
        aria-invalid={invalid || undefined}
        value={text ?? items.join('\n')}
        onChange={(e) => {
          setText(e.target.value);
          onChange(
            e.target.value
              .split('\n')
              .map((s) => s.trim())
              .filter((s) => s !== ''),
          );
        }}
        onBlur={() => {
          setText(null);
          onBlur();
        }}
      />
      <span className="kf__limits faint">One per line{limits.length > 0 ? ` · ${limits.join(' · ')}` : ''}</span>
    </div>
  );
}

const PREDICATE_TEXT_FIELDS: readonly { field: Exclude<PredicateField, 'role'>; label: string; mono: boolean }[] = [
  { field: 'id', label: 'Id', mono: true },
  { field: 'description', label: 'Description', mono: false },
  { field: 'content_regex', label: 'Content regex', mono: true },
  { field: 'tool_name', label: 'Tool name', mono: true },
];

/** The always-keep predicates, one editable row each (id, description and what it matches on: role, content regex, tool name). */
function PredicateControl({ id, labelId, describedBy, value, onChange, onBlur, itemProblems }: ControlProps) {
  const rows = predicateRows(value);
  // Keyboard flow: a new predicate takes the focus on its id; removing one hands it to "Add predicate".
  const focusRow = useRef<number | null>(null);
  const addButton = useRef<HTMLButtonElement>(null);
  const focusIfNew = (i: number) => (el: HTMLInputElement | null) => {
    if (el !== null && focusRow.current === i) {
      focusRow.current = null;
      el.focus();
    }
  };
  return (
    <div
      className="kf__stack kf__stack--grow"
      id={id}
      role="group"
      aria-labelledby={labelId}
      aria-describedby={describedBy}
      // Touched when the focus leaves the editor, not when it moves between its fields (nothing shifts under the pointer mid-edit).
      onBlur={(e) => {
        if (!(e.relatedTarget instanceof Node && e.currentTarget.contains(e.relatedTarget))) onBlur();
      }}
    >
      {rows.length === 0 && <p className="faint kf-predicates__empty">No predicates: nothing is always kept beyond the system prompt and the first operator message.</p>}
      {rows.length > 0 && (
        <ol className="kf-predicates">
          {rows.map((row, i) => {
            const name = predicateName(row, i);
            const problem = itemProblems?.[i] ?? null;
            const problemId = `${id}-p${i}-problem`;
            const fieldAria = { 'aria-describedby': problem !== null ? problemId : undefined } as const;
            return (
              // Rows have no identity but their place: an id is one of the fields being edited.
              <li key={i} className={problem ? 'kf-predicate kf-predicate--invalid' : 'kf-predicate'} role="group" aria-label={`Predicate ${name}`}>
                {row.kind === 'other' ? (
                  <span className="mono kf-predicate__raw">Not a predicate: {row.text}</span>
                ) : (
                  <div className="kf-predicate__fields">
                    {PREDICATE_TEXT_FIELDS.slice(0, 2).map((f) => (
                      <PredicateText
                        key={f.field}
                        {...f}
                        inputRef={f.field === 'id' ? focusIfNew(i) : undefined}
                        text={row.fields[f.field]}
                        aria={fieldAria}
                        onText={(t) => onChange(setPredicateField(value, i, f.field, t))}
                      />
                    ))}
                    <label className="kf-predicate__field">
                      <span className="kf-predicate__label">Role</span>
                      <select className="kf-select" value={row.fields.role} {...fieldAria} onChange={(e) => onChange(setPredicateField(value, i, 'role', e.target.value))}>
                        <option value="">any role</option>
                        {PREDICATE_ROLES.map((r) => (
                          <option key={r} value={r}>
                            {r}
                          </option>
                        ))}
                        {row.fields.role !== '' && !(PREDICATE_ROLES as readonly string[]).includes(row.fields.role) && <option value={row.fields.role}>{row.fields.role} (not a role)</option>}
                      </select>
                    </label>
                    {PREDICATE_TEXT_FIELDS.slice(2).map((f) => (
                      <PredicateText key={f.field} {...f} text={row.fields[f.field]} aria={fieldAria} onText={(t) => onChange(setPredicateField(value, i, f.field, t))} />
                    ))}
                  </div>
                )}
                <button type="button" className="button button--quiet kf-predicate__remove" onClick={() => {
                    onChange(removePredicate(value, i));
                    addButton.current?.focus();
                  }}
                  aria-label={`Remove predicate ${name}`}>
                  Remove
                </button>
                {problem && (
                  <p className="kf__error kf-predicate__problem" id={problemId} role="alert">
                    {problem}
                  </p>
                )}
              </li>
            );
          })}
        </ol>
      )}
      <div>
        <button
          type="button"
          className="button"
          ref={addButton}
          onClick={() => {
            focusRow.current = rows.length;
            onChange(addPredicate(value));
          }}
        >
          Add predicate
        </button>
      </div>
    </div>
  );
}

interface PredicateTextProps {
  label: string;
  mono: boolean;
  text: string;
  aria: Record<string, unknown>;
  inputRef?: ((el: HTMLInputElement | null) => void) | undefined;
  onText: (text: string) => void;
}

function PredicateText({ label, mono, text, aria, inputRef, onText }: PredicateTextProps) {
  return (
    <label className="kf-predicate__field">
      <span className="kf-predicate__label">{label}</span>
      <input ref={inputRef} type="text" className={mono ? 'kf-input mono' : 'kf-input'} value={text} {...aria} onChange={(e) => onText(e.target.value)} />
    </label>
  );
}
