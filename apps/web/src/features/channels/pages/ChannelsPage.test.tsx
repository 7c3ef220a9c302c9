import { CHANNEL_MESSAGES, type Channel } from '@sitefleet/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { clearSession, loadSession } from '../../../lib/auth-store.ts';
import { Toaster } from '../../../lib/toast.tsx';
import { renderInApp, type StubbedAnswer, stubFetch } from '../../../test/fetch-stub.tsx';
import { stubResizeObserver } from '../../../test/resize-observer-stub.ts';
import { settingsAnswer } from '../../../test/settings-answer.ts';
import {
  CHANNEL,
  CHANNELS_PATH,
  pageOf,
  SOCIAL_APP,
  SOCIAL_APPS_PATH,
  sessionAnswers,
} from '../test-fixtures.ts';
import { ChannelsPage } from './ChannelsPage.tsx';

beforeEach(stubResizeObserver);
afterEach(() => clearSession());
// The toasts load their library with the first one: loaded here, the first shows as soon as later ones.
beforeAll(() => import('../../../lib/toaster.tsx'));

const DAY_MS = 86_400_000;

/**
 * The server as the screen sees it: a session holding `abilities`, the channels `rows`, two
 * websites, Facebook's app, and the answers given (e.g. 'POST /api/channels'). Records each call.
 */
async function renderPage(
  rows: Channel[],
  answers: Record<string, StubbedAnswer> = {},
  abilities = ['channel-list', 'channel-manage'],
) {
  const fetchMock = stubFetch({
    ...sessionAnswers(abilities),
    '/api/settings/fetch': { body: settingsAnswer() },
    [`GET ${CHANNELS_PATH}`]: { body: pageOf(rows) },
    [`GET ${SOCIAL_APPS_PATH}`]: { body: pageOf([SOCIAL_APP], SOCIAL_APPS_PATH) },
    ...answers,
  });
  await loadSession();
  renderInApp(
    createMemoryRouter([
      {
        path: '*',
        element: (
          <>
            <ChannelsPage />
            <Toaster theme="light" />
          </>
        ),
      },
    ]),
  );
  return fetchMock;
}

const callsOf = (fetchMock: Awaited<ReturnType<typeof renderPage>>, method: string) =>
  fetchMock.mock.calls.filter(([, init]) => (init?.method ?? 'GET') === method);
const bodyOf = (call: unknown[] | undefined) =>
  JSON.parse(String((call?.[1] as RequestInit | undefined)?.body));

/** Opens the form of an empty list, or the edit form of `CHANNEL`. */
async function openForm(answers: Record<string, StubbedAnswer>, edit = false) {
  const fetchMock = await renderPage(edit ? [CHANNEL] : [], answers);
  if (edit) await pick('Edit');
  else fireEvent.click(await screen.findByRole('button', { name: 'Add New Channel' }));
  const dialog = await screen.findByRole('dialog', {
    name: edit ? 'Edit Channel' : 'Add New Channel',
  });
  const save = within(dialog).getByRole('button', { name: 'Save' });
  return { fetchMock, dialog, save: () => fireEvent.click(save) };
}

/** Opens the channel's Options menu and picks `label`. */
async function pick(label: string) {
  fireEvent.click(await screen.findByRole('button', { name: `Options for ${CHANNEL.name}` }));
  fireEvent.click(await screen.findByRole('button', { name: label }));
}

