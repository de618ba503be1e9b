import { Slider } from 'radix-ui';
import { useId, type ReactNode } from 'react';
import { tokenLimits } from '../domain/accounting/thresholds';
import { THRESHOLD_MAX, THRESHOLD_MIN, THRESHOLD_STEP } from '../domain/compaction/compact-form';
import { formatThreshold, formatTokens } from '../domain/format';
import type { ContextWindow } from '../domain/contract/types';

const round2 = (x: number) => Math.round(x * 100) / 100;

/** The line under a compact form field: the agent's configured value, or why the field does not apply. */
export function CompactHint({ children }: { children?: ReactNode }) {
  return <span className="cf-field__hint">{children ?? '\u00a0'}</span>;
}

/** A threshold of the compact form as a slider: its percent and, with a window, its tokens ("85 % · 170k"). */
export function ThresholdSlider({
  name,
  label,
  value,
  onChange,
  window,
  hint,
  invalid,
  disabled,
}: {
  name: 'upper' | 'lower';
  label: string;
  value: number;
  onChange: (value: number) => void;
  window: ContextWindow | undefined;
  hint: string | undefined;
  invalid: boolean;
  disabled: boolean;
}) {
  const id = useId();
  const limits = window ? tokenLimits(window.tokens, value, value) : null;
  // Upper: compaction fires at or above it; lower: compacts down to at most it (thresholds.ts).
  const tokens = limits ? (name === 'upper' ? limits.upper : limits.target) : null;
  const valueText = `${formatThreshold(value)} of the window${tokens === null ? '' : `, ${formatTokens(tokens)} tokens`}`;
  return (
    <div className={`cf-field cf-field--slider cf-field--${name}`}>
      <label className="cf-field__label" id={id}>
        {label}
      </label>
      <div className="cf-slider">
        <Slider.Root
          className="cf-slider__root"
          min={THRESHOLD_MIN}
          max={THRESHOLD_MAX}
          step={THRESHOLD_STEP}
          value={[value]}
          onValueChange={([next]) => next !== undefined && onChange(round2(next))}
          disabled={disabled}
          aria-labelledby={id}
        >
          <Slider.Track className="cf-slider__track">
            <Slider.Range className="cf-slider__range" />
          </Slider.Track>
          <Slider.Thumb className="cf-slider__thumb" aria-labelledby={id} aria-valuetext={valueText} aria-invalid={invalid || undefined} />
        </Slider.Root>
        <span className={invalid ? 'cf-slider__value cf-slider__value--invalid num' : 'cf-slider__value num'}>
          {formatThreshold(value)}
          {tokens !== null && <span className="faint"> · {formatTokens(tokens)}</span>}
        </span>
      </div>
      <CompactHint>{hint}</CompactHint>
    </div>
  );
}
