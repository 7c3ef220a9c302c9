import type { Setting } from '@sitefleet/contract';
import type { ColumnDef } from '@tanstack/react-table';
import { useMemo } from 'react';
import { CellName } from '../../../components/CellText.tsx';
import { editDeleteColumn } from '../../../components/edit-delete-column.tsx';
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
  const canDelete = useCan('setting-delete');
  return useMemo(
    () => [
      {
        id: 'full_path',
        header: 'Name',
        cell: ({ row }) => <CellName name={row.original.full_path} />,
      },
      { id: 'value', header: 'Value', cell: ({ row }) => <SettingValue setting={row.original} /> },
      { id: 'description', header: 'Description', accessorKey: 'description' },
      ...(withGroups ? GROUP_COLUMNS : []),
      ...editDeleteColumn<Setting>({
        rowLabel: (setting) => setting.full_path,
        editTo: (setting) => paths.settingEdit(setting.id),
        onDelete,
        canEdit: canUpdate,
        canDelete,
      }),
    ],
    [withGroups, canUpdate, canDelete, onDelete],
  );
}
