/**
 * Which of the knobs' problems the form shows, and when: a knob's problem once the operator has
 * left the knob (touched), every problem once they asked to preview or save; the daemon's refusals
 * (a 422) on their knobs until the knob is edited or left. Nothing is flagged before the operator
 * acts. The problems themselves are computed from the values (knob-form.ts validateKnobValues).
 */

export interface KnobChecks {
  /** Knobs the operator has left. */
  touched: ReadonlySet<string>;
  /** Every problem shows (after Preview or Review and save). */
  all: boolean;
  /** The daemon's messages by key. */
  server: ReadonlyMap<string, string>;
}

export const NO_CHECKS: KnobChecks = { touched: new Set(), all: false, server: new Map() };

function without(server: ReadonlyMap<string, string>, key: string): ReadonlyMap<string, string> {
  if (!server.has(key)) return server;
  const next = new Map(server);
  next.delete(key);
  return next;
}

/** The operator left the knob: its problem shows from now on, and the daemon's old message about it goes. */
export function touched(checks: KnobChecks, key: string): KnobChecks {
  return { ...checks, touched: checks.touched.has(key) ? checks.touched : new Set([...checks.touched, key]), server: without(checks.server, key) };
}

/** The knob's value changed: the daemon's old message about it goes. */
export function edited(checks: KnobChecks, key: string): KnobChecks {
  const server = without(checks.server, key);
  return server === checks.server ? checks : { ...checks, server };
}

/** The knob went back to its inherited or saved value: nothing shows for it until it is left again or every problem is asked for. */
export function cleared(checks: KnobChecks, key: string): KnobChecks {
  const rest = new Set(checks.touched);
  rest.delete(key);
  return { ...checks, touched: rest, server: without(checks.server, key) };
}

/** Every problem shows; the daemon's messages give way to the form's own. */
export function checkedAll(checks: KnobChecks): KnobChecks {
  return { ...checks, all: true, server: new Map() };
}

/** The daemon refused a save: its messages on the knobs the form holds. */
export function withServerErrors(checks: KnobChecks, errors: readonly (readonly [string, string])[]): KnobChecks {
  return { ...checks, server: new Map([...checks.server, ...errors]) };
}

/** The messages shown, by key: the daemon's first, then the form's problems of the knobs it may show. */
export function shownErrors(checks: KnobChecks, problems: ReadonlyMap<string, { message: string }>): Map<string, string> {
  const shown = new Map(checks.server);
  for (const [key, problem] of problems) if (!shown.has(key) && (checks.all || checks.touched.has(key))) shown.set(key, problem.message);
  return shown;
}
