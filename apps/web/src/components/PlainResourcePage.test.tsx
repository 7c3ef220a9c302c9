import {
  INSTANCE_MESSAGES,
  INSTANCE_ORDER_KEYS,
  type Instance,
  instanceInputSchema,
  instancesResource,
  paginate,
} from '@sitefleet/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { plainScreenEntry } from '../app/plain-screen.ts';
import { clearSession, loadSession } from '../lib/auth-store.ts';
import { renderInApp, stubFetch } from '../test/fetch-stub.tsx';
import { stubResizeObserver } from '../test/resize-observer-stub.ts';
import { settingsAnswer } from '../test/settings-answer.ts';

beforeEach(stubResizeObserver);
afterEach(() => clearSession());

const INSTANCE: Instance = {
  id: 3,
  instance_id: 'i-plain',
  ip_address: '203.0.113.10',
  current_state: 'running',
  gap: '00:15',
  region: 'us-east-1',
  type: 't3.micro',
  cost: 12,
  created_at: '2026-11-01T08:00:00.000Z',
};

/** One page of the list, as the server shapes it. */
const page = (data: Instance[]) =>
  paginate(data, { page: 1, perPage: 10, total: data.length, path: '/api/instances' });

/**
 * The instances' list as a plain resource's screen (its entry in SCREENS, whose page is made from
 * its props), for a user holding `abilities`.
 */
const ENTRY = plainScreenEntry<Instance>({
  path: '/admin/instances',
  menu: { label: 'Instances', icon: 'bi-hdd-stack', group: 'resources' },
  page: {
    resource: instancesResource,
    title: 'Instances',
    columns: [
      { field: 'instance_id', header: 'Instance#' },
      { field: 'created_at', header: 'Created At', date: true },
    ],
    fields: [
      { name: 'instance_id', label: 'Instance ID' },
      { name: 'ip_address', label: 'IP Address' },
    ],
    input: instanceInputSchema.pick({ instance_id: true, ip_address: true }),
    messages: INSTANCE_MESSAGES,
    sortKeys: INSTANCE_ORDER_KEYS,
    rowName: (row) => row.instance_id,
  },
});

async function renderPage(abilities: string[]) {
  const fetchMock = stubFetch({
    '/api/profile': {
      body: { id: 1, name: 'Ada', email: 'a@b.c', avatar: null, role: null, roles: [] },
    },
    '/api/settings/fetch': { body: settingsAnswer() },
    '/api/abilities': { body: abilities },
    '/api/instances': { body: page([INSTANCE]) },
    '/api/saved-views': { body: [] },
  });
  await loadSession();
  const Screen = await ENTRY.list.load();
  const router = createMemoryRouter([{ path: '*', element: <Screen /> }]);
  renderInApp(router);
  await screen.findByText('i-plain');
  return fetchMock;
}

describe('PlainResourcePage', () => {
  it("lists the rows with the declaration's buttons and checks the form by the contract", async () => {
    expect(ENTRY).toMatchObject({ name: 'instances', list: { ability: 'instance-list' } });
    await renderPage(['instance-list', 'instance-create', 'instance-update', 'instance-delete']);
    expect(screen.getByRole('columnheader', { name: /Instance#/ })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Edit i-plain' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Delete i-plain' })).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Add New Instance' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText(INSTANCE_MESSAGES.instanceIdRequired)).toBeTruthy();
    expect(within(dialog).getByText(INSTANCE_MESSAGES.ipAddressRequired)).toBeTruthy();
  });

  it("opens the edit form with the row's values and sends them to the record", async () => {
    const fetchMock = await renderPage(['instance-list', 'instance-update']);
    expect(screen.queryByRole('button', { name: 'Delete i-plain' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Add New Instance' })).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Edit i-plain' }));
    const dialog = await screen.findByRole('dialog');
    const id = within(dialog).getByLabelText<HTMLInputElement>('Instance ID');
    expect(id.value).toBe('i-plain');
    fireEvent.change(id, { target: { value: 'i-renamed' } });
    fetchMock.mockImplementationOnce(
      async () =>
        new Response(JSON.stringify({ ...INSTANCE, instance_id: 'i-renamed' }), {
          headers: { 'content-type': 'application/json' },
        }),
    );
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(fetchMock).toHaveBeenCalledWith(
        '/api/instances/3',
        expect.objectContaining({
          method: 'PUT',
          body: JSON.stringify({ instance_id: 'i-renamed', ip_address: '203.0.113.10' }),
        }),
      ),
    );
  });
});
