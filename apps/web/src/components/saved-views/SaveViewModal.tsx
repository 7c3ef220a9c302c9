import { SAVED_VIEW_NAME_MAX, savedViewUpdateSchema } from '@sitefleet/contract';
import { useForm } from 'react-hook-form';
import { contractResolver } from '../../lib/contract-resolver.ts';
import { bindServerErrors } from '../../lib/form-errors.ts';
import { notifySuccess } from '../../lib/toast.tsx';
import { FormModal } from '../FormModal.tsx';
import { FormErrorAlert } from '../form/FormErrorAlert.tsx';
import { TextField } from '../form/FormField.tsx';

interface SaveOptions {
  onSuccess: () => void;
  onError: (error: unknown) => void;
}

export interface SaveViewValues {
  name: string;
  query: string;
  shared: boolean;
}

interface SaveViewModalProps {
  title: string;
  initial: SaveViewValues;
  busy: boolean;
  /** Sends the values; `options` closes the modal on success and puts a refusal on the fields. */
  onSave: (values: SaveViewValues, options: SaveOptions) => void;
  successMessage: string;
  onClose: () => void;
}

/** Names a view of the list as it is now, for the user alone or shared with everyone. */
export function SaveViewModal({
  title,
  initial,
  busy,
  onSave,
  successMessage,
  onClose,
}: SaveViewModalProps) {
  const form = useForm<SaveViewValues>({
    defaultValues: initial,
    resolver: contractResolver(savedViewUpdateSchema),
  });
  const { errors } = form.formState;
  return (
    <FormModal
      show
      title={title}
      busy={busy}
      onCancel={onClose}
      onSubmit={form.handleSubmit((values) =>
        onSave(values, {
          onSuccess: () => {
            notifySuccess(successMessage);
            onClose();
          },
          onError: (error) => bindServerErrors(error, form),
        }),
      )}
    >
      <FormErrorAlert errors={errors} />
      <TextField
        label="Name"
        registration={form.register('name')}
        error={errors.name}
        maxLength={SAVED_VIEW_NAME_MAX}
        autoFocus
      />
      <div className="form-check">
        <input
          type="checkbox"
          className="form-check-input"
          id="saved-view-shared"
          {...form.register('shared')}
        />
        <label className="form-check-label" htmlFor="saved-view-shared">
          Share with everyone who can see this list
        </label>
      </div>
    </FormModal>
  );
}
