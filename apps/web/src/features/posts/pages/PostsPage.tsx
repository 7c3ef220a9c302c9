import {
  POST_ACTIONS,
  POST_MESSAGES,
  POST_ORDER_KEYS,
  type PostRow,
  postDetailListSchema,
  postsResource,
} from '@sitefleet/contract';
import { useCallback, useState } from 'react';
import { ColumnVisibilityMenu } from '../../../components/ColumnVisibilityMenu.tsx';
import {
  DetailedReviewModal,
  type DetailedReviewSubject,
} from '../../../components/content/DetailedReviewModal.tsx';
import { useContentBulkActions } from '../../../components/content/use-content-bulk-actions.tsx';
import type { VariantViews } from '../../../components/content/VariantViewsPanel.tsx';
import { ResourceListPage } from '../../../components/ResourceListPage.tsx';
import { useCan } from '../../../lib/abilities.ts';
import { useSyncRecord } from '../../../lib/content/content-records.ts';
import { useColumnVisibility } from '../../../lib/use-column-visibility.ts';
import { useResourceList } from '../../../lib/use-resource-list.ts';
import { postQueries } from '../api/posts.ts';
import {
  COST_PER_POST_COLUMN,
  useCostPerPostColumns,
} from '../components/cost-per-post-column.tsx';
import { PostFilters } from '../components/PostFilters.tsx';
import { PostFormModal } from '../components/PostFormModal.tsx';
import { usePostColumns } from '../components/post-columns.tsx';

const REVIEW_SUBJECT: DetailedReviewSubject<{ post_title: string }> = {
  header: 'Post',
  value: (row) => row.post_title,
};

const CALLS = { resource: postsResource.path, listKey: postQueries.key };

/** Where the Display Settings choice is kept; the cost per post is an option, hidden until chosen. */
const COLUMNS_STORAGE_KEY = 'sitefleet.posts.columns';
const OPTIONAL_COLUMNS = [COST_PER_POST_COLUMN.id];

/** The edit form is closed or open on a post (the create form opens by the address). */
type FormState = { open: false } | { open: true; post: PostRow };

/** `variantViews`: a variant's views in Detailed Review, which the app hands over. */
export function PostsPage({ variantViews }: { variantViews?: VariantViews }) {
  const list = useResourceList({
    rowId: (post) => post.id,
    resource: postsResource,
    // Ticked rows take the review actions as well as the publishing ones.
    selectAbility: ['post-action', 'post-review'],
    deletedMessage: POST_MESSAGES.deleted,
  });
  const canAct = useCan('post-action');
  const columnVisibility = useColumnVisibility(COLUMNS_STORAGE_KEY, OPTIONAL_COLUMNS);
  const costPerPost = useCostPerPostColumns(list.params.filters.website_id);

  const [form, setForm] = useState<FormState>({ open: false });
  const [reviewing, setReviewing] = useState<PostRow | null>(null);
  const bulkActions = useContentBulkActions(list, CALLS, POST_ACTIONS);
  const sync = useSyncRecord({ ...CALLS, syncedMessage: POST_MESSAGES.synced });

  const columns = usePostColumns(
    {
      onEdit: useCallback((post: PostRow) => setForm({ open: true, post }), []),
      onDelete: list.askDelete,
      onSync: useCallback((post: PostRow) => sync.mutate(post.id), [sync.mutate]),
      onDetails: setReviewing,
    },
    costPerPost.columns,
  );

  return (
    <ResourceListPage
      title="Posts"
      list={list}
      columns={columns}
      sortKeys={POST_ORDER_KEYS}
      columnVisibility={columnVisibility.visibility}
      toolbar={
        costPerPost.canSeeMoney && (
          <ColumnVisibilityMenu columns={[COST_PER_POST_COLUMN]} {...columnVisibility} />
        )
      }
      compact
      filters={<PostFilters values={list.params.filters} onChange={list.params.setFilters} />}
      selectionActions={bulkActions.menu}
      banner={bulkActions.banner}
      addNew={{
        label: 'Add New Post',
        form: (close) => <PostFormModal post={null} onClose={close} />,
      }}
      deleteConfirmation={{
        title: 'Delete Post',
        question: () => 'Are you sure you want to delete this post ?',
      }}
    >
      {form.open && <PostFormModal post={form.post} onClose={() => setForm({ open: false })} />}
      {reviewing && (
        <DetailedReviewModal
          {...CALLS}
          recordId={reviewing.id}
          recordName={reviewing.title}
          pageSchema={postDetailListSchema}
          subject={REVIEW_SUBJECT}
          canAct={canAct}
          onClose={() => setReviewing(null)}
          variantViews={variantViews}
        />
      )}
    </ResourceListPage>
  );
}
