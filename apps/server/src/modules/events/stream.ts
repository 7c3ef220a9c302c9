import { canSeeLiveEvent, LIVE_RESET_EVENT, type LiveEvent } from '@sitefleet/contract';
import type { FastifyReply } from 'fastify';
import type { EventHub } from '../../events/hub.ts';

/**
 * One open event stream: what its user may see of the hub's events, written as Server-Sent
 * Events (`id:` lines, so that the browser reconnects with `Last-Event-ID`), and a comment line
 * now and then, so that proxies do not take it for idle and close it.
 */
export interface StreamOptions {
  hub: EventHub;
  response: FastifyReply['raw'];
  userId: number;
  abilities: readonly string[];
  /** Resume after this id: what was published since is sent first, in order. */
  lastEventId: number | undefined;
  heartbeatMs: number;
  retryMs: number;
  /**
   * Called with each heartbeat: the user's abilities now, or null once the session is over, which
   * ends the stream.
   */
  recheck(): Promise<readonly string[] | null>;
  /** Called once the stream has ended, whichever side ended it. */
  onEnd(): void;
}

export interface LiveStream {
  /** Ends the stream, asking the client to reconnect after `retryMs` (a server going down). */
  close(retryMs?: number): void;
}

const frame = (event: LiveEvent) =>
  `id: ${event.id}\nevent: ${event.type}\ndata: ${JSON.stringify(event.data)}\n\n`;

export async function openStream(options: StreamOptions): Promise<LiveStream> {
  const { hub, response } = options;
  let abilities = options.abilities;
  let ended = false;
  /** Events heard while the missed ones are read: sent after them, unless already sent. */
  let pending: LiveEvent[] | null = options.lastEventId === undefined ? null : [];
  let sentId = options.lastEventId ?? 0;

  const send = (event: LiveEvent) => {
    if (ended || event.id <= sentId) return;
    sentId = event.id;
    if (canSeeLiveEvent({ userId: options.userId, abilities }, event)) {
      response.write(frame(event));
    }
  };
  let unsubscribe = () => {};
  let heartbeat: NodeJS.Timeout | undefined;
  const end = (retryMs?: number) => {
    if (ended) return;
    ended = true;
    clearTimeout(heartbeat);
    unsubscribe();
    if (retryMs !== undefined && !response.writableEnded) response.write(`retry: ${retryMs}\n\n`);
    response.end();
    options.onEnd();
  };
  response.on('close', () => end());

  unsubscribe = await hub.subscribe((event) => {
    if (pending) pending.push(event);
    else send(event);
  });
  // The client may have gone while the hub started listening.
  if (ended) unsubscribe();
  // The first bytes, and so the answer's headers, go once the hub listens: a client whose stream
  // has opened hears every event published from then on.
  else response.write(`retry: ${options.retryMs}\n\n`);
  if (options.lastEventId !== undefined) {
    const replay = await hub.since(options.lastEventId);
    if (!replay.complete) response.write(`event: ${LIVE_RESET_EVENT}\ndata: {}\n\n`);
    for (const event of replay.events) send(event);
    for (const event of pending ?? []) send(event);
    pending = null;
  }
  // Each beat reads the session again, then waits its interval for the next: one at a time.
  const beat = async () => {
    const now = await options.recheck().catch(() => abilities);
    if (ended) return;
    if (!now) return end();
    abilities = now;
    response.write(': keep-alive\n\n');
    heartbeat = setTimeout(beat, options.heartbeatMs);
  };
  if (!ended) heartbeat = setTimeout(beat, options.heartbeatMs);
  return { close: (retryMs) => end(retryMs ?? options.retryMs) };
}
