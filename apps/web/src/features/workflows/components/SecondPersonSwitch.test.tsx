import { AbilityProvider } from '@casl/react';
import { REVIEW_SECOND_PERSON_SETTING, REVIEW_SECOND_PERSON_TEXTS } from '@sitefleet/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { appAbility } from '../../../lib/abilities.ts';
import { clearSession, loadSession } from '../../../lib/auth-store.ts';
import { stubFetch } from '../../../test/fetch-stub.tsx';
import { settingsAnswer } from '../../../test/settings-answer.ts';
import { SecondPersonSwitch } from './SecondPersonSwitch.tsx';

afterEach(() => clearSession());

const setting = (value: string) => ({
  id: 41,
  name: 'require_second_person',
  full_path: REVIEW_SECOND_PERSON_SETTING,
  value,
  type: 'boolean',
  description: REVIEW_SECOND_PERSON_TEXTS.description,
  is_secret: false,
  has_value: true,
  group: { id: 9, name: 'Review' },
  maingroup: { id: 9, name: 'Review' },
});

/** The switch for a user of these abilities, the setting stored as `value`. */
async function renderWith(abilities: string[], value: string) {
  const fetchMock = stubFetch({
    '/api/profile': {
      body: { id: 1, name: 'Ada', email: 'a@b.c', avatar: null, role: null, roles: [] },
    },
    '/api/settings/fetch': { body: settingsAnswer() },
    '/api/abilities': { body: abilities },
    '/api/settings': {
      body: {
        data: [setting(value)],
        current_page: 1,
        last_page: 1,
        per_page: 100,
        total: 1,
        from: 1,
        to: 1,
        first_page_url: '/api/settings?page=1',
        last_page_url: '/api/settings?page=1',
        next_page_url: null,
        prev_page_url: null,
      },
    },
    '/api/settings/41': { body: { message: 'Setting updated.', setting: setting('false') } },
  });
  await loadSession();
  render(
    <AbilityProvider value={appAbility}>
      <QueryClientProvider client={new QueryClient()}>
        <SecondPersonSwitch />
      </QueryClientProvider>
    </AbilityProvider>,
  );
  return fetchMock;
}

describe('SecondPersonSwitch', () => {
  it('shows the rule with what it does, and turning it off saves false to its setting', async () => {
    const fetchMock = await renderWith(
      ['workflow-manage', 'setting-list', 'setting-update'],
      'true',
    );
    const toggle = (await screen.findByRole('checkbox', {
      name: REVIEW_SECOND_PERSON_TEXTS.label,
    })) as HTMLInputElement;
    expect(toggle.checked).toBe(true);
    expect(
      screen.getByText(new RegExp(REVIEW_SECOND_PERSON_TEXTS.description.slice(0, 40))),
    ).toBeDefined();

    fireEvent.click(toggle);
    await waitFor(() => expect(toggle.checked).toBe(false));
    // The stub is typed with fetch's first argument only; the call carries its init too.
    const calls = fetchMock.mock.calls as unknown as [RequestInfo | URL, RequestInit?][];
    const [, put] = calls.find(([url]) => String(url).endsWith('/api/settings/41')) ?? [];
    expect(put?.method).toBe('PUT');
    expect(JSON.parse(String(put?.body))).toEqual({ value: 'false' });
    await waitFor(() => expect(toggle.disabled).toBe(false));
    expect(toggle.checked).toBe(false);
  });

  it('shows who may not change settings its state, without a switch', async () => {
    await renderWith(['workflow-manage', 'setting-list'], 'false');
    expect(await screen.findByText(`${REVIEW_SECOND_PERSON_TEXTS.label}: off`)).toBeDefined();
    expect(screen.queryByRole('checkbox')).toBeNull();
  });
});
