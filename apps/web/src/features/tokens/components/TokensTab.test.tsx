import { type ApiToken, paginate, TOKEN_MESSAGES } from '@sitefleet/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter } from 'react-router';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { clearSession, loadSession } from '../../../lib/auth-store.ts';
import { renderInApp, stubFetch } from '../../../test/fetch-stub.tsx';
import { stubResizeObserver } from '../../../test/resize-observer-stub.ts';
import { settingsAnswer } from '../../../test/settings-answer.ts';
import { TokensTab } from './TokensTab.tsx';
import { dayOf, endOfDay } from './token-form.ts';

afterEach(() => clearSession());

const SECRET = `sf_pat_${'a'.repeat(38)}`;

const ROW: ApiToken = {
  id: 5,
  name: 'Deploy script',
  abilities: ['website-list'],
  role_id: null,
  role_name: null,
  website_ids: null,
  expires_at: '2099-01-01T23:59:59.999Z',
  last_used_at: null,
  last_used_ip: null,
  created_by: { id: 1, name: 'Ada' },
  created_at: '2098-01-01T00:00:00.000Z',
  revoked_at: null,
  status: 'active',
};

/** One page of the list, as the server shapes it. */
const page = (data: ApiToken[]) =>
  paginate(data, { page: 1, perPage: 15, total: data.length, path: '/api/tokens' });

/**
 * The server as the tab sees it: the session of a user holding `abilities`, an empty list of
 * tokens, and a POST /api/tokens answering the new row with its secret. Records each call.
 */
function stubServer(abilities: string[]) {
  return stubFetch({
    '/api/profile': {
      body: { id: 1, name: 'Ada', email: 'a@b.c', avatar: null, role: null, roles: [] },
    },
    '/api/settings/fetch': { body: settingsAnswer() },
    '/api/abilities': { body: abilities },
    'GET /api/tokens': { body: page([]) },
    '/api/roles/all': {
      body: [
        { id: 2, name: 'admin' },
        { id: 4, name: 'viewer' },
      ],
    },
    '/api/getAllWebsites': {
      body: [
        { id: 3, name: 'Alpha' },
        { id: 7, name: 'Beta' },
      ],
    },
    'POST /api/tokens': { status: 201, body: { ...ROW, token: SECRET } },
  });
}

async function renderTab(abilities: string[]) {
  stubResizeObserver();
  const fetchMock = stubServer(abilities);
  await loadSession();
  renderInApp(createMemoryRouter([{ path: '*', element: <TokensTab /> }]));
  await screen.findByText(/No API tokens yet/);
  fireEvent.click(screen.getByRole('button', { name: 'New API token' }));
  const dialog = await screen.findByRole('dialog', { name: 'New API token' });
  return { fetchMock, dialog };
}

/**
 * The dialog's submit button, found once: a query by role weighs every element's accessible
 * name, and the dialog has dozens of checkboxes.
 */
const submitOf = (dialog: HTMLElement) => {
  const button = within(dialog).getByRole('button', { name: 'Create token' });
  return () => fireEvent.click(button);
};

const posts = (fetchMock: ReturnType<typeof stubServer>) =>
  fetchMock.mock.calls.filter(([, init]) => init?.method === 'POST');

/** Types a day as the date field takes it (DD-MM-YYYY). */
function typeExpiry(dialog: HTMLElement, date: Date) {
  const [year, month, day] = dayOf(date).split('-');
  fireEvent.change(within(dialog).getByLabelText('Expires On'), {
    target: { value: `${day}-${month}-${year}` },
  });
}

const daysAhead = (days: number) => {
  const date = new Date();
  date.setDate(date.getDate() + days);
  return date;
};

