import {
  DEFAULT_CHANNEL_CHOICE,
  NOTIFICATION_KIND_LABELS,
  NOTIFICATION_KINDS,
  NOTIFICATION_MESSAGES,
} from '@sitefleet/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { stubFetch } from '../../../test/fetch-stub.tsx';
import { NotificationPreferencesForm } from './NotificationPreferencesForm.tsx';

const kinds = Object.fromEntries(NOTIFICATION_KINDS.map((kind) => [kind, DEFAULT_CHANNEL_CHOICE]));

function renderForm(channelsSetUp: { in_app: boolean; email: boolean; chat: boolean }) {
  stubFetch({
    '/api/profile/notifications': { body: { kinds, channels_set_up: channelsSetUp } },
  });
  render(
    <QueryClientProvider client={new QueryClient()}>
      <NotificationPreferencesForm />
    </QueryClientProvider>,
  );
}

const box = (channel: string) =>
  screen.findByRole('checkbox', {
    name: `${NOTIFICATION_KIND_LABELS.website_down}: ${channel}`,
  }) as Promise<HTMLInputElement>;

describe('NotificationPreferencesForm', () => {
  it('shows e-mail and chat unticked and fixed, and says why, while they cannot send', async () => {
    renderForm({ in_app: true, email: false, chat: false });
    for (const channel of ['E-mail', 'Chat']) {
      const checkbox = await box(channel);
      expect([channel, checkbox.checked, checkbox.disabled]).toEqual([channel, false, true]);
    }
    const inApp = await box('In the app');
    expect([inApp.checked, inApp.disabled]).toEqual([true, false]);
    expect(screen.getByText(NOTIFICATION_MESSAGES.emailNotSetUp)).toBeTruthy();
    expect(screen.getByText(NOTIFICATION_MESSAGES.chatNotSetUp)).toBeTruthy();
  });

  it('shows the choices as they are once every channel is set up', async () => {
    renderForm({ in_app: true, email: true, chat: true });
    for (const channel of ['In the app', 'E-mail', 'Chat']) {
      const checkbox = await box(channel);
      expect([channel, checkbox.checked, checkbox.disabled]).toEqual([channel, true, false]);
    }
    expect(screen.queryByText(NOTIFICATION_MESSAGES.emailNotSetUp)).toBeNull();
  });
});
