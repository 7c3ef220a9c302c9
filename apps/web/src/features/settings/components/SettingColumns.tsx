import type { Setting } from '@sitefleet/contract';
import type { ColumnDef } from '@tanstack/react-table';
import { useMemo } from 'react';
import { IconAction } from '../../../components/IconAction.tsx';
import { useCan } from '../../../lib/abilities.ts';
import { paths } from '../../../lib/paths.ts';
import { SettingValue } from './SettingValue.tsx';

const GROUP_COLUMNS: ColumnDef<Setting>[] = [
  { id: 'group', header: 'Group', accessorFn: (setting) => setting.group.name },
  { id: 'maingroup', header: 'Main Group', accessorFn: (setting) => setting.maingroup.name },
];

interface SettingColumnsOptions {
  /** The Group and Main Group columns (the settings list has them, a group's card not). */
  withGroups: boolean;
  /** Shows a delete action (with setting-delete) that calls this. */
  onDelete?: (setting: Setting) => void;
}

/** Name (full path), Value, Description, [Group, Main Group], Options (edit, delete by ability). */
export function useSettingColumns({
  withGroups,
  onDelete,
}: SettingColumnsOptions): ColumnDef<Setting>[] {
  const canUpdate = useCan('setting-update');
  const canDelete = useCan('setting-delete') && onDelete !== undefined;
  return useMemo(
    () => [
      { id: 'name', header: 'Name', accessorKey: 'full_path', meta: { className: 'text-nowrap' } },
      { id: 'value', header: 'Value', cell: ({ row }) => <SettingValue setting={row.original} /> },
      { id: 'description', header: 'Description', accessorKey: 'description' },
      ...(withGroups ? GROUP_COLUMNS : []),
      {
        id: 'options',
        header: 'Options',
        meta: { className: 'text-nowrap text-end' },
        cell: ({ row }) => (
          <>
            {canUpdate && (
              <IconAction
                icon="bi-pencil-square"
                label={`Edit ${row.original.full_path}`}
                to={paths.settingEdit(row.original.id)}
              />
            )}
            {canDelete && (
              <IconAction
                icon="bi-trash"
                label={`Delete ${row.original.full_path}`}
                danger
                onClick={() => onDelete?.(row.original)}
              />
            )}
          </>
        ),
      },
    ],
    [withGroups, canUpdate, canDelete, onDelete],
  );
}
