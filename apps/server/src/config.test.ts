import { describe, expect, it } from 'vitest';
import { loadConfig, metricsNeedToken } from './config.ts';

describe('the metrics behind a proxy', () => {
  it('need a token when PUBLIC_URL or TRUST_PROXY is set without METRICS_TOKEN', () => {
    const needsToken = (env: Record<string, string>) => metricsNeedToken(loadConfig(env));
    expect(needsToken({})).toBe(false);
    expect(needsToken({ PUBLIC_URL: 'https://fleet.example.com' })).toBe(true);
    expect(needsToken({ TRUST_PROXY: 'true' })).toBe(true);
    expect(needsToken({ TRUST_PROXY: '127.0.0.1' })).toBe(true);
    expect(
      needsToken({ PUBLIC_URL: 'https://fleet.example.com', METRICS_TOKEN: 'a'.repeat(16) }),
    ).toBe(false);
  });
});
