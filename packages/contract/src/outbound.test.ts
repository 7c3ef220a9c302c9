import { describe, expect, it } from 'vitest';
import { embeddedIpv4, internalUrlHost, internalUrlWarning, isInternalAddress } from './index.ts';

describe('isInternalAddress', () => {
  it.each([
    '127.0.0.1',
    '127.8.9.10',
    '10.1.2.3',
    '172.16.0.1',
    '172.31.255.255',
    '192.168.1.1',
    '169.254.169.254',
    '100.64.0.1',
    '0.0.0.0',
    '224.0.0.1',
    '255.255.255.255',
    '::',
    '::1',
    'fe80::1',
    'fe80::1%eth0',
    'fd00:ec2::254',
    'ff02::1',
    '::ffff:127.0.0.1',
    '::ffff:7f00:1',
    '::ffff:169.254.169.254',
    '::ffff:0:a9fe:a9fe',
    '::10.0.0.1',
    '64:ff9b::a9fe:a9fe',
  ])('%s is internal', (address) => {
    expect(isInternalAddress(address)).toBe(true);
  });

  it.each([
    '93.184.215.14',
    '172.32.0.1',
    '192.169.0.1',
    '169.255.0.1',
    '2606:4700::1111',
    '::ffff:93.184.215.14',
    'example.com',
    '1.2.3',
    '1:2:3',
  ])('%s is not', (address) => {
    expect(isInternalAddress(address)).toBe(false);
  });

  it('reads IPv4 carried in IPv6 as IPv4, but leaves IPv6 loopback alone', () => {
    expect(embeddedIpv4('::ffff:7f00:1')).toBe('127.0.0.1');
    expect(embeddedIpv4('::ffff:0:a9fe:a9fe')).toBe('169.254.169.254');
    expect(embeddedIpv4('::1')).toBeUndefined();
    expect(embeddedIpv4('2606:4700::1111')).toBeUndefined();
  });
});

describe('the literal host of a typed URL', () => {
  it.each([
    ['http://127.0.0.1/hook', '127.0.0.1'],
    ['http://0x7f000001/', '127.0.0.1'],
    ['http://2130706433/', '127.0.0.1'],
    ['http://0177.0.0.1/', '127.0.0.1'],
    ['http://127.1:8080/', '127.0.0.1'],
    ['http://[::1]/', '[::1]'],
    ['http://[::ffff:127.0.0.1]/', '[::ffff:7f00:1]'],
    ['http://169.254.169.254/latest/meta-data/', '169.254.169.254'],
    ['https://10.20.30.40/', '10.20.30.40'],
    ['https://172.16.5.4/', '172.16.5.4'],
    ['https://192.168.0.10/', '192.168.0.10'],
    ['http://localhost:3000/', 'localhost'],
    ['http://LOCALHOST./', 'localhost.'],
    ['http://api.localhost/', 'api.localhost'],
    ['http://metadata.google.internal/computeMetadata/v1/', 'metadata.google.internal'],
    ['  http://127.0.0.1/  ', '127.0.0.1'],
  ])('%s is internal (%s)', (url, host) => {
    expect(internalUrlHost(url)).toBe(host);
  });

  it.each([
    'https://hooks.example.com/posts',
    'https://93.184.215.14/',
    'https://[2606:4700::1111]/',
    'not a url',
    '',
  ])('%s is not', (url) => {
    expect(internalUrlHost(url)).toBeNull();
  });

  it('warns with the host, and says a resolving name is only caught when sending', () => {
    expect(internalUrlWarning('http://0x7f000001/')).toMatch(
      /^127\.0\.0\.1 is an internal address/,
    );
    expect(internalUrlWarning('http://0x7f000001/')).toMatch(/only caught when the server sends/);
    expect(internalUrlWarning(null)).toBeNull();
    expect(internalUrlWarning('https://example.com/')).toBeNull();
  });

  it('does not warn of an address in a range the deployment allows, as the server lets it through', () => {
    const allowed = ['127.0.0.1', '10.1.0.0/16', 'fd00::/8'];
    expect(internalUrlWarning('http://0x7f000001:8080/hooks', allowed)).toBeNull();
    expect(internalUrlWarning('http://[::ffff:127.0.0.1]/', allowed)).toBeNull();
    expect(internalUrlWarning('https://10.1.200.3/', allowed)).toBeNull();
    expect(internalUrlWarning('http://[fd12::1]/', allowed)).toBeNull();
    // Outside the ranges, and names, which the server judges by what they resolve to.
    expect(internalUrlWarning('http://127.0.0.2/', allowed)).toMatch(/^127\.0\.0\.2 is an/);
    expect(internalUrlWarning('https://10.2.0.1/', allowed)).toMatch(/^10\.2\.0\.1 is an/);
    expect(internalUrlWarning('http://[fe80::1]/', allowed)).toMatch(/is an internal address/);
    expect(internalUrlWarning('http://localhost/', allowed)).toMatch(/^localhost is an/);
  });
});
