import { type POST_LIST_FILTERS, POST_STATUS_FILTER_OPTIONS } from '@sitefleet/contract';
import { ReviewFilters } from '../../../components/content/ReviewFilters.tsx';
import { SearchSelect } from '../../../components/SearchSelect.tsx';
import { useCan } from '../../../lib/abilities.ts';
import { useCategorySearch } from '../../../lib/content/category-options.ts';
import { useWebsiteOptions } from '../../../lib/content/website-options.ts';
import { useFilterCategory } from '../api/posts.ts';

type PostListFilter = (typeof POST_LIST_FILTERS)[number];

interface PostFiltersProps {
  values: Record<PostListFilter, string | undefined>;
  onChange: (changes: Partial<Record<PostListFilter, string | undefined>>) => void;
}

/**
 * The Posts list's filters beside its search: a category (searched, as there may be thousands;
 * only for those who may list categories), a website and a status. Each applies at once and lives
 * in the URL.
 */
export function PostFilters({ values, onChange }: PostFiltersProps) {
  const websites = useWebsiteOptions();
  const mayListCategories = useCan('category-list');

  return (
    <>
      {mayListCategories && <CategoryFilter values={values} onChange={onChange} />}
      <select
        className="form-select form-select-sm w-auto"
        aria-label="Website filter"
        value={values.website_id ?? ''}
        onChange={(event) => onChange({ website_id: event.target.value })}
      >
        <option value="">All websites</option>
        {(websites.data ?? []).map((website) => (
          <option key={website.id} value={website.id}>
            {website.name}
          </option>
        ))}
      </select>
      <select
        className="form-select form-select-sm w-auto"
        aria-label="Status filter"
        value={values.status ?? ''}
        onChange={(event) => onChange({ status: event.target.value })}
      >
        <option value="">All statuses</option>
        {POST_STATUS_FILTER_OPTIONS.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
      <ReviewFilters values={values} onChange={onChange} />
    </>
  );
}

function CategoryFilter({ values, onChange }: PostFiltersProps) {
  const categorySearch = useCategorySearch();
  const categoryId = values.category_id ? Number(values.category_id) : null;
  const chosen = useFilterCategory(categoryId);
  const categoryOptions = [
    ...(chosen.data ? [chosen.data] : []),
    ...categorySearch.options.filter((category) => category.id !== categoryId),
  ].map((category) => ({ value: category.id, label: category.name }));
  return (
    <div style={{ minWidth: '14rem' }}>
      <SearchSelect
        ariaLabel="Category filter"
        isClearable
        options={categoryOptions}
        value={categoryId}
        onChange={(id) => onChange({ category_id: id === null ? undefined : String(id) })}
        onSearch={categorySearch.search}
        isLoading={categorySearch.query.isFetching || chosen.isFetching}
        placeholder="All categories"
      />
    </div>
  );
}
