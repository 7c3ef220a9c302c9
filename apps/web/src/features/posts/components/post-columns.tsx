import { POST_DESCRIPTION_PREVIEW, type PostRow, truncate } from '@sitefleet/contract';
import type { ColumnDef } from '@tanstack/react-table';
import { useMemo } from 'react';
import { CellDateTime, CellName } from '../../../components/CellText.tsx';
import {
  type RecordActionHandlers,
  useRecordMenuColumn,
} from '../../../components/content/record-actions.ts';
import { reviewColumn } from '../../../components/content/review-column.tsx';
import { ScheduledBadge } from '../../../components/content/ScheduledBadge.tsx';
import { rowNumberColumn } from '../../../components/DataTable.tsx';
import { PostedIcons } from './PostedIcons.tsx';

const postTitle = (post: PostRow) => post.title;
const NONE: readonly ColumnDef<PostRow>[] = [];

/**
 * #, Title, Description (its first POST_DESCRIPTION_PREVIEW characters), Category, Social Status,
 * Review (the variants' stages and assignees), Reference, Created At, the screen's `more` columns
 * and the Options menu, whose items follow the user's abilities.
 */
export function usePostColumns(
  handlers: RecordActionHandlers<PostRow>,
  more: readonly ColumnDef<PostRow>[] = NONE,
): ColumnDef<PostRow>[] {
  const options = useRecordMenuColumn('post', postTitle, handlers);
  return useMemo(
    () => [
      rowNumberColumn<PostRow>(),
      {
        id: 'title',
        header: 'Title',
        cell: ({ row }) => <CellName name={row.original.title} />,
        meta: { className: 'fw-semibold' },
      },
      {
        id: 'description',
        header: 'Description',
        cell: ({ row }) => (
          <span className="cell-clamp" title={row.original.description}>
            {truncate(row.original.description, POST_DESCRIPTION_PREVIEW)}
          </span>
        ),
        meta: { className: 'small' },
      },
      {
        id: 'category',
        header: 'Category',
        cell: ({ row }) => <CellName name={row.original.category.name} />,
      },
      {
        id: 'social',
        header: 'Social Status',
        cell: ({ row }) => (
          <>
            <PostedIcons flags={row.original} />
            {row.original.next_publish_at && (
              <div>
                <ScheduledBadge at={row.original.next_publish_at} />
              </div>
            )}
          </>
        ),
      },
      reviewColumn<PostRow>(),
      {
        id: 'reference',
        header: 'Reference',
        cell: ({ row }) =>
          row.original.content_reference && (
            <a
              href={row.original.content_reference}
              target="_blank"
              rel="noopener noreferrer"
              title={row.original.content_reference}
            >
              {/* The server keeps only absolute http(s) addresses, so the host is always there. */}
              <span className="cell-truncate">{new URL(row.original.content_reference).host}</span>
              <i className="bi bi-box-arrow-up-right ms-1 small" aria-hidden="true" />
            </a>
          ),
        meta: { className: 'small' },
      },
      {
        id: 'created_at',
        header: 'Created At',
        cell: ({ row }) => <CellDateTime value={row.original.created_at} />,
      },
      ...more,
      ...options,
    ],
    [more, options],
  );
}
