import { CHANNEL_MESSAGES, CONNECT_MESSAGES } from '@sitefleet/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearSession, loadSession } from '../../../lib/auth-store.ts';
import { Toaster } from '../../../lib/toast.tsx';
import { renderInApp, type StubbedAnswer, stubFetch } from '../../../test/fetch-stub.tsx';
import { stubResizeObserver } from '../../../test/resize-observer-stub.ts';
import { settingsAnswer } from '../../../test/settings-answer.ts';
import { browser } from '../api/connect.ts';
import { ChannelsPage } from '../pages/ChannelsPage.tsx';
import { ConnectChoosePage } from '../pages/ConnectChoosePage.tsx';
import {
  CHANNEL,
  CHANNELS_PATH,
  pageOf,
  SOCIAL_APP,
  SOCIAL_APPS_PATH,
  sessionAnswers,
} from '../test-fixtures.ts';

beforeEach(stubResizeObserver);
afterEach(() => clearSession());
beforeAll(() => import('../../../lib/toaster.tsx'));

const STATE = 'S'.repeat(43);
const OFFERED = {
  network: 'facebook',
  candidates: [
    { external_id: 'PAGE-1', name: 'Alpha Page' },
    { external_id: 'PAGE-2', name: 'Beta Page' },
  ],
};

/** The Channels screen at `address`, the server answering as `answers` say. */
async function renderAt(
  address: string,
  answers: Record<string, StubbedAnswer> = {},
  abilities = ['channel-list', 'channel-manage'],
) {
  const fetchMock = stubFetch({
    ...sessionAnswers(abilities),
    '/api/settings/fetch': { body: settingsAnswer() },
    [`GET ${CHANNELS_PATH}`]: { body: pageOf([]) },
    [`GET ${SOCIAL_APPS_PATH}`]: { body: pageOf([SOCIAL_APP], SOCIAL_APPS_PATH) },
    ...answers,
  });
  await loadSession();
  const router = createMemoryRouter(
    [
      { path: '/connect/choose/:state', element: <ConnectChoosePage /> },
      {
        path: '*',
        element: (
          <>
            <ChannelsPage />
            <Toaster theme="light" />
          </>
        ),
      },
    ],
    { initialEntries: [address] },
  );
  renderInApp(router);
  return { fetchMock, router };
}

/** Picks a website in the dialog's Websites choice (whose menu opens at the page's end). */
async function pickWebsite(dialog: HTMLElement, name: string) {
  fireEvent.keyDown(within(dialog).getByLabelText('Websites'), { key: 'ArrowDown' });
  const choices = await screen.findAllByText(name);
  // The list's Website filter names it too, as an option of its own select.
  fireEvent.click(choices.find((element) => element.tagName !== 'OPTION')!);
}

const posts = (fetchMock: ReturnType<typeof stubFetch>) =>
  fetchMock.mock.calls
    .filter(([, init]) => init?.method === 'POST')
    .map(([input, init]) => ({ path: String(input), body: JSON.parse(String(init?.body)) }));

