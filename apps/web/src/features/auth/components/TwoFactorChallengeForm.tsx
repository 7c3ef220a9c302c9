import { TWO_FACTOR_MESSAGES, type TwoFactorLoginInput } from '@sitefleet/contract';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { FormErrorAlert } from '../../../components/form/FormErrorAlert.tsx';
import { TextField } from '../../../components/form/FormField.tsx';
import { SubmitButton } from '../../../components/form/SubmitButton.tsx';
import { bindServerErrors } from '../../../lib/form-errors.ts';
import { useSecondFactor } from '../api/two-factor.ts';

interface Values {
  code: string;
  recovery_code: string;
}

/** The sign-in's second step: the code from the authenticator app, or a recovery code. */
export function TwoFactorChallengeForm({ onBack }: { onBack: () => void }) {
  const [useRecovery, setUseRecovery] = useState(false);
  const form = useForm<Values>({ defaultValues: { code: '', recovery_code: '' } });
  const { errors } = form.formState;
  const secondFactor = useSecondFactor();

  const submit = form.handleSubmit((values) => {
    const input: TwoFactorLoginInput = useRecovery
      ? { recovery_code: values.recovery_code }
      : { code: values.code };
    secondFactor.mutate(input, { onError: (error) => bindServerErrors(error, form) });
  });

  return (
    <form noValidate onSubmit={submit}>
      <p>
        {useRecovery
          ? 'Enter one of the recovery codes you saved when you turned two-factor sign-in on.'
          : TWO_FACTOR_MESSAGES.challenge}
      </p>
      <FormErrorAlert errors={errors} />
      {useRecovery ? (
        <TextField
          key="recovery_code"
          label="Recovery Code"
          autoComplete="off"
          autoFocus
          registration={form.register('recovery_code')}
          error={errors.recovery_code}
        />
      ) : (
        <TextField
          key="code"
          label="Code"
          inputMode="numeric"
          autoComplete="one-time-code"
          autoFocus
          registration={form.register('code')}
          error={errors.code}
        />
      )}
      <div className="d-flex justify-content-between align-items-center">
        <button
          type="button"
          className="btn btn-link p-0"
          onClick={() => {
            form.clearErrors();
            setUseRecovery(!useRecovery);
          }}
        >
          {useRecovery ? 'Use your authenticator app' : 'Use a recovery code'}
        </button>
        <SubmitButton busy={secondFactor.isPending}>Verify</SubmitButton>
      </div>
      <button type="button" className="btn btn-link p-0 mt-3" onClick={onBack}>
        Back to sign in
      </button>
    </form>
  );
}
