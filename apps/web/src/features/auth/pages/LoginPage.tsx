import { DEFAULT_APP_NAME, type TwoFactorStep } from '@sitefleet/contract';
import { lazy, Suspense, useState } from 'react';
import { LoadingSpinner } from '../../../components/LoadingSpinner.tsx';
import { useAuthOptions } from '../api/auth-options.ts';
import { ForgotPasswordHint } from '../components/ForgotPasswordHint.tsx';
import { LoginForm } from '../components/LoginForm.tsx';
import { SsoError, SsoSignIn } from '../components/SsoSignIn.tsx';

// The second steps load when a password asks for them: most sign-ins never show them.
const TwoFactorChallengeForm = lazy(() =>
  import('../components/TwoFactorChallengeForm.tsx').then((m) => ({
    default: m.TwoFactorChallengeForm,
  })),
);
const TwoFactorLoginSetup = lazy(() =>
  import('../components/TwoFactorLoginSetup.tsx').then((m) => ({
    default: m.TwoFactorLoginSetup,
  })),
);

const HEADINGS = {
  password: 'Sign in to start your session',
  challenge: 'Two-factor sign-in',
  setup: 'Set up two-factor sign-in',
} as const;

export function LoginPage() {
  const [step, setStep] = useState<'password' | TwoFactorStep>('password');
  const back = () => setStep('password');
  const options = useAuthOptions().data;
  const passwordForm = <LoginForm onSecondStep={setStep} />;
  return (
    <div className={`login-box ${step === 'setup' ? 'login-box-wide' : ''}`}>
      <div className="login-logo">
        {/* The settings (and so app.name) are only readable once signed in. */}
        <b>{DEFAULT_APP_NAME}</b>
      </div>
      <div className="card card-outline card-primary">
        <div className="card-body login-card-body">
          <h1 className="login-box-msg fs-6 fw-normal">{HEADINGS[step]}</h1>
          {step === 'password' && (
            <>
              <SsoError />
              {options && <SsoSignIn options={options} />}
              {options?.local_login === false ? (
                // Left to the super admins: their way in when the provider fails.
                <details>
                  <summary className="small text-body-secondary mb-3">
                    Sign in with a password (super admins)
                  </summary>
                  {passwordForm}
                </details>
              ) : (
                passwordForm
              )}
              <ForgotPasswordHint />
            </>
          )}
          <Suspense fallback={<LoadingSpinner />}>
            {step === 'challenge' && <TwoFactorChallengeForm onBack={back} />}
            {step === 'setup' && <TwoFactorLoginSetup onBack={back} />}
          </Suspense>
        </div>
      </div>
    </div>
  );
}