describe('TokensTab', () => {
  it("offers only the abilities the user holds and checks the form by the contract's rules", async () => {
    const { fetchMock, dialog } = await renderTab(['website-list', 'post-list']);
    const offered = within(dialog)
      .getAllByRole('checkbox')
      .map((box) => (box as HTMLInputElement).labels?.[0]?.querySelector('code')?.textContent);
    expect(offered).toEqual(['website-list', 'post-list']);

    const submit = submitOf(dialog);
    submit();
    expect(await within(dialog).findByText(TOKEN_MESSAGES.nameRequired)).toBeTruthy();

    // The schema asks for a grant once the fields themselves are right, as the server does.
    fireEvent.change(within(dialog).getByLabelText('Name'), { target: { value: 'Deploy script' } });
    submit();
    expect(await within(dialog).findByText(TOKEN_MESSAGES.grantRequired)).toBeTruthy();

    fireEvent.click(within(dialog).getByLabelText(/See websites/));
    typeExpiry(dialog, daysAhead(-1));
    submit();
    expect(await within(dialog).findByText(TOKEN_MESSAGES.expiresPast)).toBeTruthy();

    typeExpiry(dialog, daysAhead(400));
    submit();
    expect(await within(dialog).findByText(TOKEN_MESSAGES.expiresTooFar)).toBeTruthy();
    expect(posts(fetchMock)).toHaveLength(0);
  });

  it('holds every permission for manage-all', async () => {
    const { dialog } = await renderTab(['manage-all']);
    expect(within(dialog).getByLabelText(/token-manage/)).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText('Filter abilities'), {
      target: { value: 'audit' },
    });
    expect(within(dialog).getAllByRole('checkbox')).toHaveLength(1);
  });

  it('sends the end of the default day and shows the new token once', async () => {
    const { fetchMock, dialog } = await renderTab(['website-list']);
    fireEvent.change(within(dialog).getByLabelText('Name'), { target: { value: 'Deploy script' } });
    fireEvent.click(within(dialog).getByLabelText(/See websites/));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create token' }));

    const shown = await screen.findByRole('dialog', { name: 'API token created' });
    expect(within(shown).getByText(TOKEN_MESSAGES.created)).toBeTruthy();
    const field = within(shown).getByLabelText('API Token') as HTMLInputElement;
    expect(field.value).toBe(SECRET);
    expect(field.readOnly).toBe(true);
    expect(within(shown).getByRole('button', { name: 'Copy' })).toBeTruthy();

    const [, init] = posts(fetchMock)[0] ?? [];
    expect(JSON.parse(String(init?.body))).toEqual({
      name: 'Deploy script',
      abilities: ['website-list'],
      expires_at: endOfDay(dayOf(daysAhead(90))),
    });

    fireEvent.click(within(shown).getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.queryByDisplayValue(SECRET)).toBeNull());
  });
});

describe("a role's token", () => {
  it('is offered to a token manager, asks for the role, and sends its id instead of abilities', async () => {
    const { fetchMock, dialog } = await renderTab(['token-manage', 'user-list']);
    fireEvent.change(within(dialog).getByLabelText('Name'), { target: { value: 'Fleet viewer' } });
    fireEvent.click(within(dialog).getByLabelText(/A role's permissions/));
    expect(within(dialog).queryByLabelText('Filter abilities')).toBeNull();
    const submit = submitOf(dialog);
    submit();
    expect(await within(dialog).findByText(TOKEN_MESSAGES.grantRequired)).toBeTruthy();
    const role = within(dialog).getByLabelText('Role');
    await within(dialog).findByRole('option', { name: 'viewer' });
    fireEvent.change(role, { target: { value: '4' } });
    submit();
    await screen.findByRole('dialog', { name: 'API token created' });
    const [, init] = posts(fetchMock)[0] ?? [];
    const body = JSON.parse(String(init?.body));
    expect(body.role_id).toBe(4);
    expect(body.abilities).toBeUndefined();
  });

  it('is not offered without token-manage', async () => {
    const { dialog } = await renderTab(['user-list', 'website-list']);
    expect(within(dialog).queryByLabelText(/A role's permissions/)).toBeNull();
  });
});

describe('the websites a token is limited to', () => {
  it('sends the websites chosen, and none for every website', async () => {
    const { fetchMock, dialog } = await renderTab(['website-list']);
    fireEvent.change(within(dialog).getByLabelText('Name'), { target: { value: 'Limited' } });
    fireEvent.click(within(dialog).getByLabelText(/See websites/));
    const websites = within(dialog).getByLabelText('Websites');
    fireEvent.keyDown(websites, { key: 'ArrowDown' });
    // The menu opens at the page's end (a portal), outside the dialog.
    fireEvent.click(await screen.findByText('Beta'));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create token' }));
    await screen.findByRole('dialog', { name: 'API token created' });
    const [, init] = posts(fetchMock)[0] ?? [];
    expect(JSON.parse(String(init?.body)).website_ids).toEqual([7]);
  });

  it('is not offered to a user who sees no websites', async () => {
    const { dialog } = await renderTab(['user-list']);
    expect(within(dialog).queryByLabelText('Websites')).toBeNull();
  });
});

/**
 * The expiry is the end of the chosen day where the user is: in a zone with a half-hour offset
 * too, where a conversion that drops or doubles the offset shows.
 */
describe.each([
  { zone: 'UTC', instant: '2099-03-04T23:59:59.999Z' },
  { zone: 'Asia/Kolkata', instant: '2099-03-04T18:29:59.999Z' },
])('endOfDay in $zone', ({ zone, instant }) => {
  const machineZone = process.env.TZ;
  beforeAll(() => {
    process.env.TZ = zone;
  });
  afterAll(() => {
    if (machineZone === undefined) delete process.env.TZ;
    else process.env.TZ = machineZone;
  });

  it('is the last moment of the day there', () => {
    expect(endOfDay('2099-03-04')).toBe(instant);
    expect(endOfDay('04-03-2099')).toBe('04-03-2099');
  });
});
