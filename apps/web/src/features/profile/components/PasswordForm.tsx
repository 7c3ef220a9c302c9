import { type PasswordChangeInput, passwordChangeSchema } from '@sitefleet/contract';
import { useForm } from 'react-hook-form';
import { FormErrorAlert } from '../../../components/form/FormErrorAlert.tsx';
import { TextField } from '../../../components/form/FormField.tsx';
import { SubmitButton } from '../../../components/form/SubmitButton.tsx';
import { contractResolver } from '../../../lib/contract-resolver.ts';
import { bindServerErrors } from '../../../lib/form-errors.ts';
import { notifySuccess } from '../../../lib/toast.tsx';
import { useChangePassword } from '../api/profile.ts';

const EMPTY: PasswordChangeInput = { currentPassword: '', password: '', passwordConfirmation: '' };

/** 'Change Password': current, new and confirmation. Success shows the server's message. */
export function PasswordForm() {
  const form = useForm<PasswordChangeInput>({
    resolver: contractResolver(passwordChangeSchema),
    defaultValues: EMPTY,
  });
  const { errors } = form.formState;
  const change = useChangePassword();

  const submit = form.handleSubmit((values) =>
    change.mutate(values, {
      onSuccess: ({ message }) => {
        notifySuccess(message);
        form.reset(EMPTY);
      },
      onError: (error) => bindServerErrors(error, form),
    }),
  );

  return (
    <form noValidate onSubmit={submit}>
      <FormErrorAlert errors={errors} />
      <TextField
        label="Current Password"
        type="password"
        autoComplete="current-password"
        registration={form.register('currentPassword')}
        error={errors.currentPassword}
      />
      <TextField
        label="New Password"
        type="password"
        autoComplete="new-password"
        registration={form.register('password')}
        error={errors.password}
      />
      <TextField
        label="Confirm New Password"
        type="password"
        autoComplete="new-password"
        registration={form.register('passwordConfirmation')}
        error={errors.passwordConfirmation}
      />
      <SubmitButton busy={change.isPending}>Change Password</SubmitButton>
    </form>
  );
}
