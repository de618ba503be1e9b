import { describe, expect, it } from 'vitest';
import { countTokens as o200k } from 'gpt-tokenizer/encoding/o200k_base';
import { countTokens, resetTokenCountCache } from '../../engine/estimate';
import { createRng } from '../../store/prng';
import { syntheticTurn } from './synthetic';

describe('synthetic traffic', () => {
  it('knows its token counts: they equal what the tokenizer counts on the generated text', () => {
    resetTokenCountCache();
    const rng = createRng(7);
    let checked = 0;
    for (let t = 0; t < 40; t++) {
      for (const m of syntheticTurn(rng, { at: new Date(0), withAsk: t % 3 === 0, idPrefix: `t${t}` })) {
        if (m.role === 'user') continue;
        // countTokens answers from what the generator remembered; o200k counts the text afresh.
        expect(countTokens(m.content)).toBe(o200k(m.content));
        checked += 1;
      }
    }
    expect(checked).toBeGreaterThan(100);
  });
});
