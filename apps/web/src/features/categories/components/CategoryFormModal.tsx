import { zodResolver } from '@hookform/resolvers/zod';
import {
  CATEGORY_MESSAGES,
  CATEGORY_TYPES,
  type CategoryRow,
  categoriesResource,
  categoryCreateSchema,
  categoryUpdateSchema,
  RECORD_STATUS_OPTIONS,
  YES_NO_OPTIONS,
} from '@sitefleet/contract';
import type { FieldError, Resolver } from 'react-hook-form';
import { FormModal } from '../../../components/FormModal.tsx';
import { FormErrorAlert } from '../../../components/form/FormErrorAlert.tsx';
import { SelectField, TextAreaField, TextField } from '../../../components/form/FormField.tsx';
import { WebsitesField } from '../../../components/form/WebsitesField.tsx';
import { HistoryPanel } from '../../../components/HistoryPanel.tsx';
import { useResourceForm } from '../../../lib/use-resource-form.ts';
import { useCategory } from '../api/categories.ts';
import { type CategoryFormValues, categoryFormDefaults } from './category-form.ts';
import { ParentsField } from './ParentsField.tsx';
import { useSlugFollowingName } from './use-slug-following-name.ts';

interface CategoryFormModalProps {
  /** The category to edit, or null to add one. */
  category: CategoryRow | null;
  onClose: () => void;
}

const TYPE_OPTIONS = CATEGORY_TYPES.map((type) => ({
  value: type,
  label: type[0]?.toUpperCase() + type.slice(1),
}));

/** The edit form's required choices, each with its message in the contract's schema. */
const EDIT_CHOICES = [
  { name: 'status', label: 'Status', options: RECORD_STATUS_OPTIONS },
  { name: 'auto_google_sync', label: 'Auto Google Sync', options: YES_NO_OPTIONS },
  { name: 'is_approved', label: 'Is Approved', options: YES_NO_OPTIONS },
] as const;

/**
 * 'Add New Category' / 'Edit Category'. Editing reads the category first (GET /api/categories/{id}):
 * the list row names only its first websites and parents, and the form saves them all.
 */
export function CategoryFormModal({ category, onClose }: CategoryFormModalProps) {
  const complete = useCategory(category?.id ?? null);
  if (category === null) return <CategoryForm category={null} onClose={onClose} />;
  if (complete.data) return <CategoryForm category={complete.data} onClose={onClose} />;
  return (
    <FormModal
      show
      size="lg"
      title="Edit Category"
      onSubmit={(event) => event.preventDefault()}
      submitDisabled
      onCancel={onClose}
    >
      {complete.isError ? (
        <div className="alert alert-danger" role="alert">
          {complete.error.message}
        </div>
      ) : (
        <p className="text-body-secondary mb-0">Loading the category…</p>
      )}
    </FormModal>
  );
}

/**
 * The form: name and a slug that follows it, description, type, keywords, websites (required),
 * parents, and on edit status, auto_google_sync and is_approved.
 */
function CategoryForm({ category, onClose }: CategoryFormModalProps) {
  const { form, errors, editing, modal } = useResourceForm({
    recordId: category?.id ?? null,
    noun: 'Category',
    // The contract's rules, so that the form says what the server would say; the parsed values
    // (numbers for the selects, the default type) are what is sent, as the server expects them.
    resolver: zodResolver(
      category === null ? categoryCreateSchema : categoryUpdateSchema,
    ) as unknown as Resolver<CategoryFormValues>,
    defaultValues: categoryFormDefaults(category),
    resource: categoriesResource,
    messages: { created: CATEGORY_MESSAGES.created, updated: CATEGORY_MESSAGES.updated },
    onClose,
  });
  const { name, slug } = useSlugFollowingName(form, !editing);

  return (
    <FormModal {...modal} size="lg">
      <FormErrorAlert errors={errors} />
      <div className="row">
        <TextField className="col-md-6 mb-3" label="Name" registration={name} error={errors.name} />
        <TextField className="col-md-6 mb-3" label="Slug" registration={slug} error={errors.slug} />
      </div>
      <TextAreaField
        label="Description"
        rows={3}
        registration={form.register('description')}
        error={errors.description}
      />
      <div className="row">
        <SelectField
          className="col-md-4 mb-3"
          label="Type"
          options={TYPE_OPTIONS}
          registration={form.register('type')}
          error={errors.type}
        />
        <TextField
          className="col-md-8 mb-3"
          label="Keywords"
          placeholder="Comma separated"
          registration={form.register('keywords')}
          error={errors.keywords}
        />
      </div>
      <WebsitesField
        control={form.control}
        name="websites"
        error={errors.websites}
        placeholder="Select websites"
      />
      <ParentsField
        control={form.control}
        error={errors.parents as FieldError | undefined}
        categoryId={category?.id ?? null}
        initialParents={category?.parents ?? []}
      />
      {editing && (
        <div className="row">
          {EDIT_CHOICES.map((choice) => (
            <SelectField
              key={choice.name}
              className="col-md-4 mb-3"
              label={choice.label}
              options={choice.options}
              placeholder="Select"
              registration={form.register(choice.name)}
              error={errors[choice.name]}
            />
          ))}
        </div>
      )}
      {category && <HistoryPanel subjectType="category" subjectId={category.id} />}
    </FormModal>
  );
}
