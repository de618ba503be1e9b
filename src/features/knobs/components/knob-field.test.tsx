// The one knob renderer, server-rendered: each kind gets its control, with what an operator needs beside it.
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { layoutKnobGroups, type KnobItem } from '../lib/knob-layout';
import { describeOrigin } from '../lib/knob-origin';
import { modelOptions } from '../lib/model-options';
import { readPluginListing } from '../lib/plugin-view';
import { BUILTIN, CHUNKED, METER, MODELS } from '../test-support/test-knobs';
import { KnobField } from './knob-field';

const groups = layoutKnobGroups(BUILTIN, [readPluginListing(CHUNKED), readPluginListing(METER)], ['chunked-summarizer', 'context-meter']);
const items = groups.flatMap((g) => g.items);
const byLabel = (label: string): KnobItem => {
  const item = items.find((i) => i.label === label);
  if (!item) throw new Error(`no knob ${label}`);
  return item;
};

function render(item: KnobItem, value: unknown, extra: Partial<Parameters<typeof KnobField>[0]> = {}): string {
  return renderToString(
    <KnobField
      item={item}
      value={value}
      onChange={() => undefined}
      onBlur={() => undefined}
      error={undefined}
      origin={describeOrigin('inherited', 'primary')}
      unsaved={false}
      changedFromDefault={false}
      canReset={false}
      resetKnob={() => undefined}
      models={item.control.control === 'model-picker' ? modelOptions(MODELS, item.control.nullable, item.control.nullLabel, 'sonnet') : []}
      prompts={[]}
      {...extra}
    />,
  );
}

describe('the knob renderer', () => {
  it('draws a range as a slider with a numeric input that carries min, max and step, and the unit', () => {
    const html = render(byLabel('Summary window'), 20);
    expect(html).toMatch(/type="range"[^>]*min="1"[^>]*max="500"[^>]*step="1"[^>]*aria-valuetext="20"[^>]*value="20"/);
    expect(html).toMatch(/type="number"[^>]*min="1"[^>]*max="500"[^>]*step="1"/);
    expect(html).toContain('1–500, step 1');
  });

  it('draws a threshold in percent of the window (the form keeps the fraction)', () => {
    const html = render(byLabel('Upper threshold'), 0.85);
    expect(html).toMatch(/type="range"[^>]*min="5"[^>]*max="99"[^>]*step="1"[^>]*aria-valuetext="85 %"[^>]*value="85"/);
    expect(html).toMatch(/type="number"[^>]*min="5"[^>]*max="99"[^>]*step="1"[^>]*value="85"/);
    expect(html).toContain('5–99\u00a0% of the window');
    expect(html).toContain('inherited from primary');
  });

  it('draws an enum of up to four choices as a segmented control with every description, more as a select', () => {
    const strategy = render(byLabel('Strategy'), 'drop');
    expect(strategy).toContain('role="radiogroup"');
    expect(strategy).toMatch(/<input type="radio"[^>]*checked=""[^>]*value="drop"/);
    expect(strategy).not.toMatch(/<input type="radio"[^>]*checked=""[^>]*value="summarize"/);
    expect(strategy).toContain('summarize it');
    expect(byLabel('Compactor plugin').control.control).toBe('segmented');
  });

  it('draws a model alias as a picker with provider:model, window and its source, price, and the null choice', () => {
    const html = render(byLabel('Summarizer model'), null);
    expect(html).toContain('<select');
    expect(html).toContain('deepseek · deepseek:deepseek-chat · 32k tokens (operator override)');
    expect(html).toContain('local-qwen · ollama:qwen3-coder:30b · 128k tokens (128k fallback)');
    expect(html).toContain('The agent&#x27;s own model');
    expect(html).toContain('$3 in / $15 out per M tokens');
  });

  it('shows a knob of an unknown kind, and a malformed one, read-only with a notice: never dropped', () => {
    expect(render(byLabel('Budget (newer daemon)'), 'PT5S')).toMatch(/role="note"[^>]*>This knob is of a kind \(&quot;duration&quot;\)/);
    expect(render(byLabel('Warn at'), 0.7)).toContain('min (0.9) is greater than max (0.5)');
  });

  it('marks unsaved and changed-from-default values, offers reset, and shows the error', () => {
    const html = render(byLabel('Lower threshold'), 0.7, { unsaved: true, changedFromDefault: true, canReset: true, error: 'must be below the upper threshold' });
    expect(html).toContain('unsaved');
    expect(html).toContain('changed from default');
    expect(html).toContain('aria-label="Reset Lower threshold to inherited"');
    expect(html).toMatch(/role="alert"[^>]*>must be below the upper threshold/);
    expect(html).toContain('aria-invalid="true"');
  });

  it('draws a boolean as a switch', () => {
    expect(render(byLabel('Ungrouped'), true)).toMatch(/type="checkbox" role="switch"[^>]*checked=""/);
  });
});
