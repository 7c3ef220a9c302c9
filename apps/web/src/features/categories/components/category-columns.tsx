import { type CategoryRow, truncate } from '@sitefleet/contract';
import type { ColumnDef } from '@tanstack/react-table';
import { type ReactNode, useMemo } from 'react';
import { CellName, cellNameClass } from '../../../components/CellText.tsx';
import { FlagBadge } from '../../../components/content/FlagBadge.tsx';
import {
  type RecordActionHandlers,
  useRecordMenuColumn,
} from '../../../components/content/record-actions.ts';
import { ReviewStateCell } from '../../../components/content/review-column.tsx';
import { ScheduledBadge } from '../../../components/content/ScheduledBadge.tsx';
import type { ToggleableColumn } from '../../../lib/use-column-visibility.ts';
import { NameList } from './NameList.tsx';

/** Keywords are a long comma-separated text; the list shows its start. */
const KEYWORDS_PREVIEW = 80;

/** The thirteen default columns, which Display Settings shows or hides. */
export const CATEGORY_COLUMNS = [
  { id: 'name', label: 'Name' },
  { id: 'slug', label: 'Slug' },
  { id: 'posts', label: 'Posts' },
  { id: 'status', label: 'Status' },
  { id: 'approved', label: 'Approved' },
  { id: 'review', label: 'Review' },
  { id: 'web_sync', label: 'WebSync' },
  { id: 'auto_sync', label: 'AutoSync' },
  { id: 'websites', label: 'Websites' },
  { id: 'parents', label: 'Parents' },
  { id: 'grand_parents', label: 'Grand Parents' },
  { id: 'children', label: 'Children' },
  { id: 'keywords', label: 'Keywords' },
] as const satisfies readonly ToggleableColumn[];
type CategoryColumnId = (typeof CATEGORY_COLUMNS)[number]['id'];

/** The keywords' start, a space after each comma so that the line may break between them. */
const keywordsPreview = (keywords: string) =>
  truncate(keywords, KEYWORDS_PREVIEW).replaceAll(/,(?=\S)/g, ', ');

const CELLS: Record<CategoryColumnId, (category: CategoryRow) => ReactNode> = {
  name: (category) => <CellName name={category.name} className="fw-semibold" />,
  slug: (category) => (
    // A slug is an address, not words: it breaks anywhere rather than widen a full list.
    <code className="text-body-secondary cell-name cell-unbroken" title={category.slug}>
      {category.slug}
    </code>
  ),
  posts: (category) => category.posts_count,
  status: (category) => (
    <>
      <FlagBadge value={category.status} onText="Active" offText="Inactive" />
      {category.next_publish_at && (
        <div>
          <ScheduledBadge at={category.next_publish_at} />
        </div>
      )}
    </>
  ),
  approved: (category) => <FlagBadge value={category.is_approved} />,
  review: (category) => <ReviewStateCell record={category} />,
  web_sync: (category) => <FlagBadge value={category.synced} />,
  auto_sync: (category) => <FlagBadge value={category.auto_google_sync} />,
  websites: (category) => (
    <NameList items={category.websites} noun="websites" owner={category.name} />
  ),
  parents: (category) => <NameList items={category.parents} noun="parents" owner={category.name} />,
  grand_parents: (category) => (
    <NameList items={category.grandParents} noun="grand parents" owner={category.name} />
  ),
  children: (category) => (
    <NameList items={category.childrens} noun="children" owner={category.name} />
  ),
  keywords: (category) => {
    const preview = keywordsPreview(category.keywords);
    return (
      <span className={`small ${cellNameClass(preview)}`} title={category.keywords}>
        {preview}
      </span>
    );
  },
};

const categoryName = (category: CategoryRow) => category.name;

/** The list's columns and the Options menu, whose items follow the user's abilities. */
export function useCategoryColumns(
  handlers: RecordActionHandlers<CategoryRow>,
): ColumnDef<CategoryRow>[] {
  const options = useRecordMenuColumn('category', categoryName, handlers);
  return useMemo(
    () => [
      ...CATEGORY_COLUMNS.map(
        ({ id, label }): ColumnDef<CategoryRow> => ({
          id,
          header: label,
          cell: ({ row }) => CELLS[id](row.original),
        }),
      ),
      ...options,
    ],
    [options],
  );
}
