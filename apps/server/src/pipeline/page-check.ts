import { sql } from 'drizzle-orm';
import { queryRows } from '../db/client.ts';
import type { TaskContext } from '../jobs/scheduler.ts';
import { answerExcerpt } from '../lib/delivery-http.ts';
import { markNeedsReconnect } from './channel-care.ts';
import { loadAccount } from './targets/channel-account.ts';
import { endpoint } from './targets/connector.ts';

/**
 * Facebook Page tokens do not end, but a Page's token dies when its admin leaves, changes their
 * password or removes the app: Facebook then answers every call with an OAuthException (code 190).
 * Each connected Page is asked who it is once a day, so that a dead token shows as needing a
 * reconnect, with its deliveries held, before the next publish finds it. Anything else (a 5xx, a
 * time-out, a rate limit) says nothing of the token, and changes nothing.
 */

/** Graph API error codes of a token that only a person reconnecting can mend. */
const DEAD_TOKEN_CODES = new Set([190, 102]);

/** What a run of the check found: Pages answered, Pages now waiting for a reconnect, others. */
export interface PageCheckRun {
  alive: number;
  dead: number;
  unknown: number;
}

interface GraphError {
  error?: { code?: unknown; message?: unknown };
}

/**
 * Whether Facebook took the Page's token, refused it for good (with its reason), or said nothing
 * of it (no answer, a 5xx, a rate limit).
 */
async function askPage(
  context: TaskContext,
  apiBaseUrl: string,
  token: string,
): Promise<'alive' | 'unknown' | { dead: string }> {
  let response: Response;
  try {
    response = await context.outbound.fetch(endpoint(apiBaseUrl, '/me?fields=id,name'), {
      method: 'GET',
      // A bearer keeps the token out of the URL and its logs.
      headers: { authorization: `Bearer ${token}`, accept: 'application/json' },
      signal: AbortSignal.timeout(context.config.DELIVERY_TIMEOUT_MS),
    });
  } catch {
    return 'unknown';
  }
  if (response.ok) {
    await response.body?.cancel();
    return 'alive';
  }
  const answer = (await response.json().catch(() => null)) as GraphError | null;
  const code = answer?.error?.code;
  if (response.status !== 401 && !(typeof code === 'number' && DEAD_TOKEN_CODES.has(code))) {
    return 'unknown';
  }
  const reason = typeof answer?.error?.message === 'string' ? answer.error.message : '';
  return { dead: answerExcerpt(reason.replaceAll(token, '[token]')) || `HTTP ${response.status}` };
}

/** Asks each connected Facebook channel's Page who it is, with its own token. */
export async function checkPageTokens(context: TaskContext): Promise<PageCheckRun> {
  const run: PageCheckRun = { alive: 0, dead: 0, unknown: 0 };
  const pages = await queryRows<{ id: number }>(
    context.db,
    sql`SELECT id FROM channels
        WHERE network = 'facebook' AND status = 'connected' AND access_token IS NOT NULL
        ORDER BY id`,
  );
  for (const { id } of pages) {
    const account = await loadAccount(context.db, context, 'facebook', id);
    if (!account?.accessToken) continue;
    const outcome = await askPage(context, account.apiBaseUrl, account.accessToken);
    if (typeof outcome === 'string') {
      run[outcome] += 1;
      continue;
    }
    await context.db.transaction((tx) =>
      markNeedsReconnect(tx, context.queue, id, `Facebook refused the Page token: ${outcome.dead}`),
    );
    run.dead += 1;
  }
  return run;
}
