import { describe, expect, it } from 'vitest';
import { PROMPT_TEXT_MAX, PROMPT_TITLE_MAX, promptChoices } from './prompt-choices';

describe('promptChoices', () => {
  it('keeps the daemon’s order, one choice per path, with the text when sent', () => {
    const choices = promptChoices([
      { path: 'config:/a.md', scope: 'config', title: 'A', text: 'Summarize.' },
      { path: 'project:/b.md', scope: 'project', title: 'B' },
      { path: 'config:/a.md', scope: 'config', title: 'A again' },
    ]);
    expect(choices).toEqual([
      { path: 'config:/a.md', title: 'A', text: 'Summarize.', cut: false },
      { path: 'project:/b.md', title: 'B', text: null, cut: false },
    ]);
  });
  it('bounds a hostile title and text, saying the text was cut', () => {
    const [choice] = promptChoices([{ path: 'project:/x.md', scope: 'project', title: 'T'.repeat(5000), text: '😀'.repeat(1_000_000) }]);
    expect(choice?.title).toHaveLength(PROMPT_TITLE_MAX + 1);
    expect(Array.from(choice?.text ?? '')).toHaveLength(PROMPT_TEXT_MAX);
    expect(choice?.cut).toBe(true);
  });
});
