import { operationAbility, SAVED_VIEW_LISTS, type SavedViewList } from '@sitefleet/contract';
import type { ColumnDef, VisibilityState } from '@tanstack/react-table';
import type { ReactNode } from 'react';
import { type AbilityName, useCan } from '../lib/abilities.ts';
import { isImportResource } from '../lib/imports.ts';
import { useCreateForm } from '../lib/use-create-form.ts';
import type { ListSort } from '../lib/use-list-params.ts';
import type { ResourceList } from '../lib/use-resource-list.ts';
import { AddNewButton } from './AddNewButton.tsx';
import { ConfirmModal } from './ConfirmModal.tsx';
import { DataTable } from './DataTable.tsx';
import { DeleteSelectedButton } from './DeleteSelectedButton.tsx';
import { ExportButton } from './ExportButton.tsx';
import { IfAllowed } from './IfAllowed.tsx';
import { ImportButton } from './import/ImportButton.tsx';
import { ListCard } from './ListCard.tsx';
import { Page } from './Page.tsx';
import { Pagination } from './Pagination.tsx';
import { SearchBox } from './SearchBox.tsx';
import { SavedViewsMenu, type ViewColumns } from './saved-views/SavedViewsMenu.tsx';

/**
 * 'Add New …': opens the create form modal (`form`, shown while the address says `?create=1`) or
 * goes to the create screen (`to`); behind the declaration's create ability unless `ability` says
 * otherwise.
 */
export type AddNewAction = { ability?: AbilityName; label: string } & (
  | { form: (close: () => void) => ReactNode; to?: never }
  | { to: string; form?: never }
);

/** The single delete's confirmation: its title and question about the row. */
export interface DeleteConfirmation<T> {
  title: string;
  question: (row: T) => ReactNode;
}

export interface ResourceListPageProps<T, F extends string> {
  /** The screen's title, the table's name and, lowercased, the search's: 'Users'. */
  title: string;
  /** What useResourceList gave. */
  list: ResourceList<T, F>;
  // biome-ignore lint/suspicious/noExplicitAny: TanStack's own type for columns of mixed values.
  columns: ColumnDef<T, any>[];
  /** The search box's name, when 'Search {title}' does not read well. */
  searchLabel?: string;
  /** Beside the search box: the list's filters. */
  filters?: ReactNode;
  /**
   * List-level tools, first in the header's buttons (e.g. Export, Save view, Display Settings,
   * Advance Filters).
   */
  toolbar?: ReactNode;
  /**
   * What acts on the ticked rows, after the toolbar: Delete Selected by default (with
   * `deleteSelected`), or e.g. a Bulk Actions menu.
   */
  selectionActions?: ReactNode;
  /**
   * Delete Selected, behind the declaration's delete-several ability, its question naming the
   * rows with the declaration's noun.
   */
  deleteSelected?: boolean;
  addNew?: AddNewAction;
  /** Above the table, under the header: e.g. a 'Select all N matching' banner, a warning. */
  banner?: ReactNode;
  /** The single delete's confirmation; leave out when the screen has its own dialog. */
  deleteConfirmation?: DeleteConfirmation<T>;
  /** The header sort's keys; with `sort`/`onSortChange` the list keeps it elsewhere than `sort`. */
  sortKeys?: readonly string[];
  sort?: { value: ListSort | null; onChange: (sort: ListSort | null) => void };
  rowClassName?: (row: T) => string | undefined;
  columnVisibility?: VisibilityState;
  /** The Display Settings a saved view keeps, for a list that has them. */
  viewColumns?: ViewColumns;
  /** Smaller text and padding, for a list whose many default columns must fit a laptop. */
  compact?: boolean;
  /** What the table says when no row matches; DataTable's default without it. */
  emptyText?: ReactNode;
  /** The screen's dialogs (forms, details). */
  children?: ReactNode;
}

