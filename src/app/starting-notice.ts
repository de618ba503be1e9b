/**
 * `npm start`'s starting notice (index.html, vite.config.ts `startingNotice`): until React's first
 * render replaces it, the entry says which step the page is on, as text. No notice (a build, or
 * React has drawn), nothing.
 */
export const STARTING_STEP = '#root > [role="status"] [data-starting-step]';

export function sayStartingStep(step: string, page: Pick<ParentNode, 'querySelector'> = document): void {
  const detail = page.querySelector(STARTING_STEP);
  if (detail !== null) detail.textContent = step;
}
