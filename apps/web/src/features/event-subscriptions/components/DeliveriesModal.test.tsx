import type { EventAttempt, EventDelivery } from '@sitefleet/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter } from 'react-router';
import { beforeEach, describe, expect, it } from 'vitest';
import { renderInApp, stubFetch } from '../../../test/fetch-stub.tsx';
import { stubResizeObserver } from '../../../test/resize-observer-stub.ts';
import { pageOf, SUBSCRIPTION, SUBSCRIPTIONS_PATH } from '../test-fixtures.ts';
import { DeliveriesModal } from './DeliveriesModal.tsx';

beforeEach(stubResizeObserver);

const DELIVERIES_PATH = `${SUBSCRIPTIONS_PATH}/${SUBSCRIPTION.id}/deliveries`;
const ATTEMPTS_PATH = `${SUBSCRIPTIONS_PATH}/${SUBSCRIPTION.id}/attempts`;

const FAILED: EventDelivery = {
  id: 41,
  webhook_id: 'msg_failed41',
  type: 'website.down',
  status: 'failed',
  attempts: 6,
  last_status_code: 500,
  last_error: 'Internal Server Error',
  created_at: '2098-01-02T10:00:00.000Z',
  delivered_at: null,
  payload: { type: 'website.down', timestamp: '2098-01-02T10:00:00.000Z', data: { id: 7 } },
};

/** The failed event's last try, after a first one that the receiver accepted. */
const ATTEMPTS: EventAttempt[] = [
  {
    id: 302,
    delivery_id: FAILED.id,
    webhook_id: FAILED.webhook_id,
    type: 'website.down',
    attempt: 6,
    outcome: 'failed',
    status_code: 500,
    duration_ms: 812,
    error: 'Internal Server Error',
    created_at: '2098-01-02T11:00:00.000Z',
  },
  {
    id: 301,
    delivery_id: 40,
    webhook_id: 'msg_test40',
    type: 'event.test',
    attempt: 1,
    outcome: 'delivered',
    status_code: 204,
    duration_ms: 35,
    error: null,
    created_at: '2098-01-02T09:00:00.000Z',
  },
];

function renderModal(attempts: EventAttempt[] = ATTEMPTS) {
  const fetchMock = stubFetch({
    [DELIVERIES_PATH]: { body: pageOf([FAILED], DELIVERIES_PATH) },
    [ATTEMPTS_PATH]: { body: pageOf(attempts, ATTEMPTS_PATH) },
  });
  renderInApp(
    createMemoryRouter([
      { path: '*', element: <DeliveriesModal subscription={SUBSCRIPTION} onClose={() => {}} /> },
    ]),
  );
  return fetchMock;
}

describe('DeliveriesModal', () => {
  it("lists the subscription's deliveries, narrows them by status and shows a payload", async () => {
    const fetchMock = renderModal();
    const dialog = await screen.findByRole('dialog', { name: 'Deliveries' });
    const table = within(dialog).getByRole('table', { name: 'Deliveries' });
    expect(await within(table).findByText('website.down')).toBeTruthy();
    expect(within(table).getByText('Failed')).toBeTruthy();
    expect(within(table).getByText('500')).toBeTruthy();
    expect(within(table).getByText('Internal Server Error')).toBeTruthy();

    fireEvent.change(within(dialog).getByLabelText('Delivery status'), {
      target: { value: 'failed' },
    });
    await waitFor(() =>
      expect(fetchMock.mock.calls.map(([input]) => String(input))).toContain(
        `${DELIVERIES_PATH}?page=1&status=failed`,
      ),
    );

    fireEvent.click(within(dialog).getByRole('button', { name: 'Payload of msg_failed41' }));
    const payload = within(dialog).getByRole('region', { name: /Payload of/ });
    expect(payload.querySelector('pre')?.textContent).toBe(JSON.stringify(FAILED.payload, null, 2));
  });

  it('lists every attempt in the Attempts tab, with its outcome and status, narrowed by outcome', async () => {
    const fetchMock = renderModal();
    const dialog = await screen.findByRole('dialog', { name: 'Deliveries' });
    fireEvent.click(within(dialog).getByRole('tab', { name: 'Attempts' }));
    const table = await within(dialog).findByRole('table', { name: 'Attempts' });
    await within(table).findByText('event.test');
    const [failed, delivered] = within(table).getAllByRole('row').slice(1);
    for (const text of ['website.down', 'msg_failed41', '6', 'Failed', '500', '812 ms']) {
      expect(within(failed!).getByText(text)).toBeTruthy();
    }
    expect(within(failed!).getByText('Internal Server Error')).toBeTruthy();
    for (const text of ['msg_test40', '1', 'Delivered', '204', '35 ms']) {
      expect(within(delivered!).getByText(text)).toBeTruthy();
    }

    fireEvent.change(within(dialog).getByLabelText('Attempt outcome'), {
      target: { value: 'failed' },
    });
    await waitFor(() =>
      expect(fetchMock.mock.calls.map(([input]) => String(input))).toContain(
        `${ATTEMPTS_PATH}?page=1&outcome=failed`,
      ),
    );
  });

  it('says so when no event was tried yet', async () => {
    renderModal([]);
    const dialog = await screen.findByRole('dialog', { name: 'Deliveries' });
    fireEvent.click(within(dialog).getByRole('tab', { name: 'Attempts' }));
    const table = await within(dialog).findByRole('table', { name: 'Attempts' });
    expect(await within(table).findByText('No event was tried yet.')).toBeTruthy();
  });
});