describe('ChannelsPage', () => {
  it('lists each channel: network, name, account, status, default, websites, expiry, last error', async () => {
    await renderPage([CHANNEL]);
    const table = await screen.findByRole('table', { name: 'Channels' });
    const row = (await within(table).findByText(CHANNEL.name)).closest('tr')!;
    for (const text of ['Facebook', '1029384756', 'Connected', 'Default', 'Alpha', 'Beta']) {
      expect(within(row).getByText(text)).toBeTruthy();
    }
    expect(within(row).getByText('31-12-2099')).toBeTruthy();
    expect(within(row).queryByText('Expired')).toBeNull();
    expect(within(row).getByText('Never')).toBeTruthy();
    expect(within(row).getByText('Token refused')).toBeTruthy();
    expect(row.querySelector('.bi-facebook')).toBeTruthy();
  });

  it('marks a token that has expired and one that ends within 14 days', async () => {
    await renderPage([
      {
        ...CHANNEL,
        status: 'needs_reconnect',
        token_expires_at: new Date(Date.now() - DAY_MS).toISOString(),
        refresh_expires_at: new Date(Date.now() + 3 * DAY_MS).toISOString(),
      },
    ]);
    const table = await screen.findByRole('table', { name: 'Channels' });
    expect(await within(table).findByText('Expired')).toBeTruthy();
    expect(within(table).getByText('Ends soon')).toBeTruthy();
    expect(within(table).getByText('Needs reconnect')).toBeTruthy();
  });

  it("says so when there is none, in the contract's words", async () => {
    await renderPage([]);
    expect(await screen.findByText(CHANNEL_MESSAGES.empty)).toBeTruthy();
  });

  it('narrows the list by website and by a coming expiry', async () => {
    const fetchMock = await renderPage([CHANNEL]);
    await screen.findByText(CHANNEL.name);
    const website = screen.getByRole('combobox', { name: 'Website' });
    await within(website).findByRole('option', { name: 'Beta' });
    fireEvent.change(website, { target: { value: '7' } });
    fireEvent.change(screen.getByRole('combobox', { name: 'Expiry' }), {
      target: { value: '14' },
    });
    await waitFor(() =>
      expect(
        callsOf(fetchMock, 'GET')
          .map(([input]) => String(input))
          .some((url) => url.includes('website_id=7') && url.includes('expiring_within_days=14')),
      ).toBe(true),
    );
  });

  it('offers no add, edit or row action to a user who may only read channels', async () => {
    await renderPage([CHANNEL], {}, ['channel-list']);
    await screen.findByText(CHANNEL.name);
    expect(screen.queryByRole('button', { name: 'Add New Channel' })).toBeNull();
    expect(screen.queryByRole('button', { name: `Options for ${CHANNEL.name}` })).toBeNull();
  });
});

