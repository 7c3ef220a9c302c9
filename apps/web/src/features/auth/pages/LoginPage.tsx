import { DEFAULT_APP_NAME, type TwoFactorStep } from '@sitefleet/contract';
import { useState } from 'react';
import { ForgotPasswordHint } from '../components/ForgotPasswordHint.tsx';
import { LoginForm } from '../components/LoginForm.tsx';
import { TwoFactorChallengeForm } from '../components/TwoFactorChallengeForm.tsx';
import { TwoFactorLoginSetup } from '../components/TwoFactorLoginSetup.tsx';

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
          {step === 'challenge' && <TwoFactorChallengeForm onBack={back} />}
          {step === 'setup' && <TwoFactorLoginSetup onBack={back} />}
        </div>
      </div>
    </div>
  );
}
