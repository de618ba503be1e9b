import { useState, type ReactNode } from 'react';
import type { KnobControl } from '../../lib/knob-controls';
import type { ControlProps } from './control-props';
import './inputs.css';
import './text-controls.css';

/** A text knob: one line or several, with its length and pattern limits shown. */
export function TextControl({ control, id, labelId, describedBy, value, invalid, onChange, onBlur }: ControlProps & { control: Extract<KnobControl, { control: 'input' | 'textarea' }> }) {
  const text = typeof value === 'string' ? value : value === null || value === undefined ? '' : String(value);
  const common = { id, 'aria-labelledby': labelId, 'aria-describedby': describedBy, 'aria-invalid': invalid || undefined, value: text, onBlur } as const;
  const limits: ReactNode[] = [];
  if (control.maxLength !== null) limits.push(<span key="len" className={text.length > control.maxLength ? 'kf__over' : undefined}>{`${text.length} / ${control.maxLength} characters`}</span>);
  if (control.pattern !== null) limits.push(<span key="pattern" className="mono">{`pattern ${control.pattern}`}</span>);
  return (
    <div className="kf__stack kf__stack--grow">
      {control.control === 'textarea' ? (
        <textarea {...common} className="kf-input kf-textarea" rows={3} onChange={(e) => onChange(e.target.value)} />
      ) : (
        <input {...common} className="kf-input kf-text" type="text" onChange={(e) => onChange(e.target.value)} />
      )}
      {limits.length > 0 && <span className="kf__limits faint">{limits}</span>}
    </div>
  );
}

/** A list of texts, one per line. */
export function ListControl({ control, id, labelId, describedBy, value, invalid, onChange, onBlur }: ControlProps & { control: Extract<KnobControl, { control: 'string-list' }> }) {
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
