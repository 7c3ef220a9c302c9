import { SSO_ERRORS, SSO_UNKNOWN_ERROR } from '@sitefleet/contract';
import { render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { SsoError, SsoSignIn } from './SsoSignIn.tsx';

const at = (url: string, element: React.ReactNode) =>
  render(
    <RouterProvider
      router={createMemoryRouter([{ path: '*', element }], { initialEntries: [url] })}
    />,
  );

describe('SsoSignIn', () => {
  it('links to the provider with its label, and says a password works too when it does', () => {
    at(
      '/login',
      <SsoSignIn options={{ sso: { enabled: true, label: 'Corp' }, local_login: true }} />,
    );
    expect(screen.getByRole('link', { name: 'Sign in with Corp' }).getAttribute('href')).toBe(
      '/auth/sso',
    );
    expect(screen.getByText('or with your password')).toBeTruthy();
  });

  it('shows nothing without single sign-on', () => {
    at(
      '/login',
      <SsoSignIn options={{ sso: { enabled: false, label: 'SSO' }, local_login: true }} />,
    );
    expect(screen.queryByRole('link')).toBeNull();
  });
});

describe('SsoError', () => {
  it("says why the provider's return was refused", () => {
    at('/login?sso_error=unverified', <SsoError />);
    expect(screen.getByRole('alert').textContent).toBe(SSO_ERRORS.unverified);
  });

  it('gives a generic reason for a code it does not know', () => {
    at('/login?sso_error=whatever', <SsoError />);
    expect(screen.getByRole('alert').textContent).toBe(SSO_UNKNOWN_ERROR);
  });
});
