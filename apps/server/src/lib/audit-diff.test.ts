import { AUDIT_REDACTED } from '@sitefleet/contract';
import { describe, expect, it } from 'vitest';
import { fieldChanges, isSecretField } from './audit-diff.ts';

describe('fieldChanges', () => {
  it('keeps only the changed fields, named as the API names them, as [before, after]', () => {
    const before = { name: 'A', nextRenewalDate: '2030-01-01', cost: 10, updatedAt: new Date(0) };
    const after = { name: 'B', nextRenewalDate: '2030-01-01', cost: 12, updatedAt: new Date() };
    expect(fieldChanges(before, after)).toEqual({ name: ['A', 'B'], cost: [10, 12] });
  });

  it('gives a created record no before and a deleted one no after', () => {
    expect(fieldChanges(null, { id: 4, name: 'New', roles: ['editor'] })).toEqual({
      name: [null, 'New'],
      roles: [null, ['editor']],
    });
    expect(
      fieldChanges({ name: 'Old', expiresAt: new Date('2030-01-01T00:00:00Z') }, null),
    ).toEqual({ name: ['Old', null], expires_at: ['2030-01-01T00:00:00.000Z', null] });
  });

  it('never shows a secret, only that it changed', () => {
    const changes = fieldChanges(
      { password: 'old-hash', webhookSecret: 's1', agentTokenHash: 't1', value: 'v1' },
      { password: 'new-hash', webhookSecret: 's2', agentTokenHash: 't2', value: 'v2' },
      { secretFields: ['value'] },
    );
    expect(changes).toEqual({
      password: [AUDIT_REDACTED, AUDIT_REDACTED],
      webhook_secret: [AUDIT_REDACTED, AUDIT_REDACTED],
      agent_token_hash: [AUDIT_REDACTED, AUDIT_REDACTED],
      value: [AUDIT_REDACTED, AUDIT_REDACTED],
    });
    for (const name of ['social.tiktok.client_secret', 'ai.api_key', 'refresh_token']) {
      expect(isSecretField(name)).toBe(true);
    }
    expect(isSecretField('hosting')).toBe(false);
  });
});
