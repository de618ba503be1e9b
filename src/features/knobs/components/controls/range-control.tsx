import { useState } from 'react';
import { percentToThreshold, thresholdToPercent } from '../../../../domain/accounting/thresholds';
import type { KnobControl } from '../../lib/knob-controls';
import type { ControlProps } from './control-props';
import './inputs.css';
import './range-control.css';

type Slider = Extract<KnobControl, { control: 'slider' }>;

/** A threshold is shown and typed as a percent of the window; the form keeps the API's fraction. */
const toScreen = (control: Slider, value: number): number => (control.scale === 'percent' ? thresholdToPercent(value) : value);
const fromScreen = (control: Slider, value: number): number => (control.scale === 'percent' ? percentToThreshold(value) : value);

/**
 * A range knob: a slider and a number beside it. What is typed is kept as typed: a value out of
 * range or off the step gets the form's message, never rewritten (the slider alone stays in range).
 */
export function RangeControl({ control, id, labelId, describedBy, value, invalid, onChange, onBlur }: ControlProps & { control: Slider }) {
  const [text, setText] = useState<string | null>(null);
  const valid = typeof value === 'number' && Number.isFinite(value);
  const screen = valid ? toScreen(control, value) : control.min;
  const num = Math.min(Math.max(screen, control.min), control.max);
  const shown = text ?? (valid ? String(screen) : '');
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
        aria-valuetext={valid ? `${screen}${unit}` : `not set${unit}`}
        onChange={(e) => {
          setText(null);
          onChange(fromScreen(control, Number(Number(e.target.value).toFixed(Math.min(12, control.decimals)))));
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
          onChange(e.target.value.trim() === '' ? '' : fromScreen(control, Number(e.target.value)));
        }}
        onBlur={() => {
          setText(null);
          onBlur();
        }}
      />
      <span className="kf-range__unit faint" title={control.unit ?? undefined}>
        {control.scale === 'percent' ? `${control.min}–${control.max}\u00a0% of the window, step ${control.step}` : `${control.unit ?? ''} ${control.min}–${control.max}, step ${control.step}`.trim()}
      </span>
    </div>
  );
}
