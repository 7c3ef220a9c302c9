import { lookup } from 'node:dns/promises';
import { BlockList, isIP } from 'node:net';
import { embeddedIpv4, isInternalAddress } from '@sitefleet/contract';

/**
 * Every call the server makes to an address a user typed (website webhooks, social networks, the
 * AI provider, Google) goes through here. The host is resolved and each of its addresses checked
 * before connecting, and again at every redirect, which is followed by hand: the contract's internal
 * ranges (loopback, private, link-local and the cloud metadata address …) are refused unless
 * OUTBOUND_ALLOWED_RANGES lets them through.
 */

/** A call refused before it left: the message says why, and nothing was sent. */
export class OutboundRefused extends Error {
  override name = 'OutboundRefused';
}

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

/** True when the server may call this address. */
export function isAllowedAddress(address: string): boolean {
  const v4 = isIP(address) === 6 ? embeddedIpv4(address) : address;
  const [candidate, type] = v4 ? [v4, 'ipv4' as const] : [address, 'ipv6' as const];
  return allowed.check(candidate, type) || !isInternalAddress(address);
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
