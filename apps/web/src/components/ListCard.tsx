import type { ReactNode } from 'react';

interface ListCardProps {
  /** Left of the header: usually the SearchBox. */
  search?: ReactNode;
  /** Right of the header: 'Add New …', 'Delete Selected (n)' … */
  actions?: ReactNode;
  /** The DataTable. */
  children: ReactNode;
  /** Under the table: usually the Pagination. */
  footer?: ReactNode;
  className?: string;
}

/** The card every list sits in: search and buttons above the table, pagination below. */
export function ListCard({ search, actions, children, footer, className = 'mb-4' }: ListCardProps) {
  return (
    <div className={`card ${className}`}>
      <div className="card-header d-flex flex-wrap align-items-center gap-2">
        <div className="flex-grow-1">{search}</div>
        <div className="d-flex flex-wrap gap-2">{actions}</div>
      </div>
      <div className="card-body p-0">{children}</div>
      {footer && <div className="card-footer">{footer}</div>}
    </div>
  );
}
