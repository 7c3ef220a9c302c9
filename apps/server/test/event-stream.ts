import type { ApiClient } from './harness.ts';

/** One message of a Server-Sent Events stream, as a browser's EventSource would parse it. */
export interface StreamMessage {
  id?: string;
  event?: string;
  data?: string;
  retry?: number;
  /** The text of a comment line (`: keep-alive`). */
  comment?: string;
}

export interface EventStreamReader {
  status: number;
  headers: Headers;
  /** Every message received so far, in order. */
  messages: StreamMessage[];
  /** The messages of type `event`, their data parsed. */
  events<T = unknown>(event: string): (T & { id: number })[];
  /**
   * Resolves once `check` holds on the messages received: waits on the stream's data, failing
   * after `timeoutMs` with what arrived.
   */
  until<T>(
    check: (messages: StreamMessage[]) => T | undefined | false,
    timeoutMs?: number,
  ): Promise<T>;
  /** Resolves when the server ends the stream. */
  ended: Promise<void>;
  close(): void;
}

/**
 * Opens `GET /api/events` over real HTTP as `client` (its session cookie), as a browser's
 * EventSource does, and parses what arrives.
 */
export async function openEventStream(
  client: ApiClient,
  { lastEventId, query = '' }: { lastEventId?: number; query?: string } = {},
): Promise<EventStreamReader> {
  const abort = new AbortController();
  const headers: Record<string, string> = { accept: 'text/event-stream' };
  if (client.cookie) headers.cookie = client.cookie;
  if (lastEventId !== undefined) headers['last-event-id'] = String(lastEventId);
  const response = await fetch(`${client.baseUrl}/api/events${query}`, {
    headers,
    signal: abort.signal,
  });
  const messages: StreamMessage[] = [];
  const waiters = new Set<() => void>();
  let finished = false;
  const ended = (async () => {
    if (!response.body || !response.headers.get('content-type')?.startsWith('text/event-stream')) {
      await response.text().catch(() => {});
      return;
    }
    const decoder = new TextDecoder();
    let buffer = '';
    try {
      for await (const chunk of response.body) {
        buffer += decoder.decode(chunk, { stream: true });
        let end = buffer.indexOf('\n\n');
        while (end >= 0) {
          messages.push(parse(buffer.slice(0, end)));
          buffer = buffer.slice(end + 2);
          end = buffer.indexOf('\n\n');
        }
        for (const waiter of waiters) waiter();
      }
    } catch {
      // Aborted by close().
    } finally {
      finished = true;
      for (const waiter of waiters) waiter();
    }
  })();

  return {
    status: response.status,
    headers: response.headers,
    messages,
    events<T>(event: string) {
      return messages
        .filter((message) => message.event === event)
        .map((message) => ({ ...(JSON.parse(message.data ?? '{}') as T), id: Number(message.id) }));
    },
    until(check, timeoutMs = 20_000) {
      return new Promise((resolve, reject) => {
        const attempt = () => {
          const result = check(messages);
          if (result !== undefined && result !== false) {
            done();
            resolve(result);
          } else if (finished) {
            done();
            reject(new Error(`The stream ended first; received ${JSON.stringify(messages)}`));
          }
        };
        const timer = setTimeout(() => {
          done();
          reject(
            new Error(`Timed out after ${timeoutMs} ms; received ${JSON.stringify(messages)}`),
          );
        }, timeoutMs);
        const done = () => {
          clearTimeout(timer);
          waiters.delete(attempt);
        };
        waiters.add(attempt);
        attempt();
      });
    },
    ended,
    close: () => abort.abort(),
  };
}

function parse(block: string): StreamMessage {
  const message: StreamMessage = {};
  for (const line of block.split('\n')) {
    if (line.startsWith(':')) {
      message.comment = line.slice(1).trim();
      continue;
    }
    const colon = line.indexOf(':');
    const field = colon < 0 ? line : line.slice(0, colon);
    const value = colon < 0 ? '' : line.slice(colon + 1).replace(/^ /, '');
    if (field === 'id') message.id = value;
    else if (field === 'event') message.event = value;
    else if (field === 'data')
      message.data = message.data === undefined ? value : `${message.data}\n${value}`;
    else if (field === 'retry') message.retry = Number(value);
  }
  return message;
}
