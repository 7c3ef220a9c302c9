import {
  type Channel,
  channelCreateSchema,
  channelUpdateSchema,
  formatDate,
  parseDisplayDate,
} from '@sitefleet/contract';
import type { FieldValues } from 'react-hook-form';
import { payloadResolver } from '../../../lib/contract-resolver.ts';

/**
 * The channel's form as typed: the expiries are days (YYYY-MM-DD, '' for none), the app is the
 * select's text ('' for the network's default app), and the tokens are empty until typed: they
 * are never read back.
 */
export interface ChannelFormValues {
  network: string;
  name: string;
  external_id: string;
  access_token: string;
  refresh_token: string;
  token_expires_at: string;
  refresh_expires_at: string;
  app_id: string;
  website_ids: number[];
  is_default: boolean;
}

/** The local day of an instant (YYYY-MM-DD), as the date field holds it; '' for none. */
const dayOf = (instant: string | null | undefined) =>
  (instant && parseDisplayDate(formatDate(instant))) || '';

/**
 * The first moment of a typed day in the user's own zone: a token said to end on a day is taken
 * to end as that day starts, so that its warning comes before it lapses, never after. A text that
 * is no day goes as it is, for the contract's message to say so.
 */
export function startOfDay(day: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  if (!match) return day;
  const [, year, month, date] = match.map(Number) as [number, number, number, number];
  return new Date(year, month - 1, date).toISOString();
}

export function initialValues(channel: Channel | null): ChannelFormValues {
  return {
    network: channel?.network ?? '',
    name: channel?.name ?? '',
    external_id: channel?.external_id ?? '',
    access_token: '',
    refresh_token: '',
    token_expires_at: dayOf(channel?.token_expires_at),
    refresh_expires_at: dayOf(channel?.refresh_expires_at),
    app_id: channel?.app_id == null ? '' : String(channel.app_id),
    website_ids: channel?.websites.map((website) => website.id) ?? [],
    is_default: channel?.is_default ?? false,
  };
}

const instantOf = (day: string) => (day === '' ? null : startOfDay(day));
const sameIds = (a: readonly number[], b: readonly number[]) =>
  [...a].sort((x, y) => x - y).join() === [...b].sort((x, y) => x - y).join();

/**
 * What POST /api/channels (a new channel) or PUT /api/channels/:id (`channel`) is sent. An edit
 * sends the fields that changed, and a token only when one was typed: an empty token field keeps
 * the channel's token.
 */
export function channelPayload(values: ChannelFormValues, channel: Channel | null): FieldValues {
  const refreshToken = values.refresh_token !== '' && { refresh_token: values.refresh_token };
  const appId = values.app_id === '' ? null : Number(values.app_id);
  if (channel === null) {
    return {
      network: values.network,
      name: values.name,
      external_id: values.external_id,
      // An empty access token goes as it is, for the contract to say it is required.
      access_token: values.access_token,
      ...refreshToken,
      token_expires_at: instantOf(values.token_expires_at),
      refresh_expires_at: instantOf(values.refresh_expires_at),
      app_id: appId,
      website_ids: values.website_ids,
      is_default: values.is_default,
    };
  }
  const before = initialValues(channel);
  const changed = (
    field: 'name' | 'is_default' | 'app_id' | 'token_expires_at' | 'refresh_expires_at',
  ) => values[field] !== before[field];
  return {
    ...(changed('name') && { name: values.name }),
    ...(!sameIds(values.website_ids, before.website_ids) && { website_ids: values.website_ids }),
    ...(changed('is_default') && { is_default: values.is_default }),
    ...(changed('app_id') && { app_id: appId }),
    ...(values.access_token !== '' && { access_token: values.access_token }),
    ...refreshToken,
    ...(changed('token_expires_at') && {
      token_expires_at: instantOf(values.token_expires_at),
    }),
    ...(changed('refresh_expires_at') && {
      refresh_expires_at: instantOf(values.refresh_expires_at),
    }),
  };
}

/** The contract's rules on what would be sent, so that the form says what the server would. */
export const channelFormResolver = (channel: Channel | null) =>
  payloadResolver<ChannelFormValues>(
    channel === null ? channelCreateSchema : channelUpdateSchema,
    (values) => channelPayload(values, channel),
  );
