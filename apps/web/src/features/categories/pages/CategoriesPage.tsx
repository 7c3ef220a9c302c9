import {
  CATEGORY_ACTIONS,
  CATEGORY_MESSAGES,
  CATEGORY_ORDER_KEYS,
  type CategoryRow,
  categoriesResource,
  categoryDetailListSchema,
} from '@sitefleet/contract';
import { useCallback, useState } from 'react';
import { ColumnVisibilityMenu } from '../../../components/ColumnVisibilityMenu.tsx';
import {
  DetailedReviewModal,
  type DetailedReviewSubject,
} from '../../../components/content/DetailedReviewModal.tsx';
import { useContentBulkActions } from '../../../components/content/use-content-bulk-actions.tsx';
import { ResourceListPage } from '../../../components/ResourceListPage.tsx';
import { useCan } from '../../../lib/abilities.ts';
import { useSyncRecord } from '../../../lib/content/content-records.ts';
import { useWebsiteOptions } from '../../../lib/content/website-options.ts';
import { useColumnVisibility } from '../../../lib/use-column-visibility.ts';
import type { ListSort } from '../../../lib/use-list-params.ts';
import { useResourceList } from '../../../lib/use-resource-list.ts';
import { categoryQueries } from '../api/categories.ts';
import {
  activePanelFilters,
  appliedDirection,
  CATEGORY_SCREEN_FILTERS,
  CategoryFilters,
} from '../components/CategoryFilters.tsx';
import { CategoryFormModal } from '../components/CategoryFormModal.tsx';
import { CATEGORY_COLUMNS, useCategoryColumns } from '../components/category-columns.tsx';
import { DeleteCategoryModal } from '../components/DeleteCategoryModal.tsx';

/** Where the Display Settings choice is kept. */
const COLUMNS_STORAGE_KEY = 'sitefleet.categories.columns';

const REVIEW_SUBJECT: DetailedReviewSubject<{ category_name: string }> = {
  header: 'Category',
  value: (row) => row.category_name,
};

const CALLS = { resource: categoriesResource.path, listKey: categoryQueries.key };

/** The edit form is closed or open on a category (the create form opens by the address). */
type FormState = { open: false } | { open: true; category: CategoryRow };

export function CategoriesPage() {
  const list = useResourceList({
    rowId: (category) => category.id,
    resource: categoriesResource,
    filters: CATEGORY_SCREEN_FILTERS,
    // Ticked rows take the review actions as well as the publishing ones.
    selectAbility: ['category-action', 'category-review'],
  });
  const { params } = list;
  const canAct = useCan('category-action');
  const columnVisibility = useColumnVisibility(COLUMNS_STORAGE_KEY);
  const websites = useWebsiteOptions();

  const [form, setForm] = useState<FormState>({ open: false });
  const [reviewing, setReviewing] = useState<CategoryRow | null>(null);
  const [filtersOpen, setFiltersOpen] = useState(false);
  const bulkActions = useContentBulkActions(list, CALLS, CATEGORY_ACTIONS);
  const sync = useSyncRecord({ ...CALLS, syncedMessage: CATEGORY_MESSAGES.synced });

  const columns = useCategoryColumns({
    onEdit: useCallback((category: CategoryRow) => setForm({ open: true, category }), []),
    onDelete: list.askDelete,
    onSync: useCallback((category: CategoryRow) => sync.mutate(category.id), [sync.mutate]),
    onDetails: setReviewing,
  });

  // The header sort is the order key and direction of the API (the server's default: newest first).
  const orderKey = params.filters.order_key;
  const sort: ListSort | null = orderKey
    ? { key: orderKey, direction: appliedDirection(params.filters) }
    : null;
  const setSort = (next: ListSort | null) =>
    params.setFilters({ order_key: next?.key, order_dir: next?.direction });
  const panelFilterCount = activePanelFilters(params.filters);

  return (
    <ResourceListPage
      title="Categories"
      list={list}
      columns={columns}
      sortKeys={CATEGORY_ORDER_KEYS}
      sort={{ value: sort, onChange: setSort }}
      columnVisibility={columnVisibility.visibility}
      viewColumns={columnVisibility}
      compact
      filters={
        <select
          className="form-select form-select-sm w-auto"
          aria-label="Website filter"
          value={params.filters.website_id ?? ''}
          onChange={(event) => params.setFilters({ website_id: event.target.value })}
        >
          <option value="">All websites</option>
          {(websites.data ?? []).map((website) => (
            <option key={website.id} value={website.id}>
              {website.name}
            </option>
          ))}
        </select>
      }
      toolbar={
        <>
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
        </>
      }
      selectionActions={bulkActions.menu}
      addNew={{
        label: 'Add New Category',
        form: (close) => <CategoryFormModal category={null} onClose={close} />,
      }}
      banner={
        <>
          {websites.isError && (
            <div className="alert alert-warning m-2" role="alert">
              The websites could not be loaded for the filter: {websites.error.message}
            </div>
          )}
          {bulkActions.banner}
        </>
      }
    >
      <CategoryFilters
        show={filtersOpen}
        onHide={() => setFiltersOpen(false)}
        values={params.filters}
        onChange={params.setFilters}
      />
      {form.open && (
        <CategoryFormModal category={form.category} onClose={() => setForm({ open: false })} />
      )}
      {list.deleting && (
        <DeleteCategoryModal category={list.deleting} onClose={list.cancelDelete} />
      )}
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
    </ResourceListPage>
  );
}
