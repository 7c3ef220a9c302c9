import { MESSAGES } from '@sitefleet/contract';
import { describe, expect, it } from 'vitest';
import { serverForFile } from '../../../test/fixtures.ts';
import { ADMIN } from '../../../test/harness.ts';
import { MAX_IP_LOGIN_FAILURES, MAX_LOGIN_FAILURES } from './throttle.ts';

const server = await serverForFile();

describe('sign-in throttling per address', () => {
  it(`answers 429 after ${MAX_IP_LOGIN_FAILURES} failures from one address across e-mails`, async () => {
    const client = server.client();
    for (let i = 0; i < MAX_IP_LOGIN_FAILURES; i++) {
      // Each e-mail stays under its own limit: only the count per address can stop the spray.
      expect(i % MAX_LOGIN_FAILURES).toBeLessThan(MAX_LOGIN_FAILURES);
      const response = await client.post('/login', {
        email: `sprayed${i}@example.com`,
        password: 'Summer2026!',
      });
      expect(response.status).toBe(422);
    }
    const next = await client.post('/login', {
      email: 'another@example.com',
      password: 'Summer2026!',
    });
    expect(next.status).toBe(429);
    expect(Number(next.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(next.body.message).toMatch(/^Too many login attempts/);
    // The right password does not get through either, nor reset the count.
    const owner = await client.post('/login', ADMIN);
    expect(owner.status).toBe(429);
    expect(owner.body.message).toBe(MESSAGES.throttled(Number(owner.headers.get('retry-after'))));
  });
});
