import { type Channel, channelsResource, paginate } from '@sitefleet/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { clearSession, loadSession } from '../../../lib/auth-store.ts';
import { renderInApp, stubFetch } from '../../../test/fetch-stub.tsx';
import { settingsAnswer } from '../../../test/settings-answer.ts';
import { WebsiteSocialTab } from './WebsiteSocialTab.tsx';

afterEach(() => clearSession());

const PATH = channelsResource.path;
const WEBSITE = { id: 7, name: 'Beta' };

const channel = (fields: Partial<Channel> & Pick<Channel, 'id' | 'network' | 'name'>): Channel => ({
  external_id: `account-${fields.id}`,
  status: 'connected',
  websites: [],
  is_default: false,
  app_id: null,
  token_expires_at: null,
  refresh_expires_at: null,
  last_refreshed_at: null,
  last_published_at: null,
  last_error: null,
  created_at: '2098-01-01T00:00:00.000Z',
  ...fields,
});

/**
 * Facebook: a page linked to Beta and Alpha. X: a default account of Alpha's alone, which Beta
 * falls back to. LinkedIn: a page of no website, and no default. TikTok: nothing.
 */
const CHANNELS = [
  channel({
    id: 1,
    network: 'facebook',
    name: 'Fleet Page',
    websites: [{ id: 3, name: 'Alpha' }, WEBSITE],
  }),
  channel({
    id: 2,
    network: 'twitter',
    name: 'Fleet X',
    is_default: true,
    status: 'needs_reconnect',
    websites: [{ id: 3, name: 'Alpha' }],
  }),
  channel({ id: 3, network: 'linkedin', name: 'Beta LinkedIn' }),
];

/** GET /api/channels as the server narrows it, by website or by network. */
function channelsAnswer(search: URLSearchParams) {
  const website = Number(search.get('website_id'));
  const network = search.get('network');
  const rows = CHANNELS.filter(
    (row) =>
      (!website || row.websites.some((site) => site.id === website)) &&
      (!network || row.network === network),
  );
  return { body: paginate(rows, { page: 1, perPage: 100, total: rows.length, path: PATH }) };
}

async function renderTab(abilities = ['channel-list', 'channel-manage']) {
  const fetchMock = stubFetch({
    '/api/profile': {
      body: { id: 1, name: 'Ada', email: 'a@b.c', avatar: null, role: null, roles: [] },
    },
    '/api/settings/fetch': { body: settingsAnswer() },
    '/api/abilities': { body: abilities },
    [`GET ${PATH}`]: channelsAnswer,
    [`PUT ${PATH}/1`]: { body: CHANNELS[0] },
    [`PUT ${PATH}/3`]: { body: CHANNELS[2] },
  });
  await loadSession();
  renderInApp(createMemoryRouter([{ path: '*', element: <WebsiteSocialTab website={WEBSITE} /> }]));
  return fetchMock;
}

const section = (name: string) => screen.findByRole('region', { name });
const putsOf = (fetchMock: Awaited<ReturnType<typeof renderTab>>) =>
  fetchMock.mock.calls
    .filter(([, init]) => init?.method === 'PUT')
    .map(([input, init]) => [input, JSON.parse(String(init?.body))]);

describe('WebsiteSocialTab', () => {
  it("says per network where the website's posts go: its channels, the default, or nowhere", async () => {
    await renderTab();
    const facebook = await section('Facebook');
    expect(await within(facebook).findByText('Fleet Page')).toBeTruthy();
    expect(within(facebook).getByText('Connected')).toBeTruthy();

    const twitter = await section('Twitter');
    expect(
      (await within(twitter).findByText(/its posts go to the default channel/)).textContent,
    ).toBe('No channel of its own: its posts go to the default channel, Fleet X.Needs reconnect');

    for (const name of ['LinkedIn', 'TikTok', 'YouTube']) {
      expect(
        await within(await section(name)).findByText(
          'No channel: its posts are skipped for this network.',
        ),
      ).toBeTruthy();
    }
  });

  it('unlinks a channel and links another, each keeping its other websites', async () => {
    const fetchMock = await renderTab();
    const facebook = await section('Facebook');
    fireEvent.click(await within(facebook).findByRole('button', { name: 'Unlink Fleet Page' }));
    await waitFor(() => expect(putsOf(fetchMock)).toHaveLength(1));

    const linkedin = await section('LinkedIn');
    const choice = within(linkedin).getByRole('combobox', { name: 'LinkedIn channel to link' });
    const link = within(linkedin).getByRole('button', { name: 'Link a LinkedIn channel' });
    expect(link).toHaveProperty('disabled', true);
    fireEvent.change(choice, { target: { value: '3' } });
    await waitFor(() => expect(link).toHaveProperty('disabled', false));
    fireEvent.click(link);
    await waitFor(() => expect(putsOf(fetchMock)).toHaveLength(2));
    expect(putsOf(fetchMock)).toEqual([
      [`${PATH}/1`, { website_ids: [3] }],
      [`${PATH}/3`, { website_ids: [7] }],
    ]);
    // The default X account is Alpha's alone: Beta may link it too.
    expect(within(await section('Twitter')).getByRole('option', { name: 'Fleet X' })).toBeTruthy();
  });

  it('shows a user who may only read channels no link nor unlink', async () => {
    await renderTab(['channel-list']);
    const facebook = await section('Facebook');
    await within(facebook).findByText('Fleet Page');
    expect(
      await within(await section('LinkedIn')).findByText(
        'No channel: its posts are skipped for this network.',
      ),
    ).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Unlink|Link/ })).toBeNull();
    expect(screen.queryByRole('combobox')).toBeNull();
  });
});
