import { Link } from 'react-router';

interface IconActionProps {
  /** Bootstrap icon class, e.g. 'bi-pencil-square'. */
  icon: string;
  /** What it does to which row, e.g. 'Edit Ada': the accessible name and the tooltip. */
  label: string;
  /** A link to another screen … */
  to?: string;
  /** … or an action on this one. */
  onClick?: () => void;
  danger?: boolean;
  disabled?: boolean;
}

/** A row's icon action (edit, delete, assign …) in a list's Options column. */
export function IconAction({
  icon,
  label,
  to,
  onClick,
  danger = false,
  disabled,
}: IconActionProps) {
  const className = `btn btn-link btn-sm p-1 ${danger ? 'link-danger' : ''}`;
  const content = <i className={`bi ${icon}`} aria-hidden="true" />;
  if (to) {
    return (
      <Link to={to} className={className} aria-label={label} title={label}>
        {content}
      </Link>
    );
  }
  return (
    <button
      type="button"
      className={className}
      aria-label={label}
      title={label}
      onClick={onClick}
      disabled={disabled}
    >
      {content}
    </button>
  );
}
