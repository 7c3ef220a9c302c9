import type { SocialNetwork } from './publish-targets.ts';

/**
 * The addresses of connecting an account, apart from the connect schemas: the web app's route
 * table is in its first load, which must not bring the schema library with it.
 */

/** The public page of a connect link, and where its consent starts. */
export const connectLinkPath = (token: string) => `/connect/${token}`;
export const connectLinkStartPath = (token: string) => `/connect/${token}/start`;
/** The public page where the account holder of a link chooses Pages or organisations. */
export const connectChoosePath = (state: string) => `/connect/choose/${state}`;
/** Where a network sends the browser back after its consent. */
export const oauthCallbackPath = (network: SocialNetwork) => `/oauth/${network}/callback`;
