import { IMPORTS, type ImportResource, importAbilities } from '@sitefleet/contract';
import { useState } from 'react';
import { useCan } from '../../lib/abilities.ts';
import { ImportModal } from './ImportModal.tsx';

/** Import: beside Export on the lists that take a CSV file, for whoever may create and edit. */
export function ImportButton({ resource }: { resource: ImportResource }) {
  const [open, setOpen] = useState(false);
  const [create, update] = importAbilities(IMPORTS[resource]);
  const canCreate = useCan(create);
  const canUpdate = useCan(update);
  if (!canCreate || !canUpdate) return null;
  return (
    <>
      <button
        type="button"
        className="btn btn-outline-secondary btn-sm"
        onClick={() => setOpen(true)}
      >
        <i className="bi bi-upload me-1" aria-hidden="true" />
        Import
      </button>
      {open && <ImportModal resource={resource} onClose={() => setOpen(false)} />}
    </>
  );
}
