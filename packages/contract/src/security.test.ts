import { describe, expect, it } from 'vitest';
import {
  describeUserAgent,
  TWO_FACTOR_MESSAGES,
  twoFactorEnableSchema,
  twoFactorLoginSchema,
} from './index.ts';

describe('describeUserAgent', () => {
  it.each([
    [
      'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
      'Chrome on Linux',
    ],
    [
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.0.0',
      'Edge on Windows',
    ],
    [
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
      'Safari on iOS',
    ],
    [
      'Mozilla/5.0 (Macintosh; Intel Mac OS X 14.5; rv:133.0) Gecko/20100101 Firefox/133.0',
      'Firefox on macOS',
    ],
    [
      'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36',
      'Chrome on Android',
    ],
    ['curl/8.5.0', 'curl'],
    ['', 'Unknown browser'],
    [null, 'Unknown browser'],
  ])('%s → %s', (userAgent, expected) => {
    expect(describeUserAgent(userAgent)).toBe(expected);
  });
});

describe('two-factor codes', () => {
  it('reads an app code with spaces, and refuses anything but 6 digits', () => {
    expect(twoFactorEnableSchema.parse({ code: ' 123 456 ' })).toEqual({ code: '123456' });
    for (const code of ['12345', '1234567', 'abcdef', '']) {
      const result = twoFactorEnableSchema.safeParse({ code });
      expect(result.success).toBe(false);
      expect(result.error?.issues[0]?.message).toBe(TWO_FACTOR_MESSAGES.codeRequired);
    }
  });

  it('reads a recovery code in any case, with or without dashes', () => {
    expect(twoFactorLoginSchema.parse({ recovery_code: 'abcd-efgh 2345-6723' })).toEqual({
      recovery_code: 'ABCDEFGH23456723',
    });
  });

  it('takes exactly one of the two', () => {
    for (const input of [{}, { code: '123456', recovery_code: 'ABCD' }]) {
      const result = twoFactorLoginSchema.safeParse(input);
      expect(result.error?.issues.map((issue) => issue.message)).toEqual([
        TWO_FACTOR_MESSAGES.oneOfCodes,
      ]);
    }
  });
});
