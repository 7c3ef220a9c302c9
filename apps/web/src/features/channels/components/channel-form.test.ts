import { CHANNEL_MESSAGES } from '@sitefleet/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHANNEL } from '../test-fixtures.ts';
import {
  type ChannelFormValues,
  channelFormResolver,
  channelPayload,
  initialValues,
  startOfDay,
} from './channel-form.ts';

const NEW: ChannelFormValues = {
  ...initialValues(null),
  network: 'facebook',
  name: 'Fleet Page',
  external_id: '1029384756',
  access_token: 'EAAB-token',
};

/** The resolver's messages by field, as the form shows them. */
async function messagesOf(values: ChannelFormValues, channel = null as typeof CHANNEL | null) {
  const { errors } = await channelFormResolver(channel)(values, undefined, {
    fields: {},
    shouldUseNativeValidation: false,
  });
  return Object.fromEntries(
    Object.entries(errors).map(([field, error]) => [field, error?.message]),
  );
}

describe('a new channel', () => {
  it("is refused with the contract's words before anything is sent", async () => {
    expect(await messagesOf(initialValues(null))).toEqual({
      network: CHANNEL_MESSAGES.networkInvalid,
      name: CHANNEL_MESSAGES.nameRequired,
      external_id: CHANNEL_MESSAGES.externalIdRequired,
      access_token: CHANNEL_MESSAGES.accessTokenRequired,
    });
    expect(await messagesOf({ ...NEW, token_expires_at: '31-13-2099' })).toEqual({
      token_expires_at: CHANNEL_MESSAGES.dateInvalid,
    });
  });

  it('sends every field, a token left empty left out, a day as its first moment', async () => {
    expect(await messagesOf(NEW)).toEqual({});
    expect(
      channelPayload(
        { ...NEW, token_expires_at: '2099-12-31', app_id: '2', website_ids: [7, 3] },
        null,
      ),
    ).toEqual({
      network: 'facebook',
      name: 'Fleet Page',
      external_id: '1029384756',
      access_token: 'EAAB-token',
      token_expires_at: startOfDay('2099-12-31'),
      refresh_expires_at: null,
      app_id: 2,
      website_ids: [7, 3],
      is_default: false,
    });
  });
});

describe('an edited channel', () => {
  it('starts with its fields and empty tokens, which it never reads back', () => {
    expect(initialValues(CHANNEL)).toEqual({
      network: 'facebook',
      name: 'Fleet Page',
      external_id: '1029384756',
      access_token: '',
      refresh_token: '',
      token_expires_at: '2099-12-31',
      refresh_expires_at: '',
      app_id: '2',
      website_ids: [3, 7],
      is_default: true,
    });
  });

  it('sends nothing when nothing changed: the empty tokens keep the ones it has', async () => {
    const unchanged = initialValues(CHANNEL);
    expect(channelPayload(unchanged, CHANNEL)).toEqual({});
    expect(await messagesOf(unchanged, CHANNEL)).toEqual({});
    // The same websites in another order are no change.
    expect(channelPayload({ ...unchanged, website_ids: [7, 3] }, CHANNEL)).toEqual({});
  });

  it('sends only what changed, a token once typed, and null for what was cleared', () => {
    const values = {
      ...initialValues(CHANNEL),
      name: 'Fleet Page EU',
      website_ids: [3],
      refresh_token: 'refresh-2',
      token_expires_at: '',
      app_id: '',
    };
    expect(channelPayload(values, CHANNEL)).toEqual({
      name: 'Fleet Page EU',
      website_ids: [3],
      refresh_token: 'refresh-2',
      token_expires_at: null,
      app_id: null,
    });
  });

  it('never sends the network or the account, which an edit may not change', async () => {
    const payload = channelPayload({ ...initialValues(CHANNEL), access_token: 'EAAB-2' }, CHANNEL);
    expect(payload).toEqual({ access_token: 'EAAB-2' });
    expect(await messagesOf({ ...initialValues(CHANNEL), name: ' ' }, CHANNEL)).toEqual({
      name: CHANNEL_MESSAGES.nameRequired,
    });
  });
});

/**
 * A typed expiry is the first moment of that day where the user is: in a zone with a half-hour
 * offset too, where a conversion that drops or doubles the offset shows.
 */
describe.each([
  { zone: 'UTC', instant: '2099-03-04T00:00:00.000Z' },
  { zone: 'Asia/Kolkata', instant: '2099-03-03T18:30:00.000Z' },
])('startOfDay in $zone', ({ zone, instant }) => {
  const machineZone = process.env.TZ;
  beforeAll(() => {
    process.env.TZ = zone;
  });
  afterAll(() => {
    if (machineZone === undefined) delete process.env.TZ;
    else process.env.TZ = machineZone;
  });

  it('is the first moment of the day there, and the day read back is the same', () => {
    expect(startOfDay('2099-03-04')).toBe(instant);
    expect(startOfDay('04-03-2099')).toBe('04-03-2099');
    expect(initialValues({ ...CHANNEL, token_expires_at: instant }).token_expires_at).toBe(
      '2099-03-04',
    );
  });
});
