import { AbilityProvider } from '@casl/react';
import { TWO_FACTOR_MESSAGES } from '@sitefleet/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { appAbility } from '../../../lib/abilities.ts';
import { clearSession, loadSession } from '../../../lib/auth-store.ts';
import { stubFetch } from '../../../test/fetch-stub.tsx';
import { settingsAnswer } from '../../../test/settings-answer.ts';
import { RoleTwoFactorCard } from './RoleTwoFactorCard.tsx';

afterEach(() => clearSession());

/** The card of a role that does not require two-factor sign-in yet, its switch ready. */
async function renderCard() {
  const fetchMock = stubFetch({
    '/api/profile': {
      body: { id: 1, name: 'Ada', email: 'a@b.c', avatar: null, role: null, roles: [] },
    },
    '/api/settings/fetch': { body: settingsAnswer() },
    '/api/abilities': { body: ['role-update'] },
    '/api/roles/7/two-factor': { body: { required: false } },
  });
  await loadSession();
  render(
    <QueryClientProvider
      client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}
    >
      <AbilityProvider value={appAbility}>
        <RoleTwoFactorCard roleId={7} />
      </AbilityProvider>
    </QueryClientProvider>,
  );
  const toggle = screen.getByLabelText<HTMLInputElement>(
    "Require two-factor sign-in for this role's users",
  );
  await waitFor(() => expect(toggle.disabled).toBe(false));
  return { toggle, fetchMock };
}

describe('RoleTwoFactorCard', () => {
  it('shows the switch on from the click on, while the change is saved and after', async () => {
    const { toggle, fetchMock } = await renderCard();
    // The GET above answered "off"; the PUT answers "on" from here.
    fetchMock.mockImplementation(
      async () =>
        new Response(
          JSON.stringify({ required: true, message: TWO_FACTOR_MESSAGES.roleRequired(true) }),
          { headers: { 'content-type': 'application/json' } },
        ),
    );

    fireEvent.click(toggle);
    expect(toggle.checked).toBe(true);
    await waitFor(() =>
      expect(fetchMock).toHaveBeenLastCalledWith(
        '/api/roles/7/two-factor',
        expect.objectContaining({ method: 'PUT' }),
      ),
    );
    await waitFor(() => expect(toggle.disabled).toBe(false));
    expect(toggle.checked).toBe(true);
  });

  it('puts the switch back when the change is refused', async () => {
    const { toggle, fetchMock } = await renderCard();
    fetchMock.mockImplementation(
      async () =>
        new Response(JSON.stringify({ message: 'Forbidden' }), {
          status: 403,
          headers: { 'content-type': 'application/json' },
        }),
    );

    fireEvent.click(toggle);
    expect(toggle.checked).toBe(true);
    await waitFor(() => expect(toggle.disabled).toBe(false));
    expect(toggle.checked).toBe(false);
  });
});
