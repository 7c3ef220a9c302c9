import {
  type RecoveryCodesRegenerateInput,
  recoveryCodesRegenerateSchema,
} from '@sitefleet/contract';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { FormErrorAlert } from '../../../components/form/FormErrorAlert.tsx';
import { TextField } from '../../../components/form/FormField.tsx';
import { SubmitButton } from '../../../components/form/SubmitButton.tsx';
import { contractResolver } from '../../../lib/contract-resolver.ts';
import { bindServerErrors } from '../../../lib/form-errors.ts';
import { notifySuccess } from '../../../lib/toast.tsx';
import { useRegenerateRecoveryCodes } from '../api/security.ts';

interface FormValues {
  currentPassword: string;
  code: string;
}

/**
 * 'Regenerate recovery codes': the password or a code from the app proves it is the user, then
 * the new codes replace the old ones and are shown once (by `onCodes`).
 */
export function RegenerateRecoveryCodes({ onCodes }: { onCodes: (codes: string[]) => void }) {
  const [open, setOpen] = useState(false);
  const formId = useId();
  const form = useForm<FormValues>({
    resolver: contractResolver<FormValues & RecoveryCodesRegenerateInput>(
      recoveryCodesRegenerateSchema,
    ),
    defaultValues: { currentPassword: '', code: '' },
  });
  const { errors } = form.formState;
  const regenerate = useRegenerateRecoveryCodes();
  const submit = form.handleSubmit((values) =>
    regenerate.mutate(values, {
      onSuccess: ({ message, recovery_codes }) => {
        notifySuccess(message);
        onCodes(recovery_codes);
      },
      onError: (error) => bindServerErrors(error, form),
    }),
  );

  return (
    <div className="mb-3">
      <button
        type="button"
        className="btn btn-outline-secondary"
        aria-expanded={open}
        aria-controls={formId}
        onClick={() => setOpen(!open)}
      >
        Regenerate recovery codes
      </button>
      {open && (
        <form id={formId} noValidate onSubmit={submit} className="card card-body mt-2">
          <p>
            New codes replace the ones you have: the old codes stop working. Confirm with your
            password or a code from your authenticator app.
          </p>
          <FormErrorAlert errors={errors} />
          <div className="row">
            <TextField
              className="col-md-6 mb-3"
              label="Password"
              type="password"
              autoComplete="current-password"
              registration={form.register('currentPassword')}
              error={errors.currentPassword}
            />
            <TextField
              className="col-md-6 mb-3"
              label="Or Authenticator Code"
              inputMode="numeric"
              autoComplete="one-time-code"
              registration={form.register('code')}
              error={errors.code}
            />
          </div>
          <div>
            <SubmitButton busy={regenerate.isPending} variant="warning">
              Regenerate
            </SubmitButton>
          </div>
        </form>
      )}
    </div>
  );
}
