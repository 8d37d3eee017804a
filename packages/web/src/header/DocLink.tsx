import type { Link } from '@docs-portal/contracts';
import type { ReactNode } from 'react';
import { usePortal } from '../data/PortalContext';
import { resolveDocLink } from '../portal/docsBase';
import { Icon } from '../icons/Icon';

/**
 * A configured link: documentation paths resolve under the docs base (SPEC.md section 2), other
 * sites open in a new tab without referrer. Links that resolve to nothing safe render as text.
 */
export function DocLink({
  link,
  className,
  children,
}: {
  link: Link;
  className?: string;
  children?: ReactNode;
}) {
  const { bootstrap } = usePortal();
  const resolved = resolveDocLink(link.path, window.location, bootstrap.basePath);
  const content = children ?? (
    <>
      {link.icon && <Icon name={link.icon} size={16} />}
      <span>{link.title}</span>
    </>
  );
  if (!resolved) return <span className={className}>{content}</span>;
  if (!resolved.external) {
    return (
      <a className={className} href={resolved.href}>
        {content}
      </a>
    );
  }
  return (
    <a className={className} href={resolved.href} target="_blank" rel="noopener noreferrer">
      {content}
      <span className="visually-hidden"> (opens in a new tab)</span>
    </a>
  );
}
