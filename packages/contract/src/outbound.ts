import { z } from 'zod';

/**
 * The addresses the server refuses to call unless a deployment allows their range
 * (OUTBOUND_ALLOWED_RANGES): loopback, private, shared, link-local (the cloud metadata address),
 * multicast, reserved and unspecified, in IPv4 and IPv6. The server checks every resolved address
 * against these ranges when it sends; a form checks the literal host of a URL as it is typed, to
 * warn early.
 */

export const INTERNAL_IPV4_RANGES: readonly (readonly [network: string, prefix: number])[] = [
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

export const INTERNAL_IPV6_RANGES: readonly (readonly [network: string, prefix: number])[] = [
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

/** Host names that always mean the machine itself or its cloud's metadata service. */
const INTERNAL_NAMES = /^(localhost|.+\.localhost|metadata\.google\.internal|metadata)$/;

export const OUTBOUND_MESSAGES = {
  internalHost: (host: string) =>
    `${host} is an internal address: the server refuses to call it unless the deployment allows its range. A name that resolves to an internal address is only caught when the server sends.`,
} as const;

/** The bytes of a dotted-decimal IPv4 address, or null. */
function ipv4Bytes(text: string): number[] | null {
  const parts = text.split('.');
  if (parts.length !== 4 || parts.some((part) => !/^\d{1,3}$/.test(part))) return null;
  const bytes = parts.map(Number);
  return bytes.every((byte) => byte <= 255) ? bytes : null;
}

/** The 16 bytes of an IPv6 address (with or without an embedded IPv4 tail), or null. */
function ipv6Bytes(text: string): number[] | null {
  const address = text.replace(/%.*$/, '');
  const halves = address.split('::');
  if (halves.length > 2) return null;
  const groupsOf = (half: string | undefined): number[] | null => {
    if (!half) return [];
    const groups: number[] = [];
    const parts = half.split(':');
    for (const [index, part] of parts.entries()) {
      if (index === parts.length - 1 && part.includes('.')) {
        const v4 = ipv4Bytes(part);
        if (!v4) return null;
        groups.push((v4[0]! << 8) | v4[1]!, (v4[2]! << 8) | v4[3]!);
      } else if (/^[0-9a-f]{1,4}$/i.test(part)) {
        groups.push(Number.parseInt(part, 16));
      } else {
        return null;
      }
    }
    return groups;
  };
  const head = groupsOf(halves[0]);
  const tail = groupsOf(halves[1]);
  if (!head || !tail) return null;
  const missing = 8 - head.length - tail.length;
  if (halves.length === 2 ? missing < 1 : missing !== 0) return null;
  const groups = [...head, ...Array<number>(missing).fill(0), ...tail];
  return groups.flatMap((group) => [group >> 8, group & 255]);
}

function inRange(bytes: number[], network: number[], prefix: number): boolean {
  for (let bit = 0; bit < prefix; bit++) {
    const mask = 0x80 >> (bit % 8);
    if ((bytes[bit >> 3]! & mask) !== (network[bit >> 3]! & mask)) return false;
  }
  return true;
}

const V4_RANGES = INTERNAL_IPV4_RANGES.map(([network, prefix]) => ({
  network: ipv4Bytes(network)!,
  prefix,
}));
const V6_RANGES = INTERNAL_IPV6_RANGES.map(([network, prefix]) => ({
  network: ipv6Bytes(network)!,
  prefix,
}));

/**
 * The IPv4 address an IPv6 address carries (::ffff:a.b.c.d, ::ffff:0:a.b.c.d, ::a.b.c.d), which
 * is judged as IPv4; undefined for any other address.
 */
export function embeddedIpv4(address: string): string | undefined {
  const bytes = ipv6Bytes(address);
  if (!bytes || bytes.slice(0, 8).some(Boolean)) return undefined;
  const marker = bytes.slice(8, 12).join('.');
  const mapped = marker === '0.0.255.255' || marker === '255.255.0.0';
  // ::a.b.c.d (IPv4-compatible), but not :: or ::1 and their like, which are IPv6's own.
  const compatible = marker === '0.0.0.0' && (bytes[12]! > 0 || bytes[13]! > 0);
  return mapped || compatible ? bytes.slice(12).join('.') : undefined;
}

/** True when the IP address lies in one of the internal ranges; false for a non-address. */
export function isInternalAddress(address: string): boolean {
  const v4 = ipv4Bytes(embeddedIpv4(address) ?? address);
  if (v4) return V4_RANGES.some((range) => inRange(v4, range.network, range.prefix));
  const v6 = ipv6Bytes(address);
  return v6 !== null && V6_RANGES.some((range) => inRange(v6, range.network, range.prefix));
}

/**
 * The host of a typed http(s) URL when it is written as an internal address: an IP literal in any
 * form a URL parser reads (127.1, 0x7f000001, [::1] …), localhost or the metadata name. Null for
 * any other URL, including text that is not a URL. A name that resolves to an internal address
 * cannot be seen here: the server refuses it when it sends.
 */
export function internalUrlHost(url: string): string | null {
  let host: string;
  try {
    host = new URL(url.trim()).hostname.toLowerCase();
  } catch {
    return null;
  }
  const bare = host.replace(/^\[|\]$/g, '').replace(/\.$/, '');
  return INTERNAL_NAMES.test(bare) || isInternalAddress(bare) ? host : null;
}

/**
 * True when the IP address lies in one of `ranges` (addresses or CIDR ranges, as
 * OUTBOUND_ALLOWED_RANGES lists them); an IPv6 address carrying an IPv4 one is judged as IPv4, as
 * the server judges it when it sends.
 */
export function isInRanges(address: string, ranges: readonly string[]): boolean {
  const v4 = ipv4Bytes(embeddedIpv4(address) ?? address);
  const bytes = v4 ?? ipv6Bytes(address);
  if (!bytes) return false;
  return ranges.some((range) => {
    const [network = '', prefix] = range.split('/');
    const networkBytes = v4 ? ipv4Bytes(network) : ipv6Bytes(network);
    if (!networkBytes) return false;
    return inRange(bytes, networkBytes, prefix === undefined ? bytes.length * 8 : Number(prefix));
  });
}

/**
 * The warning a form shows under a URL field whose host is internal, or null; none for an address
 * in the ranges the deployment allows (`allowedRanges`). A name (localhost) keeps its warning: the
 * server checks every address it resolves to.
 */
export function internalUrlWarning(
  url: string | null | undefined,
  allowedRanges: readonly string[] = [],
): string | null {
  const host = url ? internalUrlHost(url) : null;
  if (!host) return null;
  const bare = host.replace(/^\[|\]$/g, '').replace(/\.$/, '');
  return isInRanges(bare, allowedRanges) ? null : OUTBOUND_MESSAGES.internalHost(host);
}

/** GET /api/settings/outbound-ranges: the internal ranges this deployment allows the server to call. */
export const outboundRangesSchema = z.object({ ranges: z.array(z.string()) });
