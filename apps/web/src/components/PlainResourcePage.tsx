import {
  type AuditSubjectType,
  operationAbility,
  type Paginated,
  RESOURCE_NAMES,
  type ResourceName,
} from '@sitefleet/contract';
import type { ColumnDef } from '@tanstack/react-table';
import { useMemo, useState } from 'react';
import type { FieldValues } from 'react-hook-form';
import type { z } from 'zod';
import { type AbilityName, useCan } from '../lib/abilities.ts';
import { contractResolver } from '../lib/contract-resolver.ts';
import type { QueriedResource } from '../lib/resource-queries.ts';
import { type SavedResource, useResourceForm } from '../lib/use-resource-form.ts';
import { useResourceList } from '../lib/use-resource-list.ts';
import { CellDateTime } from './CellText.tsx';
import { editDeleteColumn } from './edit-delete-column.tsx';
import { FormModal } from './FormModal.tsx';
import { FormErrorAlert } from './form/FormErrorAlert.tsx';
import { TextField } from './form/FormField.tsx';
import { HistoryPanel } from './HistoryPanel.tsx';
import { ResourceListPage } from './ResourceListPage.tsx';

/**
 * The whole screen of a plain resource (a table of text fields, its list and its form), read from
 * its declaration: the list with search, sort, export, saved views and Delete Selected, the
 * Options column by the user's abilities, and the add and edit form on the contract's rules with
 * the record's history. A resource that shows more composes ResourceListPage itself.
 */

/** A plain resource's row: its id and its fields. */
export type PlainRow = { id: number } & Record<string, unknown>;

export interface PlainResourcePageProps<T extends PlainRow> {
  resource: QueriedResource<Paginated<T>> & SavedResource<T> & { name: ResourceName };
  /** The screen's title: 'Tags'. */
  title: string;
  /** The list's columns, each a field of the row; a date shows as a date and time. */
  columns: readonly { field: keyof T & string; header: string; date?: true }[];
  /** The form's text fields, in order, each a field of the create and update body. */
  fields: readonly { name: keyof T & string; label: string }[];
  /** The create and update body's schema: the form checks what the server would. */
  input: z.ZodType<unknown, FieldValues>;
  messages: { created: string; updated: string; deleted: (count: number) => string };
  sortKeys: readonly string[];
  /** How the page names a record: 'Delete Tag news', 'Are you sure … news ?'. */
  rowName: (row: T) => string;
}

export function PlainResourcePage<T extends PlainRow>(props: PlainResourcePageProps<T>) {
  const { resource, title, rowName } = props;
  const one = RESOURCE_NAMES[resource.name].label;
  const list = useResourceList<T, string>({
    resource,
    rowId: (row) => row.id,
    deletedMessage: props.messages.deleted(1),
  });
  const [editing, setEditing] = useState<T | null>(null);
  const canEdit = useCan(operationAbility(resource, 'update') as AbilityName);
  const canDelete = useCan(operationAbility(resource, 'remove') as AbilityName);
  const columns = useMemo<ColumnDef<T>[]>(
    () => [
      ...props.columns.map(
        ({ field, header, date }): ColumnDef<T> => ({
          id: field,
          header,
          ...(date
            ? { cell: ({ row }) => <CellDateTime value={String(row.original[field])} /> }
            : { accessorKey: field }),
        }),
      ),
      ...editDeleteColumn<T>({
        rowLabel: rowName,
        onEdit: setEditing,
        onDelete: list.askDelete,
        canEdit,
        canDelete,
      }),
    ],
    [props.columns, rowName, list.askDelete, canEdit, canDelete],
  );

  return (
    <ResourceListPage
      title={title}
      list={list}
      columns={columns}
      sortKeys={props.sortKeys}
      deleteSelected
      addNew={{
        label: `Add New ${one}`,
        form: (close) => <PlainForm {...props} record={null} onClose={close} />,
      }}
      deleteConfirmation={{
        title: `Delete ${one}`,
        question: (row) =>
          `Are you sure you want to delete the ${one.toLowerCase()} ${rowName(row)} ?`,
      }}
    >
      {editing && <PlainForm {...props} record={editing} onClose={() => setEditing(null)} />}
    </ResourceListPage>
  );
}

type PlainFormProps<T extends PlainRow> = PlainResourcePageProps<T> & {
  record: T | null;
  onClose: () => void;
};

/** 'Add New Tag' / 'Edit Tag': the resource's text fields, and an edited record's history. */
function PlainForm<T extends PlainRow>({ resource, fields, record, ...props }: PlainFormProps<T>) {
  const facts = RESOURCE_NAMES[resource.name];
  const { form, errors, modal } = useResourceForm<Record<string, string>, T>({
    recordId: record?.id ?? null,
    noun: facts.label,
    resolver: contractResolver<Record<string, string>>(props.input),
    defaultValues: Object.fromEntries(
      fields.map(({ name }) => [name, String(record?.[name] ?? '')]),
    ),
    resource,
    messages: props.messages,
    onClose: props.onClose,
  });
  return (
    <FormModal {...modal}>
      <FormErrorAlert errors={errors} />
      {fields.map(({ name, label }) => (
        <TextField
          key={name}
          className="mb-3"
          label={label}
          autoComplete="off"
          registration={form.register(name)}
          error={errors[name]}
        />
      ))}
      {record && <HistoryPanel subjectType={facts.one as AuditSubjectType} subjectId={record.id} />}
    </FormModal>
  );
}
