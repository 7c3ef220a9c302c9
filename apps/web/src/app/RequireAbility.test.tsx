import { AbilityProvider } from '@casl/react';
import { render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { appAbility } from '../lib/abilities.ts';
import { clearSession, loadSession } from '../lib/auth-store.ts';
import { stubFetch } from '../test/fetch-stub.tsx';
import { settingsAnswer } from '../test/settings-answer.ts';
import { RequireAbility } from './RequireAbility.tsx';

afterEach(() => clearSession());

async function renderWith(abilities: string[]) {
  stubFetch({
    '/api/profile': {
      body: { id: 1, name: 'Ada', email: 'a@b.c', avatar: null, role: null, roles: [] },
    },
    '/api/settings/fetch': { body: settingsAnswer() },
    '/api/abilities': { body: abilities },
  });
  await loadSession();
  const Screen = () => (
    <RequireAbility ability="role-create">
      <h1>Add New Role</h1>
    </RequireAbility>
  );
  render(
    <AbilityProvider value={appAbility}>
      <RouterProvider router={createMemoryRouter([{ path: '*', Component: Screen }])} />
    </AbilityProvider>,
  );
}

describe('RequireAbility', () => {
  it('shows the screen to a user who holds its ability', async () => {
    await renderWith(['role-list', 'role-create']);
    expect(await screen.findByRole('heading', { name: 'Add New Role' })).toBeDefined();
    expect(screen.queryByText('You do not have access to this page.')).toBeNull();
  });

  it('shows the no-access screen instead to a user who lacks it', async () => {
    await renderWith(['role-list']);
    expect(await screen.findByText('You do not have access to this page.')).toBeDefined();
    expect(screen.queryByRole('heading', { name: 'Add New Role' })).toBeNull();
  });
});
