import { Slider, Switch, ToggleGroup } from 'radix-ui';
import { useId, useState, type ReactNode } from 'react';
import { Badge } from '../../../components/status-badge';
import { displayValue, type ControlOption, type KnobControl } from '../lib/knob-controls';
import type { KnobItem } from '../lib/knob-layout';
import type { KnobOrigin } from '../lib/knob-origin';
import type { ModelOption } from '../lib/model-options';

/** The value standing for a knob's null choice in controls that only carry strings. */
const NULL_CHOICE = '\u0000null';
const toChoice = (v: string | null): string => (v === null ? NULL_CHOICE : v);
const fromChoice = (v: string): string | null => (v === NULL_CHOICE ? null : v);

export interface KnobFieldProps {
  item: KnobItem;
  value: unknown;
  onChange: (value: unknown) => void;
  onBlur: () => void;
  error: string | undefined;
  /** Where the saved effective value comes from. */
  origin: KnobOrigin;
  /** Edited and not saved yet. */
  unsaved: boolean;
  changedFromDefault: boolean;
  /** "Reset to inherited", when there is something to reset. */
  onReset: (() => void) | null;
  /** Choices of a model-alias knob. */
  models: readonly ModelOption[];
  /** Suggestions of a text knob that suggests prompt paths. */
  prompts: readonly string[];
  /** Name the declaring plugin (a plugin knob drawn in a built-in group). */
  showPlugin?: boolean;
}

/** One knob: label, where its value comes from, its control (one renderer for every kind), its error. */
export function KnobField({ item, value, onChange, onBlur, error, origin, unsaved, changedFromDefault, onReset, models, prompts, showPlugin = false }: KnobFieldProps) {
  const id = useId();
  const labelId = `${id}-label`;
  const hintId = `${id}-hint`;
  const control = item.control;
  const described = error ? `${hintId} ${id}-error` : hintId;
  return (
    <div className={`kf${unsaved ? ' kf--unsaved' : ''}${error ? ' kf--invalid' : ''}`} data-knob={item.key ?? item.id}>
      <div className="kf__head">
        <label className="kf__label" id={labelId} htmlFor={`${id}-control`}>
          {item.label}
        </label>
        <span className="kf__markers">
          {unsaved && <Badge tone="warn">unsaved</Badge>}
          {changedFromDefault && (
            <span className="kf__changed" title="Changed from the default">
              changed from default
            </span>
          )}
        </span>
        <span className="kf__origin faint" id={hintId}>
          {origin.text}
          {showPlugin && item.plugin !== null && <> · from {item.plugin}</>}
        </span>
      </div>
      <div className="kf__control">
        <Control control={control} id={`${id}-control`} labelId={labelId} describedBy={described} value={value} invalid={!!error} onChange={onChange} onBlur={onBlur} models={models} prompts={prompts} />
        {onReset && (
          <button type="button" className="button button--quiet kf__reset" onClick={onReset} aria-label={`Reset ${item.label} to inherited`}>
            Reset
          </button>
        )}
      </div>
      {item.description && <p className="kf__description faint">{item.description}</p>}
      {error && (
        <p className="kf__error" id={`${id}-error`} role="alert">
          {error}
        </p>
      )}
    </div>
  );
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
        <Switch.Root {...aria} className="cf-switch" checked={value === true} onCheckedChange={(v) => onChange(v)} onBlur={onBlur}>
          <Switch.Thumb className="cf-switch__thumb" />
        </Switch.Root>
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
  const num = typeof value === 'number' && Number.isFinite(value) ? value : control.min;
  const shown = text ?? (typeof value === 'number' && Number.isFinite(value) ? String(value) : '');
  return (
    <div className="kf-range">
      <Slider.Root
        className="cf-slider__root kf-range__slider"
        min={control.min}
        max={control.max}
        step={control.step}
        value={[Math.min(Math.max(num, control.min), control.max)]}
        onValueChange={([next]) => {
          if (next === undefined) return;
          setText(null);
          onChange(Number(next.toFixed(Math.min(12, control.decimals))));
        }}
        onBlur={onBlur}
        aria-labelledby={labelId}
      >
        <Slider.Track className="cf-slider__track">
          <Slider.Range className="cf-slider__range" />
        </Slider.Track>
        <Slider.Thumb className="cf-slider__thumb" aria-labelledby={labelId} aria-describedby={describedBy} aria-invalid={invalid || undefined} />
      </Slider.Root>
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
      <span className="kf-range__unit faint">
        {control.unit ?? ''}
        <span className="kf-range__bounds">
          {' '}
          {control.min}–{control.max}, step {control.step}
        </span>
      </span>
    </div>
  );
}

function OptionDescription({ options, value }: { options: readonly ControlOption[]; value: unknown }) {
  const chosen = options.find((o) => o.value === value);
  return chosen?.description ? <p className="kf__option-description faint">{chosen.description}</p> : null;
}

function Segmented({ options, id, labelId, describedBy, value, onChange, onBlur }: ControlProps & { options: readonly ControlOption[] }) {
  const described = options.some((o) => o.description);
  return (
    <div className="kf__stack">
      <ToggleGroup.Root
        id={id}
        type="single"
        className="cf-segmented kf-segmented"
        aria-labelledby={labelId}
        aria-describedby={describedBy}
        value={toChoice(value as string | null)}
        onValueChange={(v) => v !== '' && onChange(fromChoice(v))}
        onBlur={onBlur}
      >
        {options.map((o) => (
          <ToggleGroup.Item key={toChoice(o.value)} value={toChoice(o.value)} className="cf-segmented__item" title={o.description ?? undefined}>
            {o.label}
          </ToggleGroup.Item>
        ))}
      </ToggleGroup.Root>
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

function PredicateControl({ id, labelId, describedBy, value, invalid, onChange, onBlur }: ControlProps) {
  const [text, setText] = useState<string | null>(null);
  const [parseError, setParseError] = useState<string | null>(null);
  const list = Array.isArray(value) ? (value as Record<string, unknown>[]) : [];
  return (
    <div className="kf__stack kf__stack--grow">
      <ul className="kf-predicates">
        {list.map((p, i) => (
          <li key={i}>
            <span className="mono">{String(p.id ?? `#${i + 1}`)}</span> <span className="faint">{String(p.description ?? '')}</span>{' '}
            <span className="mono faint">{['role', 'tool_name', 'content_regex'].flatMap((k) => (p[k] !== undefined ? [`${k}=${String(p[k])}`] : [])).join(' ')}</span>
          </li>
        ))}
        {list.length === 0 && <li className="faint">No predicates: nothing is always kept beyond the system prompt.</li>}
      </ul>
      <details className="kf-predicates__edit">
        <summary>Edit as JSON</summary>
        <textarea
          id={id}
          className="kf-input kf-textarea mono"
          rows={6}
          aria-labelledby={labelId}
          aria-describedby={describedBy}
          aria-invalid={invalid || parseError !== null || undefined}
          value={text ?? JSON.stringify(value ?? [], null, 2)}
          onChange={(e) => {
            setText(e.target.value);
            try {
              onChange(JSON.parse(e.target.value));
              setParseError(null);
            } catch (err) {
              setParseError(err instanceof Error ? err.message : 'not valid JSON');
            }
          }}
          onBlur={() => {
            if (parseError === null) setText(null);
            onBlur();
          }}
        />
        {parseError && <p className="kf__error">Not valid JSON (the last valid list is kept): {parseError}</p>}
      </details>
    </div>
  );
}
