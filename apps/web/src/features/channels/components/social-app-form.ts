import { type SocialApp, socialAppCreateSchema, socialAppUpdateSchema } from '@sitefleet/contract';
import type { FieldValues } from 'react-hook-form';
import { payloadResolver } from '../../../lib/contract-resolver.ts';

/** The social app's form as typed: '' for an address left to the network, or a secret not typed. */
export interface SocialAppFormValues {
  network: string;
  name: string;
  client_id: string;
  client_secret: string;
  is_default: boolean;
  auth_url: string;
  token_url: string;
  api_base_url: string;
}

export function initialValues(app: SocialApp | null): SocialAppFormValues {
  return {
    network: app?.network ?? '',
    name: app?.name ?? '',
    client_id: app?.client_id ?? '',
    client_secret: '',
    is_default: app?.is_default ?? false,
    auth_url: app?.auth_url ?? '',
    token_url: app?.token_url ?? '',
    api_base_url: app?.api_base_url ?? '',
  };
}

/**
 * What POST /api/social-apps (a new app) or PUT /api/social-apps/:id (`app`) is sent: an empty
 * address goes as it is (none: the network's own), the secret only when one was typed (an edit's
 * empty secret keeps the one kept), and the network only when the app is added.
 */
export function socialAppPayload(values: SocialAppFormValues, app: SocialApp | null): FieldValues {
  const { network, client_secret, ...fields } = values;
  return {
    ...(app === null && { network }),
    ...fields,
    ...(client_secret !== '' && { client_secret }),
  };
}

/** The contract's rules on what would be sent, so that the form says what the server would. */
export const socialAppFormResolver = (app: SocialApp | null) =>
  payloadResolver<SocialAppFormValues>(
    app === null ? socialAppCreateSchema : socialAppUpdateSchema,
    (values) => socialAppPayload(values, app),
  );
