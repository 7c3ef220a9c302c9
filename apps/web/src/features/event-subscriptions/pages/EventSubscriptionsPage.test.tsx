import { EVENT_SUBSCRIPTION_MESSAGES, type EventSubscription } from '@sitefleet/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { clearSession, loadSession } from '../../../lib/auth-store.ts';
import { renderInApp, type StubbedAnswer, stubFetch } from '../../../test/fetch-stub.tsx';
import { stubResizeObserver } from '../../../test/resize-observer-stub.ts';
import { settingsAnswer } from '../../../test/settings-answer.ts';
import { pageOf, SUBSCRIPTION, SUBSCRIPTION_URL, SUBSCRIPTIONS_PATH } from '../test-fixtures.ts';
import { EventSubscriptionsPage } from './EventSubscriptionsPage.tsx';

beforeEach(stubResizeObserver);
afterEach(() => clearSession());

const SECRET = `whsec_${'c2VjcmV0'.repeat(4)}`;

/**
 * The server as the screen sees it: an administrator's session, the subscriptions `rows`, two
 * websites, and the answers given (e.g. 'POST /api/event-subscriptions'). Records each call.
 */
async function renderPage(rows: EventSubscription[], answers: Record<string, StubbedAnswer> = {}) {
  const fetchMock = stubFetch({
    '/api/profile': {
      body: { id: 1, name: 'Ada', email: 'a@b.c', avatar: null, role: null, roles: [] },
    },
    '/api/settings/fetch': { body: settingsAnswer() },
    '/api/abilities': { body: ['event-subscription-manage'] },
    [`GET ${SUBSCRIPTIONS_PATH}`]: { body: pageOf(rows) },
    '/api/getAllWebsites': {
      body: [
        { id: 3, name: 'Alpha' },
        { id: 7, name: 'Beta' },
      ],
    },
    ...answers,
  });
  await loadSession();
  renderInApp(createMemoryRouter([{ path: '*', element: <EventSubscriptionsPage /> }]));
  return fetchMock;
}

/** Opens the create form of an empty list. */
async function openForm(answers: Record<string, StubbedAnswer> = {}) {
  const fetchMock = await renderPage([], answers);
  fireEvent.click(await screen.findByRole('button', { name: 'Add New Event Subscription' }));
  const dialog = await screen.findByRole('dialog', { name: 'Add New Event Subscription' });
  // Found once: a query by role weighs every element's name, and the form has dozens of boxes.
  const save = within(dialog).getByRole('button', { name: 'Save' });
  return { fetchMock, dialog, save: () => fireEvent.click(save) };
}

const callsOf = (fetchMock: Awaited<ReturnType<typeof renderPage>>, method: string) =>
  fetchMock.mock.calls.filter(([, init]) => (init?.method ?? 'GET') === method);

describe('EventSubscriptionsPage', () => {
  it('lists the subscriptions: URL, events, websites by name, status with its reason, last error', async () => {
    await renderPage([SUBSCRIPTION]);
    const table = await screen.findByRole('table', { name: 'Event Subscriptions' });
    await within(table).findByText('Beta');
    expect(within(table).getByText(SUBSCRIPTION_URL)).toBeTruthy();
    expect(within(table).getByText('The CRM')).toBeTruthy();
    expect(within(table).getByText('post.created')).toBeTruthy();
    expect(within(table).getByText('+1 more')).toBeTruthy();
    expect(within(table).getByText('Paused')).toBeTruthy();
    expect(within(table).getByText('Five failures in a row')).toBeTruthy();
    expect(within(table).getByText('Never')).toBeTruthy();
    expect(within(table).getByText('HTTP 500')).toBeTruthy();
  });

  it("says so when there is none, in the contract's words", async () => {
    await renderPage([]);
    expect(await screen.findByText(EVENT_SUBSCRIPTION_MESSAGES.empty)).toBeTruthy();
  });
});

