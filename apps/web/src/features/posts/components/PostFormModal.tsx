import { POST_MESSAGES, type PostRow, postFormSchema, postsResource } from '@sitefleet/contract';
import { useId } from 'react';
import { Controller } from 'react-hook-form';
import { FormModal } from '../../../components/FormModal.tsx';
import { FormErrorAlert } from '../../../components/form/FormErrorAlert.tsx';
import {
  describedBy,
  FormField,
  TextAreaField,
  TextField,
} from '../../../components/form/FormField.tsx';
import { HistoryPanel } from '../../../components/HistoryPanel.tsx';
import { SearchSelect } from '../../../components/SearchSelect.tsx';
import { useCategoryChoice } from '../../../lib/content/category-options.ts';
import { contractResolver } from '../../../lib/contract-resolver.ts';
import { useResourceForm } from '../../../lib/use-resource-form.ts';

interface PostFormValues {
  title: string;
  description: string;
  /** Null until a category is chosen: the schema then says 'Category is required'. */
  category_id: number | null;
  content_reference: string;
}

interface PostFormModalProps {
  /** The post to edit, or null to add one. */
  post: PostRow | null;
  onClose: () => void;
}

/** 'Add New Post' / 'Edit Post': title, description, category (searched) and a reference URL. */
export function PostFormModal({ post, onClose }: PostFormModalProps) {
  const { form, errors, modal } = useResourceForm({
    recordId: post?.id ?? null,
    noun: 'Post',
    resolver: contractResolver<PostFormValues>(postFormSchema),
    defaultValues: {
      title: post?.title ?? '',
      description: post?.description ?? '',
      category_id: post?.category_id ?? null,
      content_reference: post?.content_reference ?? '',
    },
    resource: postsResource,
    messages: { created: POST_MESSAGES.created, updated: POST_MESSAGES.updated },
    onClose,
  });
  const category = useCategoryChoice(post?.category ?? null);
  const categoryId = useId();

  return (
    <FormModal {...modal} size="lg">
      <FormErrorAlert errors={errors} />
      <TextField label="Title" registration={form.register('title')} error={errors.title} />
      <TextAreaField
        label="Description"
        rows={6}
        registration={form.register('description')}
        error={errors.description}
      />
      <FormField label="Category" controlId={categoryId} error={errors.category_id}>
        <Controller
          control={form.control}
          name="category_id"
          render={({ field }) => (
            <SearchSelect
              inputId={categoryId}
              options={category.options}
              value={field.value}
              onChange={(id) => {
                category.choose(id);
                field.onChange(id);
              }}
              onBlur={field.onBlur}
              onSearch={category.search.search}
              isLoading={category.search.query.isFetching}
              invalid={errors.category_id !== undefined}
              ariaDescribedBy={errors.category_id ? describedBy(categoryId) : undefined}
              placeholder="Search categories"
            />
          )}
        />
        {category.search.query.isError && (
          <div className="form-text text-danger">{category.search.query.error.message}</div>
        )}
      </FormField>
      <TextField
        label="Content Reference"
        type="url"
        placeholder="https://…"
        className="mb-0"
        registration={form.register('content_reference')}
        error={errors.content_reference}
      />
      {post && <HistoryPanel subjectType="post" subjectId={post.id} />}
    </FormModal>
  );
}
