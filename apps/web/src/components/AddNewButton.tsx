import { Link } from 'react-router';
import type { AbilityName } from '../lib/abilities.ts';
import { IfAllowed } from './IfAllowed.tsx';

type AddNewButtonProps = {
  /** The ability that creates the record; without it the button is not shown. */
  ability: AbilityName | readonly AbilityName[];
  /** 'Add New User', 'Add New Website', … */
  label: string;
} & ({ onClick: () => void; to?: never } | { to: string; onClick?: never });

/** A list's 'Add New …' button: opens the form modal (`onClick`) or the create page (`to`). */
export function AddNewButton({ ability, label, onClick, to }: AddNewButtonProps) {
  const content = (
    <>
      <i className="bi bi-plus-lg me-1" aria-hidden="true" />
      {label}
    </>
  );
  return (
    <IfAllowed ability={ability}>
      {to === undefined ? (
        <button type="button" className="btn btn-primary btn-sm" onClick={onClick}>
          {content}
        </button>
      ) : (
        <Link to={to} className="btn btn-primary btn-sm">
          {content}
        </Link>
      )}
    </IfAllowed>
  );
}
