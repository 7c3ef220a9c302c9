import type { Workflow } from '@sitefleet/contract';
import type { ColumnDef } from '@tanstack/react-table';
import { useMemo } from 'react';
import { StageBadge } from '../../../components/content/StageBadge.tsx';
import { rowMenuColumn } from '../../../components/row-menu-column.tsx';

interface WorkflowColumnsOptions {
  onEdit: (workflow: Workflow) => void;
  onDelete: (workflow: Workflow) => void;
}

/** Name, its stages in order, the websites using it, and Edit/Delete (never for the default). */
export function useWorkflowColumns({ onEdit, onDelete }: WorkflowColumnsOptions) {
  return useMemo(
    (): ColumnDef<Workflow>[] => [
      {
        id: 'name',
        header: 'Name',
        cell: ({ row }) => (
          <>
            {row.original.name}
            {row.original.is_default && <span className="badge text-bg-info ms-2">Default</span>}
          </>
        ),
      },
      {
        id: 'stages',
        header: 'Stages',
        cell: ({ row }) => (
          <span className="d-inline-flex flex-wrap gap-1 align-items-center">
            {row.original.stages.map((stage, index) => (
              <span key={stage.id}>
                {index > 0 && <i className="bi bi-arrow-right mx-1" aria-hidden="true" />}
                <StageBadge stage={stage} />
              </span>
            ))}
          </span>
        ),
      },
      { id: 'websites_count', header: 'Websites', accessorKey: 'websites_count' },
      ...rowMenuColumn<Workflow>({
        rowName: (workflow) => workflow.name,
        anyAllowed: true,
        actions: (workflow) => [
          { label: 'Edit', icon: 'bi-pencil-square', onSelect: () => onEdit(workflow) },
          !workflow.is_default && {
            label: 'Delete',
            icon: 'bi-trash',
            danger: true,
            onSelect: () => onDelete(workflow),
          },
        ],
      }),
    ],
    [onEdit, onDelete],
  );
}
