import {
  type TwoFactorEnableInput,
  type TwoFactorSetup,
  twoFactorEnableSchema,
} from '@sitefleet/contract';
import { useForm } from 'react-hook-form';
import { contractResolver } from '../../lib/contract-resolver.ts';
import { bindServerErrors } from '../../lib/form-errors.ts';
import { FormErrorAlert } from '../form/FormErrorAlert.tsx';
import { TextField } from '../form/FormField.tsx';
import { SubmitButton } from '../form/SubmitButton.tsx';

interface TwoFactorSetupPanelProps {
  setup: TwoFactorSetup;
  /** Sends the code that confirms the scanned secret; a refusal lands on the code field. */
  onConfirm: (code: string) => Promise<unknown>;
  busy: boolean;
}

/**
 * The QR code to scan with an authenticator app (or its key, to type in), and the code the app
 * then shows, which turns two-factor sign-in on.
 */
export function TwoFactorSetupPanel({ setup, onConfirm, busy }: TwoFactorSetupPanelProps) {
  const form = useForm<TwoFactorEnableInput>({
    resolver: contractResolver(twoFactorEnableSchema),
    defaultValues: { code: '' },
  });
  const { errors } = form.formState;
  const submit = form.handleSubmit(({ code }) =>
    onConfirm(code).catch((error: unknown) => bindServerErrors(error, form)),
  );

  return (
    <div className="row g-3 align-items-start">
      <div className="col-sm-auto text-center">
        <img
          src={setup.qr_code}
          alt="QR code to scan with your authenticator app"
          width={180}
          height={180}
          className="border rounded"
        />
      </div>
      <div className="col">
        <ol className="ps-3">
          <li>
            Scan the QR code with an authenticator app (Google Authenticator, Microsoft
            Authenticator, 1Password, Authy …).
          </li>
          <li>
            Or enter this key in the app: <code data-testid="two-factor-key">{setup.secret}</code>
          </li>
          <li>Enter the 6-digit code the app shows.</li>
        </ol>
        <form noValidate onSubmit={submit}>
          <FormErrorAlert errors={errors} />
          <TextField
            label="Code"
            inputMode="numeric"
            autoComplete="one-time-code"
            registration={form.register('code')}
            error={errors.code}
          />
          <SubmitButton busy={busy}>Confirm</SubmitButton>
        </form>
      </div>
    </div>
  );
}
