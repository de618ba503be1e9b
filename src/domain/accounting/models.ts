/**
 * Model ids as transcripts, daemons and catalogs write them, reduced to one name per model, so a
 * dated or prefixed id finds its catalog entry instead of the 128k fallback.
 */

/** A provider family from an id's prefix ("anthropic:", "openai/", "gemini/", "vertex_ai/") or its name. */
export function modelProvider(id: string): string | null {
  // A provider prefix is a word (no dots) before ":" or "/", never a tag ("qwen3-coder:30b") or a Bedrock version ("-v1:0").
  const prefix = /^([a-z0-9_-]+)[:/](?=[^:/]*[a-z])(?!\d)/i.exec(id.trim())?.[1]?.toLowerCase();
  const known: Record<string, string> = { gemini: 'google', vertex_ai: 'google', google: 'google', models: 'google', bedrock: 'anthropic' };
  if (prefix) return known[prefix] ?? prefix;
  const name = canonicalModelName(id);
  if (name.startsWith('claude')) return 'anthropic';
  if (/^(gpt|o\d|chatgpt|codex)/.test(name)) return 'openai';
  if (name.startsWith('gemini') || name.startsWith('gemma')) return 'google';
  if (name.startsWith('deepseek')) return 'deepseek';
  return null;
}

/** The id without provider or region prefixes ("anthropic:", "openai/", "models/", "us.anthropic.") and a Bedrock version suffix ("-v1:0"), lower case. */
export function bareModelName(id: string): string {
  let name = id.trim().toLowerCase();
  // Provider prefixes, possibly nested ("vertex_ai/anthropic/…"); never the tag after a colon in "qwen3-coder:30b".
  for (;;) {
    const cut = /^[a-z0-9_.-]+[:/](?=[^:/]*[a-z])/.exec(name);
    if (!cut || /^[a-z0-9_.-]+:\d/.test(name)) break;
    name = name.slice(cut[0].length);
  }
  name = name.replace(/^(?:(?:us|eu|apac|jp|global)\.)?(?:anthropic|openai|google|deepseek)\./, '');
  return name.replace(/-v\d+:\d+$/, '');
}

/** The bare name with a release-date suffix ("-20250929", "-2025-09-29", "@20250929") or "-latest" removed. */
export function canonicalModelName(id: string): string {
  return bareModelName(id).replace(/(?:[-@](?:\d{8}|\d{4}-\d{2}-\d{2})|-latest)$/, '');
}

/**
 * Finds an id in a table keyed by bare model names: the exact bare name first (a dated id the
 * catalog names itself, e.g. "claude-opus-4-1-20250805"), then without its date (a dated id of a
 * model the catalog names undated).
 */
export function lookupModel<T>(table: ReadonlyMap<string, T>, id: string): T | undefined {
  return table.get(bareModelName(id)) ?? table.get(canonicalModelName(id));
}
