// The project's prompts (GET /prompts) as a prompt-path knob offers them. Titles and texts come
// from the daemon's files: untrusted, shown as text only and bounded here, whatever the daemon sends.

import type { Schemas } from '../../../domain/contract/types';

export const PROMPT_TITLE_MAX = 200;
export const PROMPT_TEXT_MAX = 20_000;

export interface PromptChoice {
  path: string;
  title: string;
  /** The prompt's text, cut at PROMPT_TEXT_MAX characters; null when the daemon does not send it. */
  text: string | null;
  /** The daemon's text was longer than what is shown. */
  cut: boolean;
}

function bounded(text: string, max: number): { text: string; cut: boolean } {
  // At most 2 code units per character: no more than max × 2 + 1 of them need splitting into characters.
  const head = text.length > max * 2 + 1 ? text.slice(0, max * 2 + 1) : text;
  const chars = Array.from(head);
  return chars.length <= max && head === text ? { text, cut: false } : { text: chars.slice(0, max).join(''), cut: true };
}

/** The prompts as choices, in the daemon's order; one per path. */
export function promptChoices(items: readonly Schemas['PromptPath'][]): PromptChoice[] {
  const seen = new Set<string>();
  const choices: PromptChoice[] = [];
  for (const item of items) {
    if (seen.has(item.path)) continue;
    seen.add(item.path);
    const title = bounded(item.title, PROMPT_TITLE_MAX);
    const text = typeof item.text === 'string' ? bounded(item.text, PROMPT_TEXT_MAX) : null;
    choices.push({ path: item.path, title: title.cut ? `${title.text}…` : title.text, text: text?.text ?? null, cut: text?.cut ?? false });
  }
  return choices;
}
