import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { linkableUrl, sameOriginPath } from '../../streams/core/safe-url';

/**
 * A link to an address the server gave (a share's url, a notification's link): a path of the
 * portal opens in the portal, an `http(s)` URL is a plain link, anything else (`javascript:`,
 * `data:`, unparsable) is shown as text, so following it can neither run script nor break the page.
 */
export function ServerLink({ href, children }: { href: string | null | undefined; children: ReactNode }) {
  const path = sameOriginPath(href);
  if (path) return <Link href={path}>{children}</Link>;
  const url = linkableUrl(href);
  return url ? <a href={url}>{children}</a> : <span>{children}</span>;
}
