/** What of a click decides whether the app or the browser follows a link. */
export interface LinkClick {
  button: number;
  metaKey: boolean;
  ctrlKey: boolean;
  shiftKey: boolean;
  altKey: boolean;
  defaultPrevented: boolean;
}

/**
 * The address a click on a plain anchor takes within the app, or null when the browser follows it
 * as it would any link (a modified or middle click: a new tab or window; a download; another
 * target or origin). Lets a long list draw its links as plain anchors, one handler on the list
 * navigating for all of them, instead of a router link per row.
 */
export function inAppLinkTarget(click: LinkClick, anchor: HTMLAnchorElement, origin: string): string | null {
  if (click.defaultPrevented || click.button !== 0 || click.metaKey || click.ctrlKey || click.shiftKey || click.altKey) return null;
  if ((anchor.target !== '' && anchor.target !== '_self') || anchor.hasAttribute('download') || anchor.origin !== origin) return null;
  return `${anchor.pathname}${anchor.search}${anchor.hash}`;
}
