import { useId } from 'react';
import { type DraftErrors, type SettingDraft } from '../lib/lab-settings';
import type { components } from '../../../domain/contract/schema.gen';
import { STRATEGIES } from '../../../domain/contract/enums.gen';
import './lab.css';
import './lab-settings.css';

type ConfigValues = components['schemas']['CompactionConfigValues'];

interface SettingEditorProps {
  index: number;
  draft: SettingDraft;
  errors: DraftErrors;
  /** The agent's effective values: what a blank field means. */
  config: ConfigValues | undefined;
  onChange: (draft: SettingDraft) => void;
  onRemove: (() => void) | null;
}

const pct = (ratio: number | undefined) => (ratio === undefined ? '' : String(Math.round(ratio * 1000) / 10));

/** One setting of the lab: each field blank means "as the agent is configured" (its value shown as the placeholder). */
export function SettingEditor({ index, draft, errors, config, onChange, onRemove }: SettingEditorProps) {
  const id = useId();
  const field = (name: keyof SettingDraft, label: string, placeholder: string, props: { inputMode?: 'decimal' | 'numeric'; suffix?: string } = {}) => (
    <div className="lab-field">
      <label htmlFor={`${id}-${name}`}>{label}</label>
      <div className="lab-field__input">
        <input
          id={`${id}-${name}`}
          className="input"
          value={draft[name]}
          placeholder={placeholder}
          inputMode={props.inputMode}
          aria-invalid={errors[name] ? true : undefined}
          aria-describedby={errors[name] ? `${id}-${name}-error` : undefined}
          onChange={(event) => onChange({ ...draft, [name]: event.target.value })}
        />
        {props.suffix && <span className="lab-field__suffix">{props.suffix}</span>}
      </div>
      {errors[name] && (
        <span id={`${id}-${name}-error`} className="lab-field__error">
          {errors[name]}
        </span>
      )}
    </div>
  );
  return (
    <fieldset className={`lab-setting lab-series-${index}`}>
      <legend className="lab-setting__legend">
        <span className="lab-swatch" aria-hidden="true" />
        Setting {index + 1}
        {onRemove && (
          <button type="button" className="button button--quiet lab-setting__remove" onClick={onRemove} aria-label={`Remove setting ${index + 1}`}>
            Remove
          </button>
        )}
      </legend>
      {field('label', 'Name', `Setting ${index + 1}`)}
      <div className="lab-field">
        <label htmlFor={`${id}-strategy`}>Strategy</label>
        <select id={`${id}-strategy`} className="input" value={draft.strategy} onChange={(event) => onChange({ ...draft, strategy: event.target.value })}>
          <option value="">as configured{config ? ` (${config.strategy})` : ''}</option>
          {STRATEGIES.map((s) => (
            <option key={s} value={s}>
              {s}
            </option>
          ))}
        </select>
        {errors.strategy && <span className="lab-field__error">{errors.strategy}</span>}
      </div>
      <div className="lab-setting__pair">
        {field('upper', 'Upper threshold', pct(config?.upper_threshold), { inputMode: 'decimal', suffix: '%' })}
        {field('lower', 'Lower threshold', pct(config?.lower_threshold), { inputMode: 'decimal', suffix: '%' })}
      </div>
      <div className="lab-setting__pair">
        {field('summarizeWindow', 'Summarize window', config ? String(config.summarize.window_messages) : '', { inputMode: 'numeric', suffix: 'msgs' })}
        {field('summarizeModel', 'Summarize model', config ? (config.summarize.model ?? 'agent’s own') : '')}
      </div>
      <div className="lab-setting__pair">
        {field('pruneProtect', 'Prune: protect', config ? String(config.prune.protect_tokens) : '', { inputMode: 'numeric', suffix: 'tok' })}
        {field('pruneMinimum', 'Prune: min. savings', config ? String(config.prune.minimum_savings) : '', { inputMode: 'numeric', suffix: 'tok' })}
      </div>
      <div className="lab-field">
        <label htmlFor={`${id}-more`}>Other keys (a plugin’s knobs)</label>
        <textarea
          id={`${id}-more`}
          className="input lab-field__more"
          rows={2}
          value={draft.more}
          placeholder="plugin_knobs.hindsight.retain_top_k = 8"
          spellCheck={false}
          aria-invalid={errors.more ? true : undefined}
          onChange={(event) => onChange({ ...draft, more: event.target.value })}
        />
        {errors.more && <span className="lab-field__error">{errors.more}</span>}
      </div>
    </fieldset>
  );
}
