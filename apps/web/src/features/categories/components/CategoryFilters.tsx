import {
  CATEGORY_LIST_FILTERS,
  CATEGORY_ORDER_DEFAULT_DIRECTIONS,
  CATEGORY_ORDER_KEY_LABELS,
  CATEGORY_ORDER_KEYS,
  CATEGORY_STATUS_FILTER_OPTIONS,
  YES_NO_OPTIONS,
} from '@sitefleet/contract';
import { useId } from 'react';
import { Button, Offcanvas } from 'react-bootstrap';
import { ReviewFilters } from '../../../components/content/ReviewFilters.tsx';

/**
 * The list's filters as the URL keeps them: the API's, and the order the panel chooses (the
 * screen's header sort sets the same two).
 */
export const CATEGORY_SCREEN_FILTERS = [
  ...CATEGORY_LIST_FILTERS,
  'order_key',
  'order_dir',
] as const;
type CategoryListFilter = (typeof CATEGORY_SCREEN_FILTERS)[number];

/** The filters of the Advance Filters panel: all but the website, which has its own dropdown. */
export const PANEL_FILTERS = CATEGORY_SCREEN_FILTERS.filter(
  (filter): filter is Exclude<CategoryListFilter, 'website_id'> => filter !== 'website_id',
);
type PanelFilter = (typeof PANEL_FILTERS)[number];

const DIRECTION_OPTIONS = [
  { value: 'asc', label: 'Ascending' },
  { value: 'desc', label: 'Descending' },
] as const;

const FIELDS: {
  filter: Exclude<PanelFilter, 'order_dir'>;
  label: string;
  anyLabel: string;
  options: readonly { value: string | number; label: string }[];
}[] = [
  { filter: 'status', label: 'Status', anyLabel: 'All', options: CATEGORY_STATUS_FILTER_OPTIONS },
  { filter: 'is_approved', label: 'Approved', anyLabel: 'All', options: YES_NO_OPTIONS },
  { filter: 'synced', label: 'Synced', anyLabel: 'All', options: YES_NO_OPTIONS },
  { filter: 'auto_google_sync', label: 'Auto Sync', anyLabel: 'All', options: YES_NO_OPTIONS },
  {
    filter: 'order_key',
    label: 'Order By',
    anyLabel: 'Default (newest first)',
    options: CATEGORY_ORDER_KEYS.map((key) => ({
      value: key,
      label: CATEGORY_ORDER_KEY_LABELS[key],
    })),
  },
];

/** The direction the list is sorted in: the chosen one, or the order key's own. */
export function appliedDirection(values: Record<CategoryListFilter, string | undefined>) {
  if (values.order_dir === 'asc' || values.order_dir === 'desc') return values.order_dir;
  const key = CATEGORY_ORDER_KEYS.find((candidate) => candidate === values.order_key) ?? 'id';
  return CATEGORY_ORDER_DEFAULT_DIRECTIONS[key];
}

interface CategoryFiltersProps {
  show: boolean;
  onHide: () => void;
  values: Record<CategoryListFilter, string | undefined>;
  /** Applies at once: the list (and the URL) follow each choice. */
  onChange: (changes: Partial<Record<CategoryListFilter, string | undefined>>) => void;
}

/** How many of the panel's filters are set, for the button's badge. */
export function activePanelFilters(values: Record<CategoryListFilter, string | undefined>) {
  return PANEL_FILTERS.filter((filter) => values[filter] !== undefined).length;
}

/**
 * The Advance Filters side panel: status, approved, synced, auto-sync, review stage and assignee,
 * order key and direction.
 */
export function CategoryFilters({ show, onHide, values, onChange }: CategoryFiltersProps) {
  const idPrefix = useId();
  return (
    <Offcanvas show={show} onHide={onHide} placement="end" aria-labelledby={`${idPrefix}-title`}>
      <Offcanvas.Header closeButton>
        <Offcanvas.Title as="h2" className="h5" id={`${idPrefix}-title`}>
          Advance Filters
        </Offcanvas.Title>
      </Offcanvas.Header>
      <Offcanvas.Body>
        {FIELDS.map(({ filter, label, anyLabel, options }) => (
          <div key={filter} className="mb-3">
            <label htmlFor={`${idPrefix}-${filter}`} className="form-label">
              {label}
            </label>
            <select
              id={`${idPrefix}-${filter}`}
              className="form-select"
              value={values[filter] ?? ''}
              onChange={(event) =>
                onChange({
                  [filter]: event.target.value || undefined,
                  // A new order key starts in its own direction (names A→Z, dates newest first).
                  ...(filter === 'order_key' && { order_dir: undefined }),
                })
              }
            >
              <option value="">{anyLabel}</option>
              {options.map((option) => (
                <option key={option.value} value={option.value}>
                  {option.label}
                </option>
              ))}
            </select>
          </div>
        ))}
        <div className="mb-3 d-flex flex-wrap gap-2">
          <ReviewFilters values={values} onChange={onChange} />
        </div>
        <div className="mb-3">
          <label htmlFor={`${idPrefix}-order_dir`} className="form-label">
            Order Direction
          </label>
          <select
            id={`${idPrefix}-order_dir`}
            className="form-select"
            value={appliedDirection(values)}
            onChange={(event) => onChange({ order_dir: event.target.value })}
          >
            {DIRECTION_OPTIONS.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </select>
        </div>
        <Button
          variant="outline-secondary"
          onClick={() =>
            onChange(Object.fromEntries(PANEL_FILTERS.map((filter) => [filter, undefined])))
          }
        >
          Clear filters
        </Button>
      </Offcanvas.Body>
    </Offcanvas>
  );
}
