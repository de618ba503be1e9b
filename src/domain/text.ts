/** Text from outside (the daemon, transcripts, URLs) made safe to carry: shared by the app and the simulator. */

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/** `value` with each lone surrogate (which UTF-8 cannot carry) replaced by U+FFFD, as String.prototype.toWellFormed does. */
export function wellFormed(value: string): string {
  return value.replace(LONE_SURROGATE, '\uFFFD');
}

/**
 * The path among `paths` that `asked` (read from a URL, where a lone surrogate arrived as U+FFFD)
 * names: the exact one, else the one that is `asked` once well-formed; null when none.
 */
export function pathFromUrl(paths: readonly string[], asked: string): string | null {
  return paths.find((p) => p === asked) ?? paths.find((p) => wellFormed(p) === asked) ?? null;
}

/**
 * A URL part (a #fragment, a path segment) percent-decoded, or as it is when it is not valid
 * percent-encoding (`%E0%A4%A`, `%`): a pasted link never throws "URI malformed".
 */
export function decodeUrlPart(part: string): string {
  try {
    return decodeURIComponent(part);
  } catch {
    return part;
  }
}
