import { z } from 'zod';
import { CHANNEL_MESSAGES, channelSchema } from './channels.ts';
import { FIELD_MESSAGES, WITHOUT_NUL } from './fields.ts';
import { MAX_ID } from './pagination.ts';
import { PUBLISH_TARGET_LABELS, SOCIAL_NETWORKS, type SocialNetwork } from './publish-targets.ts';

/**
 * Connecting a network's accounts as channels through its OAuth consent: a person with
 * channel-manage starts it from the Channels screen, or sends a connect link to a website's owner
 * who holds the account but has no login. Facebook Pages and LinkedIn organisations are chosen
 * after the consent, the other networks' account becomes a channel at once. No answer, page or
 * redirect carries a token.
 */

const label = (network: SocialNetwork) => PUBLISH_TARGET_LABELS[network];

export const CONNECT_LIMITS = {
  linkHoursMin: 1,
  linkHoursMax: 168,
  /** The accounts one choice may add. */
  choiceMax: 500,
} as const;

export const CONNECT_MESSAGES = {
  noDefaultApp: (network: SocialNetwork) =>
    `There is no default ${label(network)} app: add one in Social Apps, or choose an app`,
  appNoSecret: (network: SocialNetwork) =>
    `The ${label(network)} app has no client secret: add it in Social Apps first`,
  /** The YouTube app of the fleet's Google client, which only Login with Google asks with. */
  googleClientApp:
    'This app is the Google client of Settings › Google: connect with Login with Google on the dashboard, or choose an app of its own',
  websitesRequired: 'Choose at least one website',
  hoursInvalid: `The link lasts ${CONNECT_LIMITS.linkHoursMin} to ${CONNECT_LIMITS.linkHoursMax} hours`,
  choiceRequired: 'Choose at least one account',
  choiceTooMany: `Choose at most ${CONNECT_LIMITS.choiceMax} accounts`,
  notOffered: (ids: readonly string[]) =>
    `These accounts were not offered by this connection: ${ids.join(', ')}`,
  /** A state (or a pending choice) that was never made, or not for this network. */
  stateUnknown: 'This connection request is not known. Start the connection again.',
  /** A state already used, or past its time. */
  stateGone: 'This connection request has been used or has expired. Start the connection again.',
  /** A pending state whose consent has not come back (yet): nothing to choose. */
  nothingToChoose: 'No accounts are waiting to be chosen for this connection.',
  denied: (network: SocialNetwork) =>
    `Access was denied on ${label(network)}: no account was connected.`,
  failed: (network: SocialNetwork, reason: string) =>
    `${label(network)} could not be connected: ${reason}`,
  connected: (network: SocialNetwork, names: readonly string[]) =>
    `${label(network)} connected: ${names.join(', ')}.`,
  exchangeFailed: 'the network refused the authorization code',
  noAccounts: (network: SocialNetwork) =>
    network === 'facebook'
      ? 'the account manages no Facebook Page'
      : network === 'linkedin'
        ? 'the member administers no LinkedIn organisation'
        : network === 'youtube'
          ? 'the Google account has no YouTube channel'
          : 'the network did not say which account it is',
  networkError: (error: string) => `the network answered ${error}`,
  chooseTitle: (network: SocialNetwork) => `Choose the ${label(network)} accounts to add`,
  added: (count: number) => (count === 1 ? '1 channel added' : `${count} channels added`),
  linkUnknown: 'This connect link does not exist.',
  linkGone: 'This connect link has been used or has expired.',
  linkCopied: 'Link copied',
} as const;

const network = z.enum(SOCIAL_NETWORKS, { error: CHANNEL_MESSAGES.networkInvalid });
const websiteIds = z
  .array(z.number().int().positive().max(MAX_ID))
  .max(1000)
  .transform((ids) => [...new Set(ids)].sort((a, b) => a - b));

/** POST /api/channels/connect: the consent to ask for, and the websites its accounts publish. */
export const channelConnectSchema = z.strictObject({
  network,
  /** The app whose client asks; absent or null, the network's default app. */
  app_id: z.number().int().positive().max(MAX_ID).nullish(),
  website_ids: websiteIds.default([]),
});
export type ChannelConnect = z.output<typeof channelConnectSchema>;
export type ChannelConnectInput = z.input<typeof channelConnectSchema>;

export const authorizeAnswerSchema = z.object({
  /** The network's consent page: open it in the browser. */
  authorize_url: z.string(),
});

