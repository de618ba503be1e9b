/**
 * Hostile answers for the hostile-text tests (fault `hostile` with `keys` and `texts`): the real
 * answer with the string values of the named keys replaced, in turn, by the given texts (script
 * tags, bidi overrides, 1 MB strings…), wherever those keys sit in the body: summaries, message
 * content, plugin names, knob labels and descriptions, prompt paths. Ids and other keys are kept,
 * so the screens still find what they link to. A record's `provenance` is kept whole: its fields
 * (`summary`: recorded | computed…) are values the contract enumerates, not text.
 */
export function hostileBody(body: unknown, keys: readonly string[], texts: readonly string[]): unknown {
  if (texts.length === 0) return body;
  const wanted = new Set(keys);
  let n = 0;
  const next = () => texts[n++ % texts.length] as string;
  const walk = (node: unknown): unknown => {
    if (Array.isArray(node)) return node.map(walk);
    if (typeof node !== 'object' || node === null) return node;
    return Object.fromEntries(
      Object.entries(node).map(([key, value]) => {
        if (key === 'provenance') return [key, value];
        if (!wanted.has(key)) return [key, walk(value)];
        if (typeof value === 'string') return [key, next()];
        if (Array.isArray(value) && value.every((v) => typeof v === 'string')) return [key, value.map(() => next())];
        return [key, walk(value)];
      }),
    );
  };
  return walk(body);
}
