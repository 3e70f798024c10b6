import type { ReactNode } from 'react';

/** What a screen shows when it has nothing to list: what is empty, why, and what to do. */
export function EmptyState({
  title,
  children,
  action,
}: {
  title: string;
  children?: ReactNode;
  action?: ReactNode;
}) {
  return (
    <div className="empty-state">
      <p className="empty-state__title">{title}</p>
      {children}
      {action && <div className="empty-state__action">{action}</div>}
    </div>
  );
}
