import type { CategoryRow } from '@sitefleet/contract';
import { useId, useState } from 'react';
import { ConfirmModal } from '../../../components/ConfirmModal.tsx';
import { describedBy } from '../../../components/form/FormField.tsx';
import { SearchSelect } from '../../../components/SearchSelect.tsx';
import { useCategoryChoice } from '../../../lib/content/category-options.ts';
import { isApiError } from '../../../lib/http.ts';
import { useDeleteCategory } from '../api/delete-category.ts';

interface DeleteCategoryModalProps {
  category: CategoryRow;
  onClose: () => void;
}

/**
 * 'Delete Category' with its confirmation. A category with posts or sub-categories is refused
 * (422 on move_to, saying how many): the dialog then asks where to move them and deletes with
 * that move. Any other failure is shown in the dialog, which stays open for another try.
 */
export function DeleteCategoryModal({ category, onClose }: DeleteCategoryModalProps) {
  const remove = useDeleteCategory();
  const target = useCategoryChoice(null, category.id);
  const selectId = useId();
  const error = remove.error;
  const dependents = isApiError(error, 422) ? error.fieldError('move_to') : undefined;
  // Once the server has said that the category has dependents, the move is asked for.
  const [askingForMove, setAskingForMove] = useState(false);
  if (dependents !== undefined && !askingForMove) setAskingForMove(true);

  const confirm = () =>
    remove.mutate(
      { id: category.id, moveTo: askingForMove ? target.chosen?.id : undefined },
      { onSuccess: onClose },
    );

  return (
    <ConfirmModal
      show
      title="Delete Category"
      busy={remove.isPending}
      confirmLabel={askingForMove ? 'Move and Delete' : 'Delete'}
      confirmDisabled={askingForMove && target.chosen === null}
      onConfirm={confirm}
      onCancel={onClose}
    >
      <p className={askingForMove ? '' : 'mb-0'}>Are you sure you want to delete this category ?</p>
      {error && (
        <div className="alert alert-danger" role="alert" id={describedBy(selectId)}>
          {dependents ?? error.message}
        </div>
      )}
      {askingForMove && (
        <>
          <label htmlFor={selectId} className="form-label">
            Move its posts and sub-categories to
          </label>
          <SearchSelect
            inputId={selectId}
            options={target.options}
            value={target.chosen?.id ?? null}
            onChange={target.choose}
            onSearch={target.search.search}
            isLoading={target.search.query.isFetching}
            ariaDescribedBy={error ? describedBy(selectId) : undefined}
            placeholder="Search categories"
          />
        </>
      )}
    </ConfirmModal>
  );
}