/**
 * An admin list screen: the title, a card with search, filters, tools and buttons above the table,
 * the banner, the table (sort, selection, empty and error states), pagination with the page size,
 * and the single delete's confirmation. The screen's dialogs go in `children`.
 */
export function ResourceListPage<T, F extends string>({
  title,
  list,
  columns,
  searchLabel,
  filters,
  toolbar,
  selectionActions,
  deleteSelected,
  addNew,
  banner,
  deleteConfirmation,
  sortKeys,
  sort,
  rowClassName,
  columnVisibility,
  viewColumns,
  compact,
  emptyText,
  children,
}: ResourceListPageProps<T, F>) {
  const { resource, params, rows, rowId, selection, deleting } = list;
  // A list that keeps saved views has its Views menu and its CSV export (resource-names.ts).
  const listName = savedViewList(resource.name);
  const createAbility = addNew?.ability ?? operationAbility(resource, 'create') ?? [];
  const deleteAbility = operationAbility(resource, 'removeMany');
  const creating = useCreateForm();
  const canCreate = useCan(createAbility);
  const search = (
    <SearchBox
      value={params.query}
      onSearch={params.setQuery}
      label={searchLabel ?? `Search ${title.toLowerCase()}`}
    />
  );
  return (
    <Page title={title}>
      <ListCard
        search={
          filters ? (
            <div className="d-flex flex-wrap gap-2 align-items-center">
              {search}
              {filters}
            </div>
          ) : (
            search
          )
        }
        actions={
          <>
            {listName && (
              <>
                <SavedViewsMenu list={listName} columns={viewColumns} />
                <ExportButton resource={listName} list={params} />
                {isImportResource(listName) && <ImportButton resource={listName} />}
              </>
            )}
            {toolbar}
            {selectionActions}
            {deleteSelected && deleteAbility && selection && (
              <IfAllowed ability={deleteAbility}>
                <DeleteSelectedButton
                  count={selection.selectedIds.length}
                  onConfirm={list.deleteSelected}
                  noun={resource.noun}
                />
              </IfAllowed>
            )}
            {addNew &&
              (addNew.to === undefined ? (
                <AddNewButton
                  ability={createAbility}
                  label={addNew.label}
                  onClick={creating.open}
                />
              ) : (
                <AddNewButton ability={createAbility} label={addNew.label} to={addNew.to} />
              ))}
          </>
        }
        footer={
          <Pagination
            page={rows.data}
            onPageChange={params.setPage}
            perPage={params.perPage}
            onPerPageChange={params.setPerPage}
            label={`${title} pages`}
          />
        }
      >
        {banner}
        <DataTable
          label={title}
          columns={columns}
          rows={rows.data?.data}
          rowId={rowId}
          selection={selection}
          isFetching={rows.isFetching}
          error={rows.error}
          sortKeys={sortKeys}
          sort={sort ? sort.value : params.sort}
          onSortChange={sort ? sort.onChange : params.setSort}
          firstRowNumber={rows.data?.from ?? 1}
          rowClassName={rowClassName}
          columnVisibility={columnVisibility}
          compact={compact}
          emptyText={emptyText}
        />
      </ListCard>

      {deleteConfirmation && (
        <ConfirmModal
          show={deleting !== null}
          title={deleteConfirmation.title}
          busy={list.deletePending}
          onConfirm={() => {
            const key = deleting && rowId(deleting);
            // The resource's single delete (DELETE {path}/{id}) takes a list keyed by id.
            if (typeof key === 'number') list.confirmDelete(key);
          }}
          onCancel={list.cancelDelete}
        >
          {deleting && deleteConfirmation.question(deleting)}
        </ConfirmModal>
      )}
      {addNew?.form && creating.requested && canCreate && addNew.form(creating.close)}
      {children}
    </Page>
  );
}

/** The saved-view list of this name, when the resource keeps saved views. */
const savedViewList = (name: string): SavedViewList | undefined =>
  Object.hasOwn(SAVED_VIEW_LISTS, name) ? (name as SavedViewList) : undefined;
