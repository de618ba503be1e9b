/**
 * The Content-Security-Policy the built app is served with: a second line of defence should
 * untrusted text (transcripts, summaries, notes, plugin strings) ever reach the DOM as markup.
 * Scripts only from the app's own files (no inline script, no eval: the contract's validators are
 * compiled at build time), no plugins, no frames, no foreign <base> or form targets. The daemon
 * may live on another origin (Settings → API base URL, config.json), so requests and the event
 * stream may go to any http(s)/ws(s) origin; a deployment that knows its daemon can narrow
 * connect-src in the server's header. Used by vite.config.ts: a <meta> tag in the built
 * index.html (any static server) and the preview server's header (which adds frame-ancestors,
 * ignored in a meta tag).
 */
export type CspDirectives = Readonly<Record<string, readonly string[]>>;

export const CSP_DIRECTIVES: CspDirectives = {
  'default-src': ["'self'"],
  'script-src': ["'self'"],
  'script-src-attr': ["'none'"],
  'style-src': ["'self'"],
  // Radix dialogs lock the page's scrolling by inserting <style> elements at run time
  // (react-remove-scroll); CSS cannot run script. Style attributes in markup stay refused.
  'style-src-elem': ["'self'", "'unsafe-inline'"],
  'img-src': ["'self'", 'data:'],
  'font-src': ["'self'"],
  'connect-src': ["'self'", 'http:', 'https:', 'ws:', 'wss:'],
  'worker-src': ["'self'"],
  'manifest-src': ["'self'"],
  'object-src': ["'none'"],
  'frame-src': ["'none'"],
  'base-uri': ["'self'"],
  'form-action': ["'self'"],
};

/** Only honoured in a header (a meta tag ignores them, with a console warning). */
export const HEADER_ONLY_DIRECTIVES: CspDirectives = {
  'frame-ancestors': ["'none'"],
};

export function serializeCsp(directives: CspDirectives): string {
  return Object.entries(directives)
    .map(([name, sources]) => [name, ...sources].join(' '))
    .join('; ');
}

/** The policy for a <meta http-equiv> tag. */
export const CSP_META = serializeCsp(CSP_DIRECTIVES);
/** The policy for a Content-Security-Policy response header. */
export const CSP_HEADER = serializeCsp({ ...CSP_DIRECTIVES, ...HEADER_ONLY_DIRECTIVES });