/** A state as a path parameter: what the server made is 43 base64url characters. */
export const connectStateParamSchema = z.object({ state: z.string().min(1).max(200) });

export const connectCandidateSchema = z.object({ external_id: z.string(), name: z.string() });
export type ConnectCandidate = z.infer<typeof connectCandidateSchema>;

/** GET /api/channels/pending/{state}: the accounts a consent offers (never their tokens). */
export const pendingConnectSchema = z.object({
  network: z.enum(SOCIAL_NETWORKS),
  candidates: z.array(connectCandidateSchema),
});
export type PendingConnect = z.infer<typeof pendingConnectSchema>;

/** POST /api/channels/pending/{state}: the accounts to add, by the ids offered. */
export const pendingChoiceSchema = z.strictObject({
  external_ids: z
    .array(
      z
        .string({ error: FIELD_MESSAGES.notText })
        .min(1, CONNECT_MESSAGES.choiceRequired)
        .max(255, FIELD_MESSAGES.tooLong(255))
        .regex(WITHOUT_NUL, FIELD_MESSAGES.nulCharacter),
      { error: CONNECT_MESSAGES.choiceRequired },
    )
    .min(1, CONNECT_MESSAGES.choiceRequired)
    .max(CONNECT_LIMITS.choiceMax, CONNECT_MESSAGES.choiceTooMany)
    .transform((ids) => [...new Set(ids)]),
});
export type PendingChoice = z.input<typeof pendingChoiceSchema>;

/** The channels a choice made or connected again (201). */
export const pendingChoiceAnswerSchema = z.object({ data: z.array(channelSchema) });

/** POST /api/channels/connect-links: a link for an account holder without a login. */
export const connectLinkInputSchema = z.strictObject({
  network,
  website_ids: websiteIds.refine((ids) => ids.length > 0, CONNECT_MESSAGES.websitesRequired),
  expires_in_hours: z
    .number({ error: CONNECT_MESSAGES.hoursInvalid })
    .int(CONNECT_MESSAGES.hoursInvalid)
    .min(CONNECT_LIMITS.linkHoursMin, CONNECT_MESSAGES.hoursInvalid)
    .max(CONNECT_LIMITS.linkHoursMax, CONNECT_MESSAGES.hoursInvalid),
  /** The app whose client asks; absent or null, the network's default app. */
  app_id: z.number().int().positive().max(MAX_ID).nullish(),
});
export type ConnectLinkInput = z.input<typeof connectLinkInputSchema>;

/** The link, shown once: `{origin}/connect/{token}`, usable for one consent until `expires_at`. */
export const connectLinkSchema = z.object({ url: z.string(), expires_at: z.string() });
export type ConnectLink = z.infer<typeof connectLinkSchema>;

export const connectLinkTokenParamSchema = z.object({ token: z.string().min(1).max(200) });

/** The Channels screen's address parameters that tell how a connection ended. */
export const CONNECT_PARAMS = {
  /** The state of a consent whose accounts wait to be chosen. */
  pending: 'pending',
  /** connected, denied or failed. */
  outcome: 'connect',
  network: 'connect_network',
  /** Why it failed, or the names of the accounts connected. */
  detail: 'connect_detail',
} as const;
export const CONNECT_OUTCOMES = ['connected', 'denied', 'failed'] as const;
export type ConnectOutcome = (typeof CONNECT_OUTCOMES)[number];

/** The Channels screen, after a consent started there. */
export function channelsConnectPath(
  result:
    | { pending: string }
    | { outcome: ConnectOutcome; network: SocialNetwork; detail?: string },
): string {
  const query = new URLSearchParams(
    'pending' in result
      ? { [CONNECT_PARAMS.pending]: result.pending }
      : {
          [CONNECT_PARAMS.outcome]: result.outcome,
          [CONNECT_PARAMS.network]: result.network,
          ...(result.detail ? { [CONNECT_PARAMS.detail]: result.detail } : {}),
        },
  );
  return `/admin/channels?${query}`;
}

/** What the Channels screen says of a connection's end, read from its address. */
export function connectOutcomeMessage(
  outcome: ConnectOutcome,
  network: SocialNetwork,
  detail: string | null,
): string {
  if (outcome === 'denied') return CONNECT_MESSAGES.denied(network);
  if (outcome === 'failed') {
    return CONNECT_MESSAGES.failed(network, detail ?? CONNECT_MESSAGES.exchangeFailed);
  }
  return detail ? CONNECT_MESSAGES.connected(network, [detail]) : `${label(network)} connected.`;
}
