import { displayValue } from '../../../../domain/knobs/knob-values';
import type { ControlOption } from '../../lib/knob-controls';
import { fromChoice, toChoice, type ControlProps } from './control-props';
import './inputs.css';
import './choice-controls.css';

function OptionDescription({ options, value }: { options: readonly ControlOption[]; value: unknown }) {
  const chosen = options.find((o) => o.value === value);
  return chosen?.description ? <p className="kf__option-description faint">{chosen.description}</p> : null;
}

/** Native radios drawn as a segmented control: arrow keys move and choose, Tab leaves the group, each option named by its label. */
export function SegmentedControl({ options, id, labelId, describedBy, value, invalid, onChange, onBlur }: ControlProps & { options: readonly ControlOption[] }) {
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

/** An enum of many options: a native select, each option's description beside it. */
export function SelectControl({ control, id, labelId, describedBy, value, invalid, onChange, onBlur }: ControlProps & { control: { options: readonly ControlOption[] } }) {
  return (
    <div className="kf__stack">
      <select id={id} aria-labelledby={labelId} aria-describedby={describedBy} aria-invalid={invalid || undefined} className="kf-select" value={toChoice(value as string | null)} onChange={(e) => onChange(fromChoice(e.target.value))} onBlur={onBlur}>
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
}

/** A model alias: the daemon's models (GET /models), each with its model, window and price. */
export function ModelPicker({ id, labelId, describedBy, value, invalid, onChange, onBlur, models }: ControlProps) {
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
