import {
  type Channel,
  CONNECT_MESSAGES,
  type PendingConnect as PendingConnectAnswer,
} from '@sitefleet/contract';
import type { AppContext } from '../../../context.ts';
import { identifyActor } from '../../../db/audit.ts';
import { validationError } from '../../../errors.ts';
import { connectAccounts } from './connect-accounts.ts';
import { closeConnect, offered } from './pending.ts';

/**
 * The accounts a consent offers (Facebook Pages, LinkedIn organisations), chosen once: on the
 * Channels screen by a person with channel-manage, or on the public page of a connect link
 * (`linkOnly`: the consents of links only, and the link's maker named in the audit log). The
 * answer names each account, never its token.
 */

export async function offeredAccounts(
  { db, secrets }: Pick<AppContext, 'db' | 'secrets'>,
  state: string,
  now: Date,
  linkOnly: boolean,
): Promise<PendingConnectAnswer> {
  const { pending, candidates } = await offered(db, secrets, state, now, { linkOnly, lock: false });
  return {
    network: pending.network,
    candidates: candidates.map((account) => ({
      external_id: account.externalId,
      name: account.name,
    })),
  };
}

/** Makes a channel of each account chosen (or connects it again); 422 for one not offered. */
export function chooseAccounts(
  context: Pick<AppContext, 'db' | 'secrets' | 'queue'>,
  state: string,
  externalIds: readonly string[],
  now: Date,
  linkOnly: boolean,
): Promise<Channel[]> {
  return context.db.transaction(async (tx) => {
    const { pending, candidates } = await offered(tx, context.secrets, state, now, {
      linkOnly,
      lock: true,
    });
    const offeredIds = new Set(candidates.map((account) => account.externalId));
    const unknown = externalIds.filter((id) => !offeredIds.has(id));
    if (unknown.length > 0) {
      throw validationError({ external_ids: CONNECT_MESSAGES.notOffered(unknown) });
    }
    const { linkId, userId, name } = pending.asker;
    if (linkOnly && userId !== null) identifyActor({ userId, name, token: null });
    const chosen = candidates.filter((account) => externalIds.includes(account.externalId));
    const channels = await connectAccounts(
      tx,
      context,
      {
        network: pending.network,
        appId: pending.appId,
        websiteIds: pending.websiteIds,
        via: linkId === null ? { connect: 'oauth' } : { connect: 'connect_link', link_id: linkId },
      },
      chosen,
      now,
    );
    await closeConnect(tx, pending.id, now);
    return channels;
  });
}
