import { lookup } from 'node:dns/promises';
import { BlockList, isIP } from 'node:net';

/**
 * Every call the server makes to an address a user typed (website webhooks, social networks, the
 * AI provider, Google) goes through here. The host is resolved and each of its addresses checked
 * before connecting, and again at every redirect, which is followed by hand: loopback, private,
 * shared, link-local (the cloud metadata address), multicast, reserved and unspecified ranges, in
 * IPv4 and IPv6, are refused unless OUTBOUND_ALLOWED_RANGES lets them through.
 */

/** A call refused before it left: the message says why, and nothing was sent. */
export class OutboundRefused extends Error {
  override name = 'OutboundRefused';
}

const INTERNAL_V4: [string, number][] = [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
];
const INTERNAL_V6: [string, number][] = [
  ['::', 128],
  ['::1', 128],
  ['64:ff9b::', 96],
  ['100::', 64],
  ['2001:db8::', 32],
  ['fc00::', 7],
  ['fe80::', 10],
  ['fec0::', 10],
  ['ff00::', 8],
];

const internal = new BlockList();
for (const [network, prefix] of INTERNAL_V4) internal.addSubnet(network, prefix, 'ipv4');
for (const [network, prefix] of INTERNAL_V6) internal.addSubnet(network, prefix, 'ipv6');

let allowed = new BlockList();

/** Parses OUTBOUND_ALLOWED_RANGES: addresses or CIDR ranges, comma-separated. */
export function parseAllowedRanges(text: string): BlockList {
  const list = new BlockList();
  for (const part of text
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean)) {
    const [address = '', prefix] = part.split('/');
    const family = isIP(address);
    if (family === 0)
      throw new Error(`OUTBOUND_ALLOWED_RANGES: ${part} is not an address or range`);
    const type = family === 4 ? 'ipv4' : 'ipv6';
    if (prefix === undefined) list.addAddress(address, type);
    else list.addSubnet(address, Number(prefix), type);
  }
  return list;
}

/** Sets the ranges this process may call although they are internal (read once at start-up). */
export function allowOutboundRanges(ranges: BlockList) {
  allowed = ranges;
}

/** An IPv4 address written inside IPv6 (::ffff:a.b.c.d, ::a.b.c.d) is judged as IPv4. */
function embeddedIpv4(address: string): string | undefined {
  const match = /^::(ffff:(0:)?)?(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (match) return match[3];
  const hex = /^::ffff:([0-9a-f]{1,4}):([0-9a-f]{1,4})$/i.exec(address);
  if (!hex) return undefined;
  const high = Number.parseInt(hex[1]!, 16);
  const low = Number.parseInt(hex[2]!, 16);
  return [high >> 8, high & 255, low >> 8, low & 255].join('.');
}

/** True when the server may call this address. */
export function isAllowedAddress(address: string): boolean {
  const v4 = isIP(address) === 6 ? embeddedIpv4(address) : address;
  const [candidate, type] = v4 ? [v4, 'ipv4' as const] : [address, 'ipv6' as const];
  return allowed.check(candidate, type) || !internal.check(candidate, type);
}

/** Resolves the URL's host and refuses it when any of its addresses is internal. */
export async function assertOutboundUrl(url: string | URL): Promise<URL> {
  const target = new URL(url);
  if (target.protocol !== 'http:' && target.protocol !== 'https:') {
    throw new OutboundRefused(`Refused: ${target.protocol} addresses are not called`);
  }
  const host = target.hostname.replace(/^\[|\]$/g, '');
  const addresses = isIP(host)
    ? [host]
    : await lookup(host, { all: true, verbatim: true }).then(
        (found) => found.map((entry) => entry.address),
        () => {
          throw new OutboundRefused(`Refused: ${host} does not resolve`);
        },
      );
  const refused = addresses.find((address) => !isAllowedAddress(address));
  if (refused) {
    throw new OutboundRefused(
      `Refused: ${host} is an internal address (${refused}); the server does not call it`,
    );
  }
  return target;
}

const MAX_REDIRECTS = 5;

/** fetch, for addresses a user typed: every hop is checked, redirects are followed by hand. */
export async function outboundFetch(
  input: string | URL | Request,
  init: RequestInit = {},
): Promise<Response> {
  let target = await assertOutboundUrl(input instanceof Request ? input.url : input);
  let request = init;
  for (let hop = 0; ; hop++) {
    const response = await fetch(target, { ...request, redirect: 'manual' });
    const location = response.headers.get('location');
    const redirected = response.status >= 300 && response.status < 400 && location;
    if (!redirected || init.redirect === 'manual') return response;
    await response.body?.cancel();
    if (init.redirect === 'error' || hop >= MAX_REDIRECTS) {
      throw new OutboundRefused(`Refused: the address redirects (HTTP ${response.status})`);
    }
    target = await assertOutboundUrl(new URL(location, target));
    // As browsers do: a 303, or a POST answered by 301/302, goes on as a GET without a body.
    const method = (request.method ?? 'GET').toUpperCase();
    if (
      response.status === 303 ||
      ((response.status === 301 || response.status === 302) && method === 'POST')
    ) {
      request = { ...request, method: 'GET', body: undefined };
    }
  }
}
