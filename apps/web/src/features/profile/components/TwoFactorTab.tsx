import {
  TWO_FACTOR_MESSAGES,
  type TwoFactorDisableInput,
  type TwoFactorSetup,
  twoFactorDisableSchema,
} from '@sitefleet/contract';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { FormErrorAlert } from '../../../components/form/FormErrorAlert.tsx';
import { TextField } from '../../../components/form/FormField.tsx';
import { SubmitButton } from '../../../components/form/SubmitButton.tsx';
import { LoadingSpinner } from '../../../components/LoadingSpinner.tsx';
import { RecoveryCodesPanel } from '../../../components/two-factor/RecoveryCodesPanel.tsx';
import { TwoFactorSetupPanel } from '../../../components/two-factor/TwoFactorSetupPanel.tsx';
import { contractResolver } from '../../../lib/contract-resolver.ts';
import { bindServerErrors } from '../../../lib/form-errors.ts';
import { notifyFailure, notifySuccess } from '../../../lib/toast.tsx';
import {
  useDisableTwoFactor,
  useEnableTwoFactor,
  useStartTwoFactorSetup,
  useTwoFactorStatus,
} from '../api/security.ts';
import { RegenerateRecoveryCodes } from './RegenerateRecoveryCodes.tsx';

/** 'Turn Off': the current password proves it is the user at the keyboard. */
function DisableForm() {
  const form = useForm<TwoFactorDisableInput>({
    resolver: contractResolver(twoFactorDisableSchema),
    defaultValues: { currentPassword: '' },
  });
  const { errors } = form.formState;
  const disable = useDisableTwoFactor();
  const submit = form.handleSubmit((values) =>
    disable.mutate(values, {
      onSuccess: ({ message }) => notifySuccess(message),
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
      <SubmitButton busy={disable.isPending} variant="danger">
        Turn Off
      </SubmitButton>
    </form>
  );
}

/** 'Two-Factor Sign-In': turn it on with a scanned QR code and a code, see it on, turn it off. */
export function TwoFactorTab() {
  const status = useTwoFactorStatus();
  const start = useStartTwoFactorSetup();
  const enable = useEnableTwoFactor();
  const [setup, setSetup] = useState<TwoFactorSetup | null>(null);
  const [recoveryCodes, setRecoveryCodes] = useState<string[] | null>(null);

  if (recoveryCodes) {
    return (
      <RecoveryCodesPanel codes={recoveryCodes}>
        <button type="button" className="btn btn-primary" onClick={() => setRecoveryCodes(null)}>
          Done
        </button>
      </RecoveryCodesPanel>
    );
  }
  if (status.isPending) return <LoadingSpinner />;
  if (status.isError) {
    return (
      <div className="alert alert-danger" role="alert">
        {status.error.message}
      </div>
    );
  }
  const { enabled, required, recovery_codes_left } = status.data;

  if (enabled) {
    return (
      <div>
        <p>
          <span className="badge text-bg-success me-2">On</span>
          Two-factor sign-in is on: after your password, sign-in asks for a code from your
          authenticator app.
        </p>
        <p>Recovery codes left: {recovery_codes_left}</p>
        <RegenerateRecoveryCodes onCodes={setRecoveryCodes} />
        {required ? (
          <p className="text-body-secondary mb-0">{TWO_FACTOR_MESSAGES.requiredByRole}.</p>
        ) : (
          <DisableForm />
        )}
      </div>
    );
  }

  if (setup) {
    return (
      <TwoFactorSetupPanel
        setup={setup}
        busy={enable.isPending}
        onConfirm={async (code) => {
          const answer = await enable.mutateAsync(code);
          notifySuccess(answer.message);
          setSetup(null);
          setRecoveryCodes(answer.recovery_codes);
        }}
      />
    );
  }

  return (
    <div>
      <p>
        <span className="badge text-bg-secondary me-2">Off</span>
        Two-factor sign-in adds a second step to signing in: a code from an authenticator app on
        your phone, so a stolen password is not enough.
      </p>
      {required && <p className="text-danger">Your role requires two-factor sign-in.</p>}
      <button
        type="button"
        className="btn btn-primary"
        disabled={start.isPending}
        aria-busy={start.isPending}
        onClick={() => start.mutate(undefined, { onSuccess: setSetup, onError: notifyFailure })}
      >
        {start.isPending && (
          <span className="spinner-border spinner-border-sm me-2" aria-hidden="true" />
        )}
        Turn On
      </button>
    </div>
  );
}
