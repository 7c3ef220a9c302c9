import { AbilityProvider } from '@casl/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { appAbility } from '../../lib/abilities.ts';
import { clearSession, loadSession } from '../../lib/auth-store.ts';
import { stubFetch } from '../../test/fetch-stub.tsx';
import { settingsAnswer } from '../../test/settings-answer.ts';
import { Sidebar } from './Sidebar.tsx';

afterEach(() => clearSession());

async function renderSidebarWith(abilities: string[]) {
  stubFetch({
    '/api/profile': {
      body: { id: 1, name: 'Ada', email: 'a@b.c', avatar: null, role: null, roles: [] },
    },
    '/api/settings/fetch': { body: settingsAnswer({ 'app.name': 'Fleet' }) },
    '/api/abilities': { body: abilities },
  });
  await loadSession();
  const router = createMemoryRouter([{ path: '*', Component: Sidebar }]);
  render(
    <QueryClientProvider client={new QueryClient()}>
      <AbilityProvider value={appAbility}>
        <RouterProvider router={router} />
      </AbilityProvider>
    </QueryClientProvider>,
  );
}

const link = (name: string) => screen.queryByRole('link', { name });

describe('Sidebar', () => {
  it('shows only the items the abilities allow, and every user their own Profile', async () => {
    await renderSidebarWith(['post-list', 'website-list']);

    expect(await screen.findByText('Fleet')).toBeDefined();
    expect(link('Ada')?.getAttribute('href')).toBe('/admin/profile');
    expect(link('Dashboard')).not.toBeNull();
    expect(link('Posts')).not.toBeNull();
    expect(link('Websites')).not.toBeNull();
    expect(link('Instances')).toBeNull();
    expect(link('Users')).toBeNull();
    expect(link('Profile')?.getAttribute('href')).toBe('/admin/profile');
    expect(screen.queryByText('ADMINISTRATION')).toBeNull();
    expect(link('Logout')?.getAttribute('href')).toBe('/login');
  });

  it('shows the administration header and every item with manage-all', async () => {
    await renderSidebarWith(['manage-all']);

    expect(await screen.findByText('ADMINISTRATION')).toBeDefined();
    expect(screen.getByRole('button', { name: 'Parameters' })).toBeDefined();
    for (const name of ['Profile', 'Websites', 'Instances', 'Categories', 'Users', 'Roles']) {
      expect(link(name)).not.toBeNull();
    }
  });
});
