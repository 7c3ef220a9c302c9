import { DEFAULT_APP_NAME, type TwoFactorStep } from '@sitefleet/contract';
import { lazy, Suspense, useState } from 'react';
import { LoadingSpinner } from '../../../components/LoadingSpinner.tsx';
import { ForgotPasswordHint } from '../components/ForgotPasswordHint.tsx';
import { LoginForm } from '../components/LoginForm.tsx';

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
              <LoginForm onSecondStep={setStep} />
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
