/**
 * Shown when the app cannot start at all (before React renders): a plain, readable message
 * instead of a blank page. Built with textContent, never HTML.
 */
export function showStartupFailure(title: string, error: unknown, hint: string): void {
  const root = document.getElementById('root') ?? document.body;
  const box = document.createElement('div');
  box.setAttribute('role', 'alert');
  box.style.cssText = 'max-width: 44rem; margin: 4rem auto; padding: 1rem 1.25rem; border: 1px solid var(--danger, #b42318); border-radius: 6px; font: 14px/1.5 system-ui, sans-serif; color: var(--text, inherit); background: var(--surface, transparent)';
  const heading = document.createElement('strong');
  heading.textContent = title;
  const detail = document.createElement('p');
  detail.style.cssText = 'margin: 0.5rem 0 0; font: 12px/1.5 ui-monospace, monospace; color: var(--text-muted, inherit)';
  detail.textContent = error instanceof Error ? error.message : String(error);
  const help = document.createElement('p');
  help.style.margin = '0.75rem 0 0';
  help.textContent = hint;
  box.append(heading, detail, help);
  root.replaceChildren(box);
}
