import { Webhook } from 'standardwebhooks';
import { type FakeAnswer, type ReceivedRequest, startFakeHttp } from './fake-http.ts';
import type { ApiClient } from './harness.ts';
import { waitFor } from './harness.ts';

/** An event as a receiver took it: verified by the Standard Webhooks library, then parsed. */
export interface ReceivedEvent {
  webhookId: string;
  type: string;
  timestamp: string;
  data: Record<string, unknown>;
}

/**
 * A local receiver of outgoing events: every request is verified with the `standardwebhooks`
 * package under the subscription's secret (set once the subscription answers it), and those that
 * pass are kept as events. `answer` sets how it answers, as the fake HTTP server's does.
 */
export async function startEventReceiver() {
  const http = await startFakeHttp();
  let secret: string | null = null;
  const verified: ReceivedEvent[] = [];
  const refused: ReceivedRequest[] = [];
  let answer: (request: ReceivedRequest, index: number) => FakeAnswer = () => ({ status: 204 });
  http.answer((request, index) => {
    const reply = answer(request, index);
    // Only what it took counts as received: a receiver failing on purpose took nothing.
    if (reply !== 'hang' && reply.status < 300) {
      try {
        const body = new Webhook(secret ?? '').verify(
          request.body,
          request.headers as Record<string, string>,
        ) as Omit<ReceivedEvent, 'webhookId'>;
        verified.push({ webhookId: String(request.headers['webhook-id']), ...body });
      } catch {
        refused.push(request);
      }
    }
    return reply;
  });
  return {
    url: http.url,
    requests: http.requests,
    /** The verified events it took, in their order. */
    events: verified,
    /** Requests whose signature did not verify. */
    refused,
    setSecret(value: string) {
      secret = value;
    },
    answer(respond: typeof answer) {
      answer = respond;
    },
    /** The events of `type` taken, once there are at least `count` of them. */
    eventsOf(type: string, count = 1, timeoutMs = 20_000) {
      return waitFor(
        async () => {
          const found = verified.filter((event) => event.type === type);
          return found.length >= count && found;
        },
        { what: `${count} × ${type}`, timeoutMs },
      );
    },
    close: () => http.close(),
  };
}
export type EventReceiver = Awaited<ReturnType<typeof startEventReceiver>>;

/** Subscribes the receiver to `events` through the API, and gives it the secret answered once. */
export async function subscribe(
  admin: ApiClient,
  receiver: EventReceiver,
  events: readonly string[],
  more: { website_ids?: number[]; description?: string } = {},
) {
  const created = await admin.post<{ id: number; secret: string }>('/api/event-subscriptions', {
    url: receiver.url,
    events,
    ...more,
  });
  if (created.status !== 201) {
    throw new Error(`Subscribing failed: ${created.status} ${JSON.stringify(created.body)}`);
  }
  receiver.setSecret(created.body.secret);
  return created.body;
}
