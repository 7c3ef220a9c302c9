import {
  BULK_ACTION_LABELS,
  CATEGORY_ACTIONS,
  CATEGORY_MESSAGES,
  CATEGORY_ORDER_KEYS,
  type CategoryAction,
  type CategoryDetailRow,
  type CategoryRow,
  categoryDetailListSchema,
} from '@sitefleet/contract';
import { useCallback, useState } from 'react';
import { AddNewButton } from '../../../components/AddNewButton.tsx';
import { BulkActionsMenu } from '../../../components/BulkActionsMenu.tsx';
import { ColumnVisibilityMenu } from '../../../components/ColumnVisibilityMenu.tsx';
import { DataTable } from '../../../components/DataTable.tsx';
import {
  DetailedReviewModal,
  type DetailedReviewSubject,
} from '../../../components/DetailedReviewModal.tsx';
import { ExportButton } from '../../../components/ExportButton.tsx';
import { ListCard } from '../../../components/ListCard.tsx';
import { Page } from '../../../components/Page.tsx';
import { Pagination } from '../../../components/Pagination.tsx';
import { SearchBox } from '../../../components/SearchBox.tsx';
import {
  actionTarget,
  SelectAllMatchingBanner,
  useSelectAllMatching,
} from '../../../components/SelectAllMatching.tsx';
import { useCan } from '../../../lib/abilities.ts';
import { useBulkAction, useSyncRecord } from '../../../lib/content-records.ts';
import { useColumnVisibility } from '../../../lib/use-column-visibility.ts';
import { type ListSort, useKeepPageInRange, useListParams } from '../../../lib/use-list-params.ts';
import { listReloadKey, useRowSelection } from '../../../lib/use-row-selection.ts';
import { useWebsiteOptions } from '../../../lib/website-options.ts';
import {
  CATEGORY_LIST_FILTERS,
  type CategoryListRequest,
  categoriesKey,
  categoryListKey,
  useCategories,
} from '../api/categories.ts';
import {
  activePanelFilters,
  appliedDirection,
  CategoryFilters,
} from '../components/CategoryFilters.tsx';
import { CategoryFormModal } from '../components/CategoryFormModal.tsx';
import { CATEGORY_COLUMNS, useCategoryColumns } from '../components/category-columns.tsx';
import { DeleteCategoryModal } from '../components/DeleteCategoryModal.tsx';

/** Where the Display Settings choice is kept. */
const COLUMNS_STORAGE_KEY = 'sitefleet.categories.columns';

const BULK_ACTIONS = CATEGORY_ACTIONS.map((action) => ({
  value: action,
  label: BULK_ACTION_LABELS[action],
}));

const REVIEW_SUBJECT: DetailedReviewSubject<CategoryDetailRow> = {
  header: 'Category',
  value: (row) => row.category_name,
};

const CALLS = { resource: '/api/categories', listKey: categoriesKey } as const;

/** The form is closed, open to add a category, or open on one. */
type FormState = { open: false } | { open: true; category: CategoryRow | null };