describe('connecting an account', () => {
  it('is offered only to whoever may manage channels', async () => {
    await renderAt('/admin/channels', {}, ['channel-list']);
    await screen.findByText(CHANNEL_MESSAGES.empty);
    expect(screen.queryByRole('button', { name: 'Connect' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Connect Link' })).toBeNull();
  });

  it("asks for the websites and the app, then opens the network's consent page", async () => {
    const open = vi.spyOn(browser, 'open').mockImplementation(() => {});
    const { fetchMock } = await renderAt('/admin/channels', {
      'POST /api/channels/connect': {
        body: { authorize_url: 'https://www.facebook.com/v23.0/dialog/oauth?state=x' },
      },
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Connect' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Connect Facebook' }));
    const dialog = await screen.findByRole('dialog', { name: 'Connect Facebook' });
    await pickWebsite(dialog, 'Beta');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Continue to Facebook' }));
    await waitFor(() =>
      expect(open).toHaveBeenCalledWith('https://www.facebook.com/v23.0/dialog/oauth?state=x'),
    );
    expect(posts(fetchMock)).toEqual([
      {
        path: '/api/channels/connect',
        body: { network: 'facebook', website_ids: [7], app_id: null },
      },
    ]);
  });

  it('shows why the server refused to start, under the app', async () => {
    await renderAt('/admin/channels', {
      'POST /api/channels/connect': {
        status: 422,
        body: {
          message: CONNECT_MESSAGES.appNoSecret('twitter'),
          errors: { app_id: [CONNECT_MESSAGES.appNoSecret('twitter')] },
        },
      },
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Connect' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Connect Twitter' }));
    const dialog = await screen.findByRole('dialog', { name: 'Connect Twitter' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Continue to Twitter' }));
    expect(await within(dialog).findByText(CONNECT_MESSAGES.appNoSecret('twitter'))).toBeTruthy();
  });
});

describe('back from the network', () => {
  it('asks which Pages to add, adds those ticked and leaves the address without the state', async () => {
    const { fetchMock, router } = await renderAt(`/admin/channels?pending=${STATE}`, {
      [`GET /api/channels/pending/${STATE}`]: { body: OFFERED },
      [`POST /api/channels/pending/${STATE}`]: {
        status: 201,
        body: { data: [{ ...CHANNEL, external_id: 'PAGE-2', name: 'Beta Page' }] },
      },
    });
    const dialog = await screen.findByRole('dialog', { name: 'Choose accounts' });
    const add = await within(dialog).findByRole('button', { name: 'Add selected' });
    expect(add.hasAttribute('disabled')).toBe(true);
    fireEvent.click(await within(dialog).findByLabelText(/Beta Page/));
    fireEvent.click(add);
    expect(await screen.findByText(CONNECT_MESSAGES.added(1))).toBeTruthy();
    expect(posts(fetchMock)).toEqual([
      { path: `/api/channels/pending/${STATE}`, body: { external_ids: ['PAGE-2'] } },
    ]);
    await waitFor(() => expect(router.state.location.search).toBe(''));
  });

  it('says when the choice has been made or has expired', async () => {
    await renderAt(`/admin/channels?pending=${STATE}`, {
      [`GET /api/channels/pending/${STATE}`]: {
        status: 410,
        body: { message: CONNECT_MESSAGES.stateGone },
      },
    });
    expect(await screen.findByText(CONNECT_MESSAGES.stateGone)).toBeTruthy();
  });

  it.each([
    [
      'connected',
      'connect=connected&connect_network=twitter&connect_detail=Fleet+on+X',
      CONNECT_MESSAGES.connected('twitter', ['Fleet on X']),
    ],
    ['denied', 'connect=denied&connect_network=facebook', CONNECT_MESSAGES.denied('facebook')],
  ])('says how a connection ended: %s', async (_outcome, search, message) => {
    const { router } = await renderAt(`/admin/channels?${search}`);
    expect(await screen.findByText(message)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Dismiss' }));
    await waitFor(() => expect(screen.queryByText(message)).toBeNull());
    expect(router.state.location.search).toBe('');
  });

  it("lets a connect link's holder choose the Pages on the public page", async () => {
    const { fetchMock } = await renderAt(`/connect/choose/${STATE}`, {
      [`GET /api/connect-links/pending/${STATE}`]: { body: OFFERED },
      [`POST /api/connect-links/pending/${STATE}`]: {
        status: 201,
        body: { data: [{ ...CHANNEL, name: 'Alpha Page' }] },
      },
    });
    fireEvent.click(await screen.findByLabelText(/Alpha Page/));
    fireEvent.click(screen.getByRole('button', { name: 'Add selected' }));
    expect(
      await screen.findByText(`${CONNECT_MESSAGES.added(1)}: Alpha Page. You may close this page.`),
    ).toBeTruthy();
    expect(posts(fetchMock)[0]!.path).toBe(`/api/connect-links/pending/${STATE}`);
  });
});

describe('a connect link', () => {
  it('is made for a network, websites and hours, and shown with a Copy button', async () => {
    const { fetchMock } = await renderAt('/admin/channels', {
      'POST /api/channels/connect-links': {
        body: { url: 'http://fleet.example/connect/abc', expires_at: '2099-01-04T10:00:00.000Z' },
      },
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Connect Link' }));
    const dialog = await screen.findByRole('dialog', { name: 'Connect Link' });
    fireEvent.change(within(dialog).getByLabelText('Network'), { target: { value: 'linkedin' } });
    await pickWebsite(dialog, 'Alpha');
    fireEvent.change(within(dialog).getByLabelText('Link lasts (hours)'), {
      target: { value: '24' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create link' }));
    const shown = await within(dialog).findByLabelText<HTMLInputElement>('Connect link');
    expect(shown.value).toBe('http://fleet.example/connect/abc');
    expect(within(dialog).getByRole('button', { name: 'Copy' })).toBeTruthy();
    expect(posts(fetchMock)).toEqual([
      {
        path: '/api/channels/connect-links',
        body: { network: 'linkedin', website_ids: [3], expires_in_hours: 24 },
      },
    ]);
  });
});
