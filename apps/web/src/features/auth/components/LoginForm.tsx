import type { loginSchema, TwoFactorStep } from '@sitefleet/contract';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { lazyResolver } from '../../../lib/lazy-resolver.ts';
import { type LoginValues, useLogin } from '../api/login.ts';

const resolver = lazyResolver(() => import('../api/login-checks.ts').then((m) => m.loginResolver));

/** Email and password; `onSecondStep` takes over when a second factor is owed. */
export function LoginForm({ onSecondStep }: { onSecondStep: (step: TwoFactorStep) => void }) {
  const login = useLogin(onSecondStep);
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<z.input<typeof loginSchema>, unknown, LoginValues>({
    resolver,
    defaultValues: { email: '', password: '', remember: false },
  });
  const emailId = useId();
  const passwordId = useId();
  const rememberId = useId();

  return (
    <form noValidate onSubmit={handleSubmit((values) => login.mutate(values))}>
      {login.error && (
        <div className="alert alert-danger" role="alert">
          {login.error.message}
        </div>
      )}
      <label htmlFor={emailId} className="visually-hidden">
        Email
      </label>
      <div className="input-group mb-3 has-validation">
        <input
          id={emailId}
          type="email"
          autoComplete="username"
          placeholder="Email"
          className={`form-control ${errors.email ? 'is-invalid' : ''}`}
          aria-invalid={errors.email ? true : undefined}
          {...register('email')}
        />
        <div className="input-group-text" aria-hidden="true">
          <span className="bi bi-envelope" />
        </div>
        {errors.email && <div className="invalid-feedback">{errors.email.message}</div>}
      </div>
      <label htmlFor={passwordId} className="visually-hidden">
        Password
      </label>
      <div className="input-group mb-3 has-validation">
        <input
          id={passwordId}
          type="password"
          autoComplete="current-password"
          placeholder="Password"
          className={`form-control ${errors.password ? 'is-invalid' : ''}`}
          aria-invalid={errors.password ? true : undefined}
          {...register('password')}
        />
        <div className="input-group-text" aria-hidden="true">
          <span className="bi bi-lock-fill" />
        </div>
        {errors.password && <div className="invalid-feedback">{errors.password.message}</div>}
      </div>
      <div className="row align-items-center">
        <div className="col-7">
          <div className="form-check">
            <input
              id={rememberId}
              type="checkbox"
              className="form-check-input"
              {...register('remember')}
            />
            <label htmlFor={rememberId} className="form-check-label">
              Remember Me
            </label>
          </div>
        </div>
        <div className="col-5 d-grid">
          <button
            type="submit"
            className="btn btn-primary"
            disabled={login.isPending}
            aria-busy={login.isPending}
          >
            {login.isPending && (
              <span className="spinner-border spinner-border-sm me-2" aria-hidden="true" />
            )}
            Sign In
          </button>
        </div>
      </div>
    </form>
  );
}
