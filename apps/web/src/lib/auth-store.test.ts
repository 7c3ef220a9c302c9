import { afterEach, describe, expect, it, vi } from 'vitest';
import { stubFetch } from '../test/fetch-stub.tsx';
import { settingsAnswer } from '../test/settings-answer.ts';
import { appAbility, can } from './abilities.ts';
import { clearSession, getAuthState, loadSession } from './auth-store.ts';

afterEach(() => {
  clearSession();
  vi.unstubAllGlobals();
});

const profile = {
  id: 1,
  name: 'Ada',
  email: 'ada@example.com',
  avatar: null,
  role: 'Editor',
  roles: [{ name: 'Editor' }],
};

describe('auth store', () => {
  it('loads the profile, settings and abilities together', async () => {
    const fetchMock = stubFetch({
      '/api/profile': { body: profile },
      '/api/settings/fetch': { body: settingsAnswer({ 'app.name': 'Fleet' }) },
      '/api/abilities': { body: ['post-list'] },
    });

    await loadSession();

    expect(fetchMock).toHaveBeenCalledTimes(3);
    expect(getAuthState()).toEqual({
      user: profile,
      roleNames: ['editor'],
      abilities: ['post-list'],
      appSettings: { 'app.name': 'Fleet' },
    });
    expect(can(appAbility, 'post-list')).toBe(true);
    expect(can(appAbility, 'user-list')).toBe(false);
  });

  it('rejects with the 401 when there is no session, and keeps no user', async () => {
    stubFetch({
      '/api/profile': { status: 401, body: { message: 'Unauthenticated.' } },
      '/api/settings/fetch': { status: 401, body: { message: 'Unauthenticated.' } },
      '/api/abilities': { status: 401, body: { message: 'Unauthenticated.' } },
    });

    await expect(loadSession()).rejects.toMatchObject({ status: 401 });
    expect(getAuthState().user).toBeNull();
  });

  it('forgets the user and restores the placeholder abilities on clear', async () => {
    stubFetch({
      '/api/profile': { body: profile },
      '/api/settings/fetch': { body: settingsAnswer() },
      '/api/abilities': { body: ['post-list'] },
    });
    await loadSession();

    clearSession();

    expect(getAuthState().user).toBeNull();
    expect(can(appAbility, 'setting-update')).toBe(true);
    expect(can(appAbility, 'user-delete')).toBe(false);
  });
});