export function CategoriesPage() {
  const list = useListParams({ filters: CATEGORY_LIST_FILTERS });
  const request: CategoryListRequest = {
    page: list.page,
    perPage: list.perPage,
    query: list.query,
    ...list.filters,
  };
  const categories = useCategories(request);
  useKeepPageInRange(categories.data, list.setPage);
  const reloadKey = listReloadKey(categories, categoryListKey(request));
  const selection = useRowSelection(reloadKey);
  const pageRows = categories.data?.data.length ?? 0;
  const matching = useSelectAllMatching(selection, pageRows, reloadKey);
  const canAct = useCan('category-action');
  const columnVisibility = useColumnVisibility(COLUMNS_STORAGE_KEY);
  const websites = useWebsiteOptions();

  const [form, setForm] = useState<FormState>({ open: false });
  const [deleting, setDeleting] = useState<CategoryRow | null>(null);
  const [reviewing, setReviewing] = useState<CategoryRow | null>(null);
  const [filtersOpen, setFiltersOpen] = useState(false);
  const bulkAction = useBulkAction<CategoryAction>(CALLS);
  const sync = useSyncRecord({ ...CALLS, syncedMessage: CATEGORY_MESSAGES.synced });

  const columns = useCategoryColumns({
    onEdit: useCallback((category: CategoryRow) => setForm({ open: true, category }), []),
    onDelete: setDeleting,
    onSync: useCallback((category: CategoryRow) => sync.mutate(category.id), [sync.mutate]),
    onDetails: setReviewing,
  });

  // The header sort is the order key and direction of the API (the server's default: newest first).
  const orderKey = list.filters.order_key;
  const sort: ListSort | null = orderKey
    ? { key: orderKey, direction: appliedDirection(list.filters) }
    : null;
  const setSort = (next: ListSort | null) =>
    list.setFilters({ order_key: next?.key, order_dir: next?.direction });
  const panelFilterCount = activePanelFilters(list.filters);

  return (
    <Page title="Categories">
      <ListCard
        search={
          <div className="d-flex flex-wrap gap-2">
            <SearchBox value={list.query} onSearch={list.setQuery} label="Search categories" />
            <select
              className="form-select form-select-sm w-auto"
              aria-label="Website filter"
              value={list.filters.website_id ?? ''}
              onChange={(event) => list.setFilters({ website_id: event.target.value })}
            >
              <option value="">All websites</option>
              {(websites.data ?? []).map((website) => (
                <option key={website.id} value={website.id}>
                  {website.name}
                </option>
              ))}
            </select>
          </div>
        }
        actions={
          <>
            <ExportButton resource="categories" list={list} />
            <button
              type="button"
              className="btn btn-outline-secondary btn-sm"
              onClick={() => setFiltersOpen(true)}
            >
              <i className="bi bi-funnel me-1" aria-hidden="true" />
              Advance Filters
              {panelFilterCount > 0 && (
                <span className="badge text-bg-primary ms-1">{panelFilterCount}</span>
              )}
            </button>
            <ColumnVisibilityMenu columns={CATEGORY_COLUMNS} {...columnVisibility} />
            {canAct && (
              <BulkActionsMenu
                actions={BULK_ACTIONS}
                selectedCount={
                  matching.allMatching
                    ? (categories.data?.total ?? 0)
                    : selection.selectedIds.length
                }
                busy={bulkAction.isPending}
                onSelect={(action) => {
                  // The sort is no filter: the action takes the list's search and filters only.
                  const { order_key: _key, order_dir: _direction, ...filters } = list.filters;
                  bulkAction.mutate({
                    action,
                    ...actionTarget(matching, selection.selectedIds, {
                      query: list.query,
                      ...filters,
                    }),
                  });
                }}
              />
            )}
            <AddNewButton
              ability="category-create"
              label="Add New Category"
              onClick={() => setForm({ open: true, category: null })}
            />
          </>
        }
        footer={
          <Pagination
            page={categories.data}
            onPageChange={list.setPage}
            perPage={list.perPage}
            onPerPageChange={list.setPerPage}
            label="Categories pages"
          />
        }
      >
        {websites.isError && (
          <div className="alert alert-warning m-2" role="alert">
            The websites could not be loaded for the filter: {websites.error.message}
          </div>
        )}
        {canAct && (
          <SelectAllMatchingBanner
            matching={matching}
            pageRows={pageRows}
            total={categories.data?.total ?? 0}
          />
        )}
        <DataTable
          label="Categories"
          columns={columns}
          rows={categories.data?.data}
          rowId={(category) => category.id}
          selection={canAct ? selection : undefined}
          isFetching={categories.isFetching}
          error={categories.error}
          sortKeys={CATEGORY_ORDER_KEYS}
          sort={sort}
          onSortChange={setSort}
          columnVisibility={columnVisibility.visibility}
        />
      </ListCard>

      <CategoryFilters
        show={filtersOpen}
        onHide={() => setFiltersOpen(false)}
        values={list.filters}
        onChange={list.setFilters}
      />
      {form.open && (
        <CategoryFormModal category={form.category} onClose={() => setForm({ open: false })} />
      )}
      {deleting && <DeleteCategoryModal category={deleting} onClose={() => setDeleting(null)} />}
      {reviewing && (
        <DetailedReviewModal
          {...CALLS}
          recordId={reviewing.id}
          recordName={reviewing.name}
          pageSchema={categoryDetailListSchema}
          subject={REVIEW_SUBJECT}
          canAct={canAct}
          onClose={() => setReviewing(null)}
        />
      )}
    </Page>
  );
}
