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
 * redirect URI is given. Its sign-in page is the test's: the next `signInAs` account signs in and
 * consents at once, so that a test follows the redirects a browser would.
 */
export async function startOidcProvider(redirectUri: string) {
  const accounts = new Map<string, TestAccount>();
  let next: TestAccount | undefined;
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
    features: { devInteractions: { enabled: false } },
    interactions: { url: (_ctx, interaction) => `/interaction/${interaction.uid}` },
    findAccount: (_ctx, id) => {
      const account = accounts.get(id);
      return account && { accountId: id, claims: () => ({ ...account }) };
    },
  });
  const handle = provider.callback();
  server.on('request', async (request, response) => {
    if (!request.url?.startsWith('/interaction/')) return handle(request, response);
    try {
      const details = await provider.interactionDetails(request, response);
      if (!next) throw new Error('No account to sign in: call signInAs first');
      accounts.set(next.sub, next);
      const grant = new provider.Grant({
        accountId: next.sub,
        clientId: String(details.params.client_id),
      });
      grant.addOIDCScope('openid email profile');
      const grantId = await grant.save();
      await provider.interactionFinished(request, response, {
        login: { accountId: next.sub },
        consent: { grantId },
      });
    } catch (error) {
      response.statusCode = 500;
      response.end(String(error));
    }
  });
  return {
    issuer,
    signInAs(account: TestAccount) {
      next = account;
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

  header() {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  }

  keep(response: Response) {
    for (const line of response.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const separator = pair!.indexOf('=');
      const name = pair!.slice(0, separator);
      const value = pair!.slice(separator + 1);
      if (value === '' || /expires=Thu, 01 Jan 1970/i.test(line)) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }

  /** A GET that does not follow its redirect, with the jar's cookies; keeps what it sets. */
  async get(url: string) {
    const response = await fetch(url, {
      redirect: 'manual',
      headers: { cookie: this.header() },
    });
    this.keep(response);
    await response.arrayBuffer();
    return response;
  }
}
