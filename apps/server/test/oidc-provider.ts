import { generateKeyPairSync } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider from 'oidc-provider';

/** Who signs in at the provider: the ID token's claims. */
export interface TestAccount {
  sub: string;
  email?: string;
  email_verified?: boolean;
  name?: string;
  groups?: string[];
}

export const OIDC_CLIENT = { id: 'sitefleet', secret: 'sitefleet-test-secret' };

/**
 * A real OpenID Connect provider (oidc-provider) on a loopback port, with one client whose
 * redirect URI is given, and its own sign-in and consent pages (its development pages: the login
 * typed is the account's `sub`, any password). The server tests fill those pages over HTTP, the
 * browser suite in Chromium.
 */
export async function startOidcProvider(redirectUri: string) {
  const accounts = new Map<string, TestAccount>();
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: OIDC_CLIENT.id,
        client_secret: OIDC_CLIENT.secret,
        redirect_uris: [redirectUri],
        response_types: ['code'],
        grant_types: ['authorization_code'],
      },
    ],
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name', 'groups'] },
    // The claims in the ID token itself, as Google's and Entra's are.
    conformIdTokenClaims: false,
    cookies: { keys: ['oidc-test-cookie-key'] },
    // Lifetimes of its own (seconds): the defaults are for its quick start, and say so.
    ttl: { Interaction: 600, Session: 3600, Grant: 3600, AccessToken: 600, IdToken: 600 },
    // A signing key of its own: the provider's built-in one is for its quick start, and says so.
    jwks: {
      keys: [
        {
          ...generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey.export({
            format: 'jwk',
          }),
          use: 'sig',
          alg: 'RS256',
        },
      ],
    },
    findAccount: (_ctx, id) => {
      const account = accounts.get(id);
      return account && { accountId: id, claims: () => ({ ...account }) };
    },
  });
  server.on('request', provider.callback());
  return {
    issuer,
    /** The account whose `sub` is typed as the login on the provider's page. */
    addAccount(account: TestAccount) {
      accounts.set(account.sub, account);
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/**
 * A browser's cookies, by name, for a sign-in that goes back and forth between the server and
 * the provider (both on 127.0.0.1, where cookies do not tell ports apart).
 */
export class CookieJar {
  readonly cookies = new Map<string, string>();

  private keep(response: Response) {
    for (const line of response.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const separator = pair!.indexOf('=');
      const name = pair!.slice(0, separator);
      const value = pair!.slice(separator + 1);
      if (value === '' || /expires=Thu, 01 Jan 1970/i.test(line)) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }

  /** A request that does not follow its redirect, with the jar's cookies; keeps what it sets. */
  async send(url: string, form?: Record<string, string>) {
    const cookie = [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
    const response = await fetch(url, {
      method: form ? 'POST' : 'GET',
      redirect: 'manual',
      headers: { cookie, ...(form && { 'content-type': 'application/x-www-form-urlencoded' }) },
      body: form && new URLSearchParams(form).toString(),
    });
    this.keep(response);
    return { response, text: await response.text() };
  }
}
