import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { DeliveryState, type DetailRow } from './DeliveryState.tsx';

/** A Detailed Review row with only what its Delivery cell reads. */
const rowWith = (deliveries: DetailRow['deliveries']) =>
  ({ deliveries, delivery_status: null, delivery_error: null }) as unknown as DetailRow;

describe("a variant's Delivery cell", () => {
  it("shows a network's outcome at each channel by name, each with its own error", () => {
    render(
      <DeliveryState
        row={rowWith([
          { target: 'website', status: 'delivered', error: null },
          {
            target: 'facebook',
            status: 'failed',
            error: 'Alpha Page: HTTP 500: down',
            channels: [
              {
                channel_id: 1,
                channel_name: 'Alpha Page',
                status: 'failed',
                error: 'HTTP 500: down',
              },
              { channel_id: 2, channel_name: 'Beta Page', status: 'delivered', error: null },
            ],
          },
        ])}
      />,
    );
    const facebook = screen.getByText('Facebook: failed').closest('li')!;
    expect(within(facebook).getByText('Alpha Page: failed')).toBeTruthy();
    expect(within(facebook).getByText('HTTP 500: down')).toBeTruthy();
    expect(within(facebook).getByText('Beta Page: delivered')).toBeTruthy();
    // The network's summary is not said twice: each channel says its own.
    expect(within(facebook).queryByText('Alpha Page: HTTP 500: down')).toBeNull();
    expect(screen.getByText('Website: delivered')).toBeTruthy();
  });

  it('shows the error of a network without channels (its generic webhook) as before', () => {
    render(
      <DeliveryState
        row={rowWith([{ target: 'twitter', status: 'failed', error: 'HTTP 401: refused' }])}
      />,
    );
    expect(screen.getByText('Twitter: failed')).toBeTruthy();
    expect(screen.getByText('HTTP 401: refused')).toBeTruthy();
  });
});
