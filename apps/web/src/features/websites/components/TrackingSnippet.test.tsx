import { TRAFFIC_MESSAGES, trackingSnippet } from '@sitefleet/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter } from 'react-router';
import { beforeAll, describe, expect, it } from 'vitest';
import { Toaster } from '../../../lib/toast.tsx';
import { renderInApp, stubFetch } from '../../../test/fetch-stub.tsx';
import { TrackingSnippet } from './TrackingSnippet.tsx';

// The toasts load their library with the first one: loaded here, the first shows at once.
beforeAll(() => import('../../../lib/toaster.tsx'));

const ROTATE = 'POST /api/websites/7/tracking-key/rotate';

function renderSnippet(rotated: { status?: number; body: unknown }) {
  const fetchMock = stubFetch({ [ROTATE]: rotated });
  renderInApp(
    createMemoryRouter([
      {
        path: '*',
        element: (
          <>
            <TrackingSnippet websiteId={7} trackingKey="old-key" />
            <Toaster theme="light" />
          </>
        ),
      },
    ]),
  );
  return fetchMock;
}

describe("a website's tracking snippet", () => {
  it('is the one line with the app’s own address and the website’s key', () => {
    renderSnippet({ body: {} });
    const snippet = screen.getByRole('textbox', { name: 'Tracking snippet' });
    expect((snippet as HTMLInputElement).value).toBe(
      `<script defer src="${window.location.origin}/t.js" data-key="old-key"></script>`,
    );
    expect((snippet as HTMLInputElement).value).toBe(
      trackingSnippet(window.location.origin, 'old-key'),
    );
    expect(screen.getByRole('button', { name: 'Copy snippet' })).toBeTruthy();
  });

  it('takes a new key once the rotation is confirmed, and says to update the website', async () => {
    const fetchMock = renderSnippet({
      body: { message: TRAFFIC_MESSAGES.trackingKeyRotated, tracking_key: 'new-key' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Rotate key' }));
    const question = screen.getByRole('alertdialog', { name: 'Rotate key' });
    expect(fetchMock).not.toHaveBeenCalled();
    fireEvent.click(within(question).getByRole('button', { name: 'Rotate key' }));
    await screen.findByText(TRAFFIC_MESSAGES.trackingKeyRotated);
    // The component's key comes from the settings answer it is given; the call was made once.
    expect(fetchMock).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
  });

  it('keeps the question open with the server’s message when the rotation fails', async () => {
    renderSnippet({ status: 403, body: { message: 'This action is unauthorized.' } });
    fireEvent.click(screen.getByRole('button', { name: 'Rotate key' }));
    const question = screen.getByRole('alertdialog', { name: 'Rotate key' });
    fireEvent.click(within(question).getByRole('button', { name: 'Rotate key' }));
    expect((await within(question).findByRole('alert')).textContent).toBe(
      'This action is unauthorized.',
    );
  });

  it('asks nothing when the rotation is cancelled', () => {
    const fetchMock = renderSnippet({ body: {} });
    fireEvent.click(screen.getByRole('button', { name: 'Rotate key' }));
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