describe('the subscription form', () => {
  it('says what the contract says of an empty URL and no event, without calling the server', async () => {
    const { fetchMock, dialog, save } = await openForm();
    save();
    expect(await within(dialog).findByText(EVENT_SUBSCRIPTION_MESSAGES.urlRequired)).toBeTruthy();
    expect(within(dialog).getByText(EVENT_SUBSCRIPTION_MESSAGES.eventsRequired)).toBeTruthy();

    fireEvent.change(within(dialog).getByLabelText('URL'), { target: { value: 'ftp://x.test' } });
    save();
    expect(await within(dialog).findByText(EVENT_SUBSCRIPTION_MESSAGES.urlInvalid)).toBeTruthy();
    expect(callsOf(fetchMock, 'POST')).toHaveLength(0);
  });

  it('groups the events by subject, each with its description, and filters them', async () => {
    const { dialog } = await openForm();
    expect(within(dialog).getByText('Website')).toBeTruthy();
    expect(within(dialog).getByLabelText(/A website's TLS certificate expires soon/)).toBeTruthy();
    // The test event goes only when asked: it is not offered.
    expect(within(dialog).queryByLabelText(/event\.test/)).toBeNull();
    fireEvent.change(within(dialog).getByLabelText('Filter events'), {
      target: { value: 'comment' },
    });
    expect(within(dialog).getAllByRole('checkbox')).toHaveLength(2);
  });

  it('creates the subscription and shows its secret this once', async () => {
    const { fetchMock, dialog, save } = await openForm({
      [`POST ${SUBSCRIPTIONS_PATH}`]: { status: 201, body: { ...SUBSCRIPTION, secret: SECRET } },
    });
    fireEvent.change(within(dialog).getByLabelText('URL'), { target: { value: SUBSCRIPTION_URL } });
    fireEvent.click(within(dialog).getByLabelText(/post\.created/));
    fireEvent.click(within(dialog).getByLabelText(/website\.down/));
    save();

    const shown = await screen.findByRole('dialog', { name: EVENT_SUBSCRIPTION_MESSAGES.created });
    const field = within(shown).getByLabelText<HTMLInputElement>('Signing secret');
    expect(field.value).toBe(SECRET);
    expect(field.readOnly).toBe(true);
    expect(within(shown).getByRole('button', { name: 'Copy' })).toBeTruthy();

    const [, init] = callsOf(fetchMock, 'POST')[0] ?? [];
    expect(JSON.parse(String(init?.body))).toEqual({
      url: SUBSCRIPTION_URL,
      events: ['post.created', 'website.down'],
      website_ids: null,
      description: '',
      enabled: true,
    });

    fireEvent.click(within(shown).getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.queryByDisplayValue(SECRET)).toBeNull());
  });

  it("shows the server's refusal of a field under that field", async () => {
    const { dialog, save } = await openForm({
      [`POST ${SUBSCRIPTIONS_PATH}`]: {
        status: 422,
        body: {
          message: EVENT_SUBSCRIPTION_MESSAGES.websitesUnknown([7]),
          errors: { website_ids: [EVENT_SUBSCRIPTION_MESSAGES.websitesUnknown([7])] },
        },
      },
    });
    fireEvent.change(within(dialog).getByLabelText('URL'), { target: { value: SUBSCRIPTION_URL } });
    fireEvent.click(within(dialog).getByLabelText(/post\.created/));
    fireEvent.keyDown(within(dialog).getByLabelText('Websites'), { key: 'ArrowDown' });
    // The menu opens at the page's end (a portal), outside the dialog.
    fireEvent.click(await screen.findByText('Beta'));
    save();
    const message = await within(dialog).findByText(
      EVENT_SUBSCRIPTION_MESSAGES.websitesUnknown([7]),
    );
    // Under the websites, in their field.
    expect(message.parentElement?.contains(within(dialog).getByLabelText('Websites'))).toBe(true);
    // The dialog stays open with what was typed.
    expect(within(dialog).getByLabelText<HTMLInputElement>('URL').value).toBe(SUBSCRIPTION_URL);
  });
});

describe("a row's actions", () => {
  /** Opens the row's Options menu and picks `label`. */
  async function pick(label: string) {
    fireEvent.click(await screen.findByRole('button', { name: `Options for ${SUBSCRIPTION_URL}` }));
    fireEvent.click(await screen.findByRole('button', { name: label }));
  }

  it('rotates the secret after a confirmation and shows the new one once', async () => {
    const fetchMock = await renderPage([SUBSCRIPTION], {
      [`POST ${SUBSCRIPTIONS_PATH}/9/rotate-secret`]: {
        body: { message: EVENT_SUBSCRIPTION_MESSAGES.secretRotated, secret: SECRET },
      },
    });
    await pick('Rotate secret');
    const confirm = await screen.findByRole('dialog', { name: 'Rotate Secret' });
    fireEvent.click(within(confirm).getByRole('button', { name: 'Rotate secret' }));
    const shown = await screen.findByRole('dialog', {
      name: EVENT_SUBSCRIPTION_MESSAGES.secretRotated,
    });
    expect(within(shown).getByLabelText<HTMLInputElement>('Signing secret').value).toBe(SECRET);
    expect(callsOf(fetchMock, 'POST').map(([input]) => input)).toEqual([
      `${SUBSCRIPTIONS_PATH}/9/rotate-secret`,
    ]);
  });

  it('sends a test event, resumes a paused one and replays its failed events', async () => {
    const fetchMock = await renderPage([SUBSCRIPTION], {
      [`POST ${SUBSCRIPTIONS_PATH}/9/test`]: {
        body: { message: EVENT_SUBSCRIPTION_MESSAGES.testQueued },
      },
      [`POST ${SUBSCRIPTIONS_PATH}/9/resume`]: {
        body: { message: EVENT_SUBSCRIPTION_MESSAGES.resumed },
      },
      [`POST ${SUBSCRIPTIONS_PATH}/9/replay`]: {
        body: { message: EVENT_SUBSCRIPTION_MESSAGES.replayed(2), queued: 2 },
      },
    });
    await pick('Send test event');
    await pick('Resume');
    await pick('Replay failed');
    const confirm = await screen.findByRole('dialog', { name: 'Replay Failed' });
    fireEvent.click(within(confirm).getByRole('button', { name: 'Replay' }));
    await waitFor(() => expect(callsOf(fetchMock, 'POST')).toHaveLength(3));
    const posts = callsOf(fetchMock, 'POST');
    expect(posts.map(([input]) => input)).toEqual([
      `${SUBSCRIPTIONS_PATH}/9/test`,
      `${SUBSCRIPTIONS_PATH}/9/resume`,
      `${SUBSCRIPTIONS_PATH}/9/replay`,
    ]);
    expect(JSON.parse(String(posts[2]?.[1]?.body))).toEqual({ statuses: ['failed', 'held'] });
  });

  it('reloads the list when the Deliveries dialog closes: what went out shows in the row', async () => {
    const fetchMock = await renderPage([SUBSCRIPTION], {
      [`GET ${SUBSCRIPTIONS_PATH}/9/deliveries`]: { body: pageOf([]) },
    });
    const listReads = () =>
      callsOf(fetchMock, 'GET').filter(([input]) =>
        String(input).startsWith(`${SUBSCRIPTIONS_PATH}?`),
      ).length;
    await pick('Deliveries');
    const dialog = await screen.findByRole('dialog', { name: /Deliveries/ });
    const before = listReads();
    fireEvent.click(within(dialog).getAllByRole('button', { name: 'Close' }).at(-1)!);
    await waitFor(() => expect(listReads()).toBe(before + 1));
  });

  it('offers Resume only to a paused subscription', async () => {
    await renderPage([{ ...SUBSCRIPTION, status: 'active', paused_reason: null }]);
    fireEvent.click(await screen.findByRole('button', { name: `Options for ${SUBSCRIPTION_URL}` }));
    await screen.findByRole('button', { name: 'Send test event' });
    expect(screen.queryByRole('button', { name: 'Resume' })).toBeNull();
  });
});
