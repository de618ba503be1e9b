import { displayValue } from '../../../../domain/knobs/knob-values';
import { SegmentedControl, ModelPicker, SelectControl } from './choice-controls';
import type { ControlProps } from './control-props';
import { PredicateControl } from './predicate-control';
import { PromptControl } from './prompt-control';
import { RangeControl } from './range-control';
import { ListControl, TextControl } from './text-controls';
import './knob-control.css';

/** The control of one knob, by its kind (lib/knob-controls.ts maps a knob to its control). */
export function KnobControl(props: ControlProps) {
  const { control, id, labelId, describedBy, value, invalid, onChange, onBlur } = props;
  switch (control.control) {
    case 'slider':
      return <RangeControl {...props} control={control} />;
    case 'segmented':
      return <SegmentedControl {...props} options={control.options} />;
    case 'select':
      return <SelectControl {...props} control={control} />;
    case 'input':
    case 'textarea':
      // A prompt path offers the project's prompts once they are known; any other text is typed.
      return control.suggest === 'prompts' && props.prompts.length > 0 ? <PromptControl {...props} /> : <TextControl {...props} control={control} />;
    case 'switch':
      return (
        <input id={id} aria-labelledby={labelId} aria-describedby={describedBy} aria-invalid={invalid || undefined} type="checkbox" role="switch" className="kf-switch" checked={value === true} onChange={(e) => onChange(e.target.checked)} onBlur={onBlur} />
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
