import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, type Page, test } from '@playwright/test';
import {
  EVENT_SUBSCRIPTION_MESSAGES,
  type EventDelivery,
  type EventSubscription,
} from '@sitefleet/contract';
import { Webhook } from 'standardwebhooks';
import { expectToast } from './admin-screens.ts';
import { api, createCategory, createWebsite, removeIfPresent, uniqueName } from './api.ts';
import { ADMIN, signInThroughApi } from './users.ts';

/** An event as the receiver took it: its signature verified, then its body parsed. */
interface ReceivedEvent {
  webhookId: string;
  type: string;
  timestamp: string;
  data: Record<string, unknown>;
}

interface ReceivedRequest {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
}

/**
 * A local receiver of the outgoing events, as an operator's would be: it keeps every request, and
 * verifies each with the Standard Webhooks library under the subscription's secret, as soon as
 * that secret is known (the requests taken before, once it is given). Those that verify are
 * `events`; those that do not are `refused`, with the library's reason.
 */
async function startEventReceiver() {
  const requests: ReceivedRequest[] = [];
  const events: ReceivedEvent[] = [];
  const refused: string[] = [];
  let secret: string | null = null;
  const verify = (request: ReceivedRequest, key: string) => {
    try {
      const body = new Webhook(key).verify(
        request.body,
        request.headers as Record<string, string>,
      ) as Omit<ReceivedEvent, 'webhookId'>;
      events.push({ webhookId: String(request.headers['webhook-id']), ...body });
    } catch (error) {
      refused.push(`${request.headers['webhook-id']}: ${(error as Error).message}`);
    }
  };
  const server = createServer((incoming, response) => {
    let body = '';
    incoming.setEncoding('utf8');
    incoming.on('data', (chunk: string) => {
      body += chunk;
    });
    incoming.on('end', () => {
      const request = {
        method: incoming.method ?? '',
        path: incoming.url ?? '',
        headers: incoming.headers,
        body,
      };
      requests.push(request);
      if (secret !== null) verify(request, secret);
      response.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks/sitefleet`,
    requests,
    events,
    refused,
    setSecret(value: string) {
      if (secret !== null) throw new Error('The receiver holds a secret already');
      secret = value;
      for (const request of requests) verify(request, value);
    },
    /** The verified events of `type`, in the order they came. */
    eventsOf: (type: string) => events.filter((event) => event.type === type),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** The subscription's deliveries, newest first, as its Deliveries dialog lists them. */
const deliveriesOf = async (page: Page, id: number) =>
  (await api<{ data: EventDelivery[] }>(page, 'GET', `/api/event-subscriptions/${id}/deliveries`))
    .data;

test('an admin subscribes a receiver to post.created, which gets the test event and a new post signed, then deletes it', async ({
  page,
}) => {
  await signInThroughApi(page, ADMIN);
  const receiver = await startEventReceiver();
  // The events of this website alone: the posts other specs make meanwhile are not sent here.
  const { website, websiteName } = await createWebsite(page, 'E2E Events');
  const category = await createCategory(page, 'E2E Events news', [website.id]);
  const description = uniqueName('E2E Event Subscription');
  const title = uniqueName('E2E Evented Post');
  let subscriptionId: number | undefined;
  let postId: number | undefined;
  try {
    const before = await api<{ total: number }>(page, 'GET', '/api/event-subscriptions');
    await page.goto('/admin/dashboard');
    const menu = page.getByRole('navigation', { name: 'Main menu' });
    await menu.getByRole('button', { name: 'Parameters' }).click();
    await menu.getByRole('link', { name: 'Event Subscriptions' }).click();
    await expect(page).toHaveURL(/\/admin\/event-subscriptions$/);
    await expect(page.getByRole('heading', { name: 'Event Subscriptions' })).toBeVisible();
    const table = page.getByRole('table', { name: 'Event Subscriptions' });
    if (before.total === 0) {
      await expect(table.getByText(EVENT_SUBSCRIPTION_MESSAGES.empty)).toBeVisible();
    }

    await page.getByRole('button', { name: 'Add New Event Subscription' }).click();
    const form = page.getByRole('dialog', { name: 'Add New Event Subscription' });
    await form.getByLabel('URL').fill(receiver.url);
    await form.getByLabel('Description').fill(description);
    await expect(form.getByRole('checkbox', { name: 'Enabled' })).toBeChecked();
    await form.getByRole('searchbox', { name: 'Filter events' }).fill('post.created');
    await form.getByRole('checkbox', { name: /post\.created/ }).check();
    await expect(form.getByText('1 chosen.')).toBeVisible();
    await form.getByLabel('Websites').fill(websiteName);
    await page.getByRole('listbox').getByRole('option', { name: websiteName, exact: true }).click();
    // The menu stays open for more choices, over the dialog's buttons: a click elsewhere closes it.
    await form.getByRole('heading', { name: 'Add New Event Subscription' }).click();
    await expect(page.getByRole('listbox')).toBeHidden();
    await form.getByRole('button', { name: 'Save' }).click();

    // The secret is shown this once: read it before Done, after which the page holds it no more.
    const created = page.getByRole('dialog', { name: 'Event subscription created' });
    await expect(created).toContainText(EVENT_SUBSCRIPTION_MESSAGES.created);
    const field = created.getByLabel('Signing secret');
    await expect(field).toHaveAttribute('readonly', '');
    const secret = await field.inputValue();
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]+=*$/);
    receiver.setSecret(secret);
    await created.getByRole('button', { name: 'Done' }).click();
    await expect(created).toBeHidden();
    await expect(form).toBeHidden();
    expect(await page.content()).not.toContain(secret);

    const row = table.getByRole('row').filter({ hasText: description });
    await expect(row).toHaveCount(1);
    await expect(row).toContainText(receiver.url);
    await expect(row).toContainText('post.created');
    await expect(row).toContainText(websiteName);
    await expect(row).toContainText('Active');
    await expect(row).toContainText('Never');
    const [subscription] = (
      await api<{ data: EventSubscription[] }>(
        page,
        'GET',
        `/api/event-subscriptions?query=${encodeURIComponent(description)}`,
      )
    ).data;
    subscriptionId = subscription!.id;
    expect(subscription).toMatchObject({
      url: receiver.url,
      events: ['post.created'],
      website_ids: [website.id],
      secret_hint: secret.slice(-4),
    });

    const options = row.getByRole('button', { name: `Options for ${receiver.url}` });
    await options.click();
    await page.getByRole('button', { name: 'Send test event' }).click();
    await expectToast(page, EVENT_SUBSCRIPTION_MESSAGES.testQueued);
    await expect.poll(() => receiver.eventsOf('event.test').length).toBe(1);
    const [testEvent] = receiver.eventsOf('event.test');
    expect(testEvent!.data).toMatchObject({ subscription_id: subscriptionId });

    const post = await api<{ id: number }>(page, 'POST', '/api/posts', {
      title,
      description: 'Announced to the event subscription.',
      category_id: category.id,
    });
    postId = post.id;
    await expect.poll(() => receiver.eventsOf('post.created').length).toBe(1);
    const [postCreated] = receiver.eventsOf('post.created');
    expect(postCreated!.data).toMatchObject({
      id: post.id,
      title,
      category_id: category.id,
      website_ids: [website.id],
    });
    // Every request was a signed POST, and each one verified.
    expect(receiver.refused).toEqual([]);
    expect(receiver.requests.map((request) => `${request.method} ${request.path}`)).toEqual([
      'POST /hooks/sitefleet',
      'POST /hooks/sitefleet',
    ]);
    expect(receiver.events).toHaveLength(2);

    // The receiver answers before the server records the answer: the dialog lists them once both
    // are recorded delivered (it shows what it loaded when opened).
    await expect
      .poll(async () =>
        (await deliveriesOf(page, subscriptionId!)).map((delivery) => [
          delivery.webhook_id,
          delivery.status,
        ]),
      )
      .toEqual([
        [postCreated!.webhookId, 'delivered'],
        [testEvent!.webhookId, 'delivered'],
      ]);
    await options.click();
    await page.getByRole('button', { name: 'Deliveries', exact: true }).click();
    const deliveries = page.getByRole('dialog', { name: 'Deliveries' });
    await expect(deliveries).toContainText(receiver.url);
    const deliveryRows = deliveries.getByRole('table', { name: 'Deliveries' }).locator('tbody tr');
    await expect(deliveryRows).toHaveCount(2);
    for (const [event, type] of [
      [postCreated!, 'post.created'],
      [testEvent!, 'event.test'],
    ] as const) {
      const delivered = deliveryRows.filter({
        has: page.getByRole('button', { name: `Payload of ${event.webhookId}` }),
      });
      await expect(delivered).toContainText(type);
      await expect(delivered).toContainText('Delivered');
      await expect(delivered).toContainText('204');
    }
    await deliveries.getByRole('button', { name: `Payload of ${postCreated!.webhookId}` }).click();
    await expect(deliveries.getByRole('region', { name: /Payload of/ })).toContainText(title);
    // The footer's Close (the header's × is named Close too).
    await deliveries.getByText('Close', { exact: true }).click();
    await expect(deliveries).toBeHidden();

    await options.click();
    await page.getByRole('button', { name: 'Delete', exact: true }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete Event Subscription' });
    await expect(confirm).toContainText(receiver.url);
    await confirm.getByRole('button', { name: 'Delete', exact: true }).click();
    await expectToast(page, EVENT_SUBSCRIPTION_MESSAGES.deleted);
    await expect(confirm).toBeHidden();
    await expect(row).toHaveCount(0);
    subscriptionId = undefined;
  } finally {
    if (subscriptionId !== undefined) {
      await removeIfPresent(page, `/api/event-subscriptions/${subscriptionId}`);
    }
    if (postId !== undefined) await removeIfPresent(page, `/api/posts/${postId}`);
    await removeIfPresent(page, `/api/categories/${category.id}`);
    await removeIfPresent(page, `/api/websites/${website.id}`);
    await receiver.close();
  }
});
