import type { EventDelivery } from '@sitefleet/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter } from 'react-router';
import { beforeEach, describe, expect, it } from 'vitest';
import { renderInApp, stubFetch } from '../../../test/fetch-stub.tsx';
import { stubResizeObserver } from '../../../test/resize-observer-stub.ts';
import { pageOf, SUBSCRIPTION, SUBSCRIPTIONS_PATH } from '../test-fixtures.ts';
import { DeliveriesModal } from './DeliveriesModal.tsx';

beforeEach(stubResizeObserver);

const DELIVERIES_PATH = `${SUBSCRIPTIONS_PATH}/${SUBSCRIPTION.id}/deliveries`;

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

function renderModal() {
  const fetchMock = stubFetch({ [DELIVERIES_PATH]: { body: pageOf([FAILED], DELIVERIES_PATH) } });
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
});