describe('the channel form', () => {
  it('says what the contract says of what is missing, without calling the server', async () => {
    const { fetchMock, dialog, save } = await openForm({});
    save();
    expect(await within(dialog).findByText(CHANNEL_MESSAGES.nameRequired)).toBeTruthy();
    expect(within(dialog).getByText(CHANNEL_MESSAGES.networkInvalid)).toBeTruthy();
    expect(within(dialog).getByText(CHANNEL_MESSAGES.externalIdRequired)).toBeTruthy();
    expect(within(dialog).getByText(CHANNEL_MESSAGES.accessTokenRequired)).toBeTruthy();
    expect(callsOf(fetchMock, 'POST')).toHaveLength(0);
  });

  it("adds a channel with the network's app, and shows the server's refusal under its field", async () => {
    const { fetchMock, dialog, save } = await openForm({
      [`POST ${CHANNELS_PATH}`]: {
        status: 422,
        body: {
          message: CHANNEL_MESSAGES.externalIdTaken,
          errors: { external_id: [CHANNEL_MESSAGES.externalIdTaken] },
        },
      },
    });
    fireEvent.change(within(dialog).getByLabelText('Network'), { target: { value: 'facebook' } });
    fireEvent.change(within(dialog).getByLabelText('Name'), { target: { value: CHANNEL.name } });
    fireEvent.change(within(dialog).getByLabelText('Account ID'), {
      target: { value: CHANNEL.external_id },
    });
    fireEvent.change(within(dialog).getByLabelText('Access token'), {
      target: { value: 'EAAB-token' },
    });
    const app = within(dialog).getByLabelText('App');
    await within(app).findByRole('option', { name: 'Fleet app (default)' });
    fireEvent.change(app, { target: { value: '2' } });
    save();

    const message = await within(dialog).findByText(CHANNEL_MESSAGES.externalIdTaken);
    expect(message.parentElement?.contains(within(dialog).getByLabelText('Account ID'))).toBe(true);
    expect(bodyOf(callsOf(fetchMock, 'POST')[0])).toEqual({
      network: 'facebook',
      name: CHANNEL.name,
      external_id: CHANNEL.external_id,
      access_token: 'EAAB-token',
      token_expires_at: null,
      refresh_expires_at: null,
      app_id: 2,
      website_ids: [],
      is_default: false,
    });
    // Facebook's apps were asked for, once Facebook was chosen.
    expect(
      callsOf(fetchMock, 'GET').some(
        ([input]) =>
          String(input).startsWith(`${SOCIAL_APPS_PATH}?`) &&
          String(input).includes('network=facebook'),
      ),
    ).toBe(true);
  });

  it('edits a channel without its token: the empty token fields keep the ones it has', async () => {
    const { fetchMock, dialog, save } = await openForm(
      { [`PUT ${CHANNELS_PATH}/4`]: { body: { ...CHANNEL, name: 'Fleet Page EU' } } },
      true,
    );
    const token = within(dialog).getByLabelText<HTMLInputElement>('Access token');
    expect(token.value).toBe('');
    expect(within(dialog).getAllByText('Leave empty to keep the one it has.')).toHaveLength(2);
    expect(within(dialog).getByLabelText<HTMLInputElement>('Account ID').readOnly).toBe(true);
    fireEvent.change(within(dialog).getByLabelText('Name'), { target: { value: 'Fleet Page EU' } });
    save();
    await waitFor(() => expect(callsOf(fetchMock, 'PUT')).toHaveLength(1));
    expect(bodyOf(callsOf(fetchMock, 'PUT')[0])).toEqual({ name: 'Fleet Page EU' });
    expect(await screen.findByText(CHANNEL_MESSAGES.updated)).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Edit Channel' })).toBeNull());
  });
});

describe("a row's actions", () => {
  it.each([
    { status: 'connected', action: 'Disable', sent: 'disabled' },
    { status: 'needs_reconnect', action: 'Disable', sent: 'disabled' },
    { status: 'disabled', action: 'Enable', sent: 'connected' },
  ] as const)('offers $action to a $status channel, which sends its status', async (row) => {
    const fetchMock = await renderPage([{ ...CHANNEL, status: row.status }], {
      [`PUT ${CHANNELS_PATH}/4`]: { body: { ...CHANNEL, status: row.sent } },
    });
    await pick(row.action);
    await waitFor(() => expect(callsOf(fetchMock, 'PUT')).toHaveLength(1));
    expect(bodyOf(callsOf(fetchMock, 'PUT')[0])).toEqual({ status: row.sent });
    expect(await screen.findByText(CHANNEL_MESSAGES.updated)).toBeTruthy();
  });

  it.each([
    {
      answer: { ok: true, status_code: 200, account_name: 'Graph Page', error: null },
      shown: `${CHANNEL.name} works: the network knows it as Graph Page`,
    },
    {
      answer: { ok: true, status_code: 200, account_name: null, error: null },
      shown: `${CHANNEL.name} works`,
    },
    {
      answer: { ok: false, status_code: 401, account_name: null, error: 'Invalid OAuth token' },
      shown: `${CHANNEL.name} failed its test: Invalid OAuth token`,
    },
  ])('tests the token and says what the network answered: $shown', async ({ answer, shown }) => {
    await renderPage([CHANNEL], { [`POST ${CHANNELS_PATH}/4/test`]: { body: answer } });
    await pick('Test');
    expect(await screen.findByText(shown)).toBeTruthy();
  });
});
