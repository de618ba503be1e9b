import { describe, expect, it } from 'vitest';
import { sayStartingStep, STARTING_STEP } from './starting-notice';

/** A page with or without the notice's step (the tests run without a DOM). */
function page(withNotice: boolean) {
  const step = { textContent: 'The development server is preparing the app\'s modules.' };
  const asked: string[] = [];
  return {
    step,
    asked,
    querySelector(selector: string) {
      asked.push(selector);
      return withNotice && selector === STARTING_STEP ? (step as unknown as Element) : null;
    },
  };
}

describe("npm start's starting notice", () => {
  it('says the step the page is on, as text, in the notice index.html put in the root', () => {
    const withNotice = page(true);
    sayStartingStep('Starting the simulated daemon <b>here</b>', withNotice);
    expect(withNotice.step.textContent).toBe('Starting the simulated daemon <b>here</b>');
  });

  it('looks for the step only inside the root\'s status notice, and does nothing without it', () => {
    const without = page(false);
    sayStartingStep('Starting', without);
    expect(without.asked).toEqual(['#root > [role="status"] [data-starting-step]']);
  });
});
