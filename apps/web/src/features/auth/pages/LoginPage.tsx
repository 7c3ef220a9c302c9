import { DEFAULT_APP_NAME } from '@sitefleet/contract';
import { ForgotPasswordHint } from '../components/ForgotPasswordHint.tsx';
import { LoginForm } from '../components/LoginForm.tsx';

export function LoginPage() {
  return (
    <div className="login-box">
      <div className="login-logo">
        {/* The settings (and so app.name) are only readable once signed in. */}
        <b>{DEFAULT_APP_NAME}</b>
      </div>
      <div className="card card-outline card-primary">
        <div className="card-body login-card-body">
          <h1 className="login-box-msg fs-6 fw-normal">Sign in to start your session</h1>
          <LoginForm />
          <ForgotPasswordHint />
        </div>
      </div>
    </div>
  );
}
