import type { KnobControl } from '../../lib/knob-controls';
import type { ModelOption } from '../../lib/model-options';
import type { PromptChoice } from '../../lib/prompt-choices';

/** The value standing for a knob's null choice in controls that only carry strings. */
const NULL_CHOICE = '\u0000null';
export const toChoice = (v: string | null): string => (v === null ? NULL_CHOICE : v);
export const fromChoice = (v: string): string | null => (v === NULL_CHOICE ? null : v);

/** What every knob control gets from its field: ids for its label and hint, the value, and the field's handlers. */
export interface ControlProps {
  control: KnobControl;
  id: string;
  labelId: string;
  describedBy: string;
  value: unknown;
  invalid: boolean;
  onChange: (value: unknown) => void;
  onBlur: () => void;
  models: readonly ModelOption[];
  prompts: readonly PromptChoice[];
  itemProblems: readonly (string | null)[] | null;
}
