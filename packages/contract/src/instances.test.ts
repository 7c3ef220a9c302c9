import { describe, expect, it } from 'vitest';
import { isIPv4 } from './instances.ts';

describe('IPv4', () => {
  it('takes four octets of 0-255 without leading zeros or junk', () => {
    for (const ip of ['0.0.0.0', '10.0.0.1', '255.255.255.255', '192.168.1.100']) {
      expect(isIPv4(ip), ip).toBe(true);
    }
    for (const ip of [
      '256.1.1.1',
      '1.2.3',
      '01.2.3.4',
      '1.2.3.4x',
      '1.2.3.4.5',
      '1..2.3',
      ' 1.2.3.4',
    ]) {
      expect(isIPv4(ip), ip).toBe(false);
    }
  });
});
