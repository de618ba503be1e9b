import { describe, expect, it } from 'vitest';
import { checkedAll, cleared, edited, NO_CHECKS, shownErrors, touched, withServerErrors } from './knob-checks';

const problems = new Map([
  ['upper_threshold', { message: 'not on a step' }],
  ['lower_threshold', { message: 'must be below the upper threshold' }],
]);

describe('knob checks', () => {
  it('shows nothing before the operator acts', () => {
    expect([...shownErrors(NO_CHECKS, problems)]).toEqual([]);
  });
  it("shows a knob's problem once it is left, and every problem once all are asked for", () => {
    const left = touched(NO_CHECKS, 'upper_threshold');
    expect([...shownErrors(left, problems)]).toEqual([['upper_threshold', 'not on a step']]);
    expect([...shownErrors(checkedAll(left), problems).keys()]).toEqual(['upper_threshold', 'lower_threshold']);
  });
  it("keeps the daemon's message on its knob until the knob is edited or left", () => {
    const refused = withServerErrors(NO_CHECKS, [['upper_threshold', 'the daemon says no']]);
    expect(shownErrors(refused, problems).get('upper_threshold')).toBe('the daemon says no');
    expect(shownErrors(edited(refused, 'upper_threshold'), new Map()).size).toBe(0);
    expect(shownErrors(touched(refused, 'upper_threshold'), problems).get('upper_threshold')).toBe('not on a step');
    // Asking for every problem replaces the daemon's messages with the form's own.
    expect(shownErrors(checkedAll(refused), new Map()).size).toBe(0);
  });
  it('hides a knob reset to its inherited value until it is left again', () => {
    const left = touched(NO_CHECKS, 'lower_threshold');
    expect(shownErrors(cleared(left, 'lower_threshold'), problems).size).toBe(0);
    expect(shownErrors(touched(cleared(left, 'lower_threshold'), 'lower_threshold'), problems).size).toBe(1);
  });
  it('leaves the state as it was when nothing changes', () => {
    expect(edited(NO_CHECKS, 'upper_threshold')).toBe(NO_CHECKS);
  });
});
