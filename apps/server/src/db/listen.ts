import pg from 'pg';

/** What a channel's listener is told: each notification's payload, and when it may have missed some. */
export interface ChannelListener {
  onNotify(payload: string): void;
  /** The connection was lost and is back: notifications sent meanwhile never arrived. */
  onReconnect(): void;
}

export interface Listening {
  close(): Promise<void>;
}

const RECONNECT_DELAY_MS = 1000;

/**
 * Listens on `channel` on a connection of its own, outside the pools (a pooled connection goes
 * back to the pool and forgets its LISTEN), and connects again whenever it is lost.
 */
export async function listenOnPostgres(
  url: string,
  channel: string,
  listener: ChannelListener,
): Promise<Listening> {
  let closed = false;
  let client: pg.Client | null = null;
  let retry: NodeJS.Timeout | undefined;

  const connect = async () => {
    const next = new pg.Client({ connectionString: url });
    next.on('notification', (message) => {
      if (message.channel === channel) listener.onNotify(message.payload ?? '');
    });
    const lost = () => {
      if (closed || client !== next) return;
      client = null;
      next.end().catch(() => {});
      retry = setTimeout(reconnect, RECONNECT_DELAY_MS);
    };
    next.on('error', lost);
    next.on('end', lost);
    await next.connect();
    await next.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
    client = next;
  };
  const reconnect = async () => {
    if (closed) return;
    try {
      await connect();
      listener.onReconnect();
    } catch (error) {
      console.error(`Listening on ${channel} failed: ${(error as Error).message}`);
      retry = setTimeout(reconnect, RECONNECT_DELAY_MS);
    }
  };

  await connect();
  return {
    async close() {
      closed = true;
      clearTimeout(retry);
      await client?.end();
      client = null;
    },
  };
}
