import {
  BULK_ACTION_LABELS,
  POST_ACTIONS,
  POST_MESSAGES,
  POST_ORDER_KEYS,
  type PostAction,
  type PostDetailRow,
  type PostRow,
  postDetailListSchema,
} from '@sitefleet/contract';
import { useCallback, useState } from 'react';
import { AddNewButton } from '../../../components/AddNewButton.tsx';
import { BulkActionsMenu } from '../../../components/BulkActionsMenu.tsx';
import { ConfirmModal } from '../../../components/ConfirmModal.tsx';
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
import { useDeleteRow } from '../../../lib/delete-rows.ts';
import { useKeepPageInRange, useListParams } from '../../../lib/use-list-params.ts';
import { listReloadKey, useRowSelection } from '../../../lib/use-row-selection.ts';
import { POST_LIST_FILTERS, postListKey, postsKey, usePosts } from '../api/posts.ts';
import { PostFilters } from '../components/PostFilters.tsx';
import { PostFormModal } from '../components/PostFormModal.tsx';
import { usePostColumns } from '../components/post-columns.tsx';

const BULK_ACTIONS = POST_ACTIONS.map((action) => ({
  value: action,
  label: BULK_ACTION_LABELS[action],
}));

const REVIEW_SUBJECT: DetailedReviewSubject<PostDetailRow> = {
  header: 'Post',
  value: (row) => row.post_title,
};

const CALLS = { resource: '/api/posts', listKey: postsKey } as const;

/** The form is closed, open to add a post, or open on one. */
type FormState = { open: false } | { open: true; post: PostRow | null };

export function PostsPage() {
  const list = useListParams({ filters: POST_LIST_FILTERS });
  const request = {
    page: list.page,
    perPage: list.perPage,
    query: list.query,
    sort: list.sort,
    filters: list.filters,
  };
  const posts = usePosts(request);
  useKeepPageInRange(posts.data, list.setPage);
  const reloadKey = listReloadKey(posts, postListKey(request));
  const selection = useRowSelection(reloadKey);
  const pageRows = posts.data?.data.length ?? 0;
  const matching = useSelectAllMatching(selection, pageRows, reloadKey);
  const canAct = useCan('post-action');

  const [form, setForm] = useState<FormState>({ open: false });
  const [deleting, setDeleting] = useState<PostRow | null>(null);
  const [reviewing, setReviewing] = useState<PostRow | null>(null);
  const bulkAction = useBulkAction<PostAction>(CALLS);
  const sync = useSyncRecord({ ...CALLS, syncedMessage: POST_MESSAGES.synced });
  const deletePost = useDeleteRow({
    path: '/api/posts',
    listKey: postsKey,
    deletedMessage: POST_MESSAGES.deleted,
  });

  const columns = usePostColumns({
    onEdit: useCallback((post: PostRow) => setForm({ open: true, post }), []),
    onDelete: setDeleting,
    onSync: useCallback((post: PostRow) => sync.mutate(post.id), [sync.mutate]),
    onDetails: setReviewing,
  });

  return (
    <Page title="Posts">
      <ListCard
        search={
          <div className="d-flex flex-wrap gap-2">
            <SearchBox value={list.query} onSearch={list.setQuery} label="Search posts" />
            <PostFilters values={list.filters} onChange={list.setFilters} />
          </div>
        }
        actions={
          <>
            <ExportButton resource="posts" list={list} />
            {canAct && (
              <BulkActionsMenu
                actions={BULK_ACTIONS}
                selectedCount={
                  matching.allMatching ? (posts.data?.total ?? 0) : selection.selectedIds.length
                }
                busy={bulkAction.isPending}
                onSelect={(action) =>
                  bulkAction.mutate({
                    action,
                    ...actionTarget(matching, selection.selectedIds, {
                      query: list.query,
                      ...list.filters,
                    }),
                  })
                }
              />
            )}
            <AddNewButton
              ability="post-create"
              label="Add New Post"
              onClick={() => setForm({ open: true, post: null })}
            />
          </>
        }
        footer={
          <Pagination
            page={posts.data}
            onPageChange={list.setPage}
            perPage={list.perPage}
            onPerPageChange={list.setPerPage}
            label="Posts pages"
          />
        }
      >
        {canAct && (
          <SelectAllMatchingBanner
            matching={matching}
            pageRows={pageRows}
            total={posts.data?.total ?? 0}
          />
        )}
        <DataTable
          label="Posts"
          columns={columns}
          rows={posts.data?.data}
          rowId={(post) => post.id}
          selection={canAct ? selection : undefined}
          isFetching={posts.isFetching}
          error={posts.error}
          firstRowNumber={posts.data?.from ?? 1}
          sortKeys={POST_ORDER_KEYS}
          sort={list.sort}
          onSortChange={list.setSort}
        />
      </ListCard>

      {form.open && <PostFormModal post={form.post} onClose={() => setForm({ open: false })} />}

      <ConfirmModal
        show={deleting !== null}
        title="Delete Post"
        busy={deletePost.isPending}
        onConfirm={() =>
          deleting && deletePost.mutate(deleting.id, { onSuccess: () => setDeleting(null) })
        }
        onCancel={() => setDeleting(null)}
      >
        Are you sure you want to delete this post ?
      </ConfirmModal>
      {reviewing && (
        <DetailedReviewModal
          {...CALLS}
          recordId={reviewing.id}
          recordName={reviewing.title}
          pageSchema={postDetailListSchema}
          subject={REVIEW_SUBJECT}
          canAct={canAct}
          onClose={() => setReviewing(null)}
        />
      )}
    </Page>
  );
}
