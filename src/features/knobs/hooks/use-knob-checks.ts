import { useMemo, useState } from 'react';
import type { FlatValues } from '../../../domain/knobs/inheritance';
import { checkedAll, cleared, edited, NO_CHECKS, shownErrors, touched, withServerErrors, type KnobChecks } from '../lib/knob-checks';
import { serverErrorsToFields, validateKnobValues, type KnobCheckOptions } from '../lib/knob-form';

export interface KnobChecksApi {
  /** Every problem of the values, shown or not. */
  problems: ReadonlyMap<string, { message: string }>;
  /** The messages shown, by key. */
  errors: ReadonlyMap<string, string>;
  touch: (key: string) => void;
  edit: (key: string) => void;
  clear: (key: string) => void;
  /** Shows every problem; answers them (none: the values may be previewed or saved). */
  checkAll: () => ReadonlyMap<string, { message: string }>;
}

/**
 * The knob form's checks over the values the knobs show (lib/knob-checks.ts says what shows when).
 * `keys`: the knobs the form holds; `serverErrors`: the daemon's field errors from the last save of this agent.
 */
export function useKnobChecks(values: Readonly<FlatValues>, options: KnobCheckOptions, keys: ReadonlySet<string>, serverErrors: readonly { key: string; message: string }[] | null): KnobChecksApi {
  const problems = useMemo(() => validateKnobValues(values, options), [values, options]);
  // The daemon's 422 errors land on their knobs (and their group comes into view through the notice): each new answer once.
  const refused = (checks: KnobChecks, errors: typeof serverErrors) => (errors ? withServerErrors(checks, serverErrorsToFields(errors, keys).fields) : checks);
  const [checks, setChecks] = useState(() => refused(NO_CHECKS, serverErrors));
  const [answer, setAnswer] = useState(serverErrors);
  if (answer !== serverErrors) {
    setAnswer(serverErrors);
    setChecks((c) => refused(c, serverErrors));
  }
  const errors = useMemo(() => shownErrors(checks, problems), [checks, problems]);
  return {
    problems,
    errors,
    touch: (key) => setChecks((c) => touched(c, key)),
    edit: (key) => setChecks((c) => edited(c, key)),
    clear: (key) => setChecks((c) => cleared(c, key)),
    checkAll: () => {
      setChecks(checkedAll);
      // Computed now, not from the last render: the engine of outside patterns may have come since.
      return validateKnobValues(values, options);
    },
  };
}
