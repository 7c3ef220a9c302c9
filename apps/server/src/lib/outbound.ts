import dns from 'node:dns';
import { BlockList, isIP, type LookupFunction } from 'node:net';
import { embeddedIpv4, isInternalAddress } from '@sitefleet/contract';
import type { Dispatcher } from 'undici';
import { type MailMessage, type SmtpServer, sendMailTo } from './outbound-mail.ts';

/**
 * Every call the server makes to an address a user typed (website webhooks, social networks, the
 * AI provider, Google) goes through here. The host is resolved once, when connecting, and each of
 * its addresses checked before the socket is handed one; redirects are followed by hand, each hop
 * connecting the same way. The contract's internal
 * ranges (loopback, private, link-local and the cloud metadata address …) are refused unless
 * OUTBOUND_ALLOWED_RANGES lets them through.
 */

/** A call refused before it left: the message says why, and nothing was sent. */
export class OutboundRefused extends Error {
  override name = 'OutboundRefused';
}

/** The parts of OUTBOUND_ALLOWED_RANGES: addresses or CIDR ranges, comma-separated. */
export const allowedRangeList = (text: string): string[] =>
  text
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean);

/** Parses OUTBOUND_ALLOWED_RANGES: addresses or CIDR ranges, comma-separated. */
export function parseAllowedRanges(text: string): BlockList {
  const list = new BlockList();
  for (const part of allowedRangeList(text)) {
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

/** Whether an address may be called: `allowed` holds the internal ranges a deployment allows. */
function allowedBy(allowed: BlockList): IsAllowed {
  return (address) => {
    const v4 = isIP(address) === 6 ? embeddedIpv4(address) : address;
    const [candidate, type] = v4 ? [v4, 'ipv4' as const] : [address, 'ipv6' as const];
    return allowed.check(candidate, type) || !isInternalAddress(address);
  };
}

type IsAllowed = (address: string) => boolean;

const refusal = (host: string, address: string) =>
  new OutboundRefused(
    host === address
      ? `Refused: ${host} is an internal address; the server does not call it`
      : `Refused: ${host} is an internal address (${address}); the server does not call it`,
  );

type Resolve = typeof dns.lookup;

/**
 * The one resolution of a connection's host: every address it answers is checked, and only
 * checked addresses reach the socket, so a name cannot answer one address to a check and another
 * to the connect (DNS rebinding).
 */
function guardedLookup(resolve: Resolve, isAllowedAddress: IsAllowed): LookupFunction {
  return (hostname, options, callback) => {
    resolve(
      hostname,
      { family: options.family, hints: options.hints, all: true },
      (error, addresses) => {
        if (error) return callback(error, '', 0);
        const refused = addresses.find((entry) => !isAllowedAddress(entry.address));
        if (refused) return callback(refusal(hostname, refused.address), '', 0);
        if (options.all) return (callback as AllAddressesCallback)(null, addresses);
        const [first] = addresses;
        callback(null, first?.address ?? '', first?.family ?? 0);
      },
    );
  };
}

type AllAddressesCallback = (error: Error | null, addresses: dns.LookupAddress[]) => void;

/** undici, loaded on the first outbound call: a server that makes none does not hold it (~6 MB). */
let undiciModule: Promise<typeof import('undici')> | undefined;
const undici = () => {
  undiciModule ??= import('undici');
  return undiciModule;
};

/**
 * The dispatcher of every outbound call: names are resolved once, in the connect, by the guarded
 * lookup; an IP literal, which a socket connects to without a lookup, is checked here. TLS keeps
 * the name (SNI, certificate) and the request its Host.
 */
async function guardedDispatcher(
  resolve: Resolve,
  isAllowedAddress: IsAllowed,
): Promise<Dispatcher> {
  const { Agent, buildConnector } = await undici();
  const connect = buildConnector({ lookup: guardedLookup(resolve, isAllowedAddress) });
  return new Agent({
    connect(options, callback) {
      const host = options.hostname.replace(/^\[|\]$/g, '');
      if (isIP(host) && !isAllowedAddress(host)) {
        callback(refusal(host, host), null);
        return;
      }
      connect(options, callback);
    },
  });
}

/** The URL to call, refused when it is not http(s). */
function outboundTarget(url: string | URL): URL {
  const target = new URL(url);
  if (target.protocol !== 'http:' && target.protocol !== 'https:') {
    throw new OutboundRefused(`Refused: ${target.protocol} addresses are not called`);
  }
  return target;
}

/** One request through the guarded dispatcher; a refused connect answers its OutboundRefused. */
async function guardedFetch(target: URL, init: RequestInit, dispatcher: Dispatcher) {
  const { fetch: undiciFetch } = await undici();
  try {
    const response = await undiciFetch(target, {
      ...init,
      redirect: 'manual',
      dispatcher,
    } as never);
    return response as unknown as Response;
  } catch (error) {
    const cause = (error as { cause?: unknown }).cause;
    throw cause instanceof OutboundRefused ? cause : error;
  }
}

const MAX_REDIRECTS = 5;

/** The request's headers without those that prove who calls. */
function withoutCredentials(headers: RequestInit['headers']): Headers {
  const kept = new Headers(headers);
  for (const name of ['authorization', 'proxy-authorization', 'cookie']) kept.delete(name);
  return kept;
}

/**
 * fetch, for addresses a user typed: every connection goes through the guarded dispatcher, and
 * redirects are followed by hand so that a refused hop is reported as such.
 */
async function outboundFetch(
  dispatcher: Dispatcher,
  input: string | URL | Request,
  init: RequestInit = {},
): Promise<Response> {
  let target = outboundTarget(input instanceof Request ? input.url : input);
  let request = init;
  for (let hop = 0; ; hop++) {
    const response = await guardedFetch(target, request, dispatcher);
    const location = response.headers.get('location');
    const redirected = response.status >= 300 && response.status < 400 && location;
    if (!redirected || init.redirect === 'manual') return response;
    await response.body?.cancel();
    if (init.redirect === 'error' || hop >= MAX_REDIRECTS) {
      throw new OutboundRefused(`Refused: the address redirects (HTTP ${response.status})`);
    }
    const next = outboundTarget(new URL(location, target));
    // As browsers do: another origin never gets the credentials meant for the first (a token).
    if (next.origin !== target.origin) {
      request = { ...request, headers: withoutCredentials(request.headers) };
    }
    target = next;
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

/** A website's certificate as a check saw it: read whether or not it is trusted. */
export interface ProbedCertificate {
  expiresAt: Date;
  /** Why the certificate is not trusted (expired, self-signed …), or null when it is. */
  untrusted: string | null;
}

/** What a monitoring check got: the final answer's status and the start of its body. */
export interface ProbeResult {
  status: number;
  body: string;
  /** The certificate of the last https address on the way, if any. */
  certificate: ProbedCertificate | null;
}

export interface ProbeOptions {
  timeoutMs: number;
  maxRedirects: number;
  /** Bytes of the body kept (for the keyword); the rest is not read. */
  maxBodyBytes?: number;
}

/** A probe that got no answer in time. */
export class ProbeTimeout extends Error {
  override name = 'ProbeTimeout';
}

type ProbeHop = { status: number; location: string | null; body: string };

/**
 * One GET of a probe: a fresh connection through the guarded lookup, the certificate read even
 * when it is not trusted (the check reports it rather than failing on it).
 */
async function probeHop(
  guard: Guard,
  target: URL,
  maxBodyBytes: number,
  signal: AbortSignal,
  onCertificate: (certificate: ProbedCertificate) => void,
): Promise<ProbeHop> {
  const host = target.hostname.replace(/^\[|\]$/g, '');
  if (isIP(host) && !guard.isAllowed(host)) throw refusal(host, host);
  const client =
    target.protocol === 'https:' ? await import('node:https') : await import('node:http');
  return new Promise<ProbeHop>((resolve, reject) => {
    const request = client.request(target, {
      method: 'GET',
      agent: false,
      lookup: guardedLookup(guard.resolve, guard.isAllowed),
      rejectUnauthorized: false,
      signal,
      headers: { 'user-agent': 'Sitefleet-Monitor', accept: 'text/html,*/*' },
    });
    request.on('socket', (socket) => {
      socket.once('secureConnect', () => {
        const tls = socket as import('node:tls').TLSSocket;
        const peer = tls.getPeerCertificate();
        if (peer?.valid_to) {
          const reason = tls.authorized ? null : String(tls.authorizationError ?? 'not trusted');
          onCertificate({ expiresAt: new Date(peer.valid_to), untrusted: reason });
        }
      });
    });
    request.on('error', (error) => {
      const cause = (error as { cause?: unknown }).cause;
      reject(cause instanceof OutboundRefused ? cause : error);
    });
    request.on('response', (response) => {
      const chunks: Buffer[] = [];
      let kept = 0;
      const done = () => {
        resolve({
          status: response.statusCode ?? 0,
          location: response.headers.location ?? null,
          body: Buffer.concat(chunks).toString('utf8'),
        });
      };
      response.on('data', (chunk: Buffer) => {
        if (kept >= maxBodyBytes) return;
        chunks.push(chunk.subarray(0, maxBodyBytes - kept));
        kept += chunk.length;
        if (kept >= maxBodyBytes) {
          response.destroy();
          done();
        }
      });
      response.on('end', done);
      response.on('error', reject);
    });
    request.end();
  });
}

/**
 * A monitoring check's GET: follows at most `maxRedirects` redirects, each hop through the address
 * guard, and gives up after `timeoutMs` in all (ProbeTimeout).
 */
async function probeUrl(guard: Guard, url: string, options: ProbeOptions): Promise<ProbeResult> {
  const signal = AbortSignal.timeout(options.timeoutMs);
  let certificate: ProbedCertificate | null = null;
  let target = outboundTarget(url);
  try {
    for (let hop = 0; ; hop++) {
      const answer = await probeHop(
        guard,
        target,
        options.maxBodyBytes ?? 1_000_000,
        signal,
        (seen) => {
          certificate = seen;
        },
      );
      const redirected = answer.status >= 300 && answer.status < 400 && answer.location;
      if (!redirected) return { status: answer.status, body: answer.body, certificate };
      if (hop >= options.maxRedirects) {
        throw new OutboundRefused(
          `More than ${options.maxRedirects} redirects (HTTP ${answer.status})`,
        );
      }
      target = outboundTarget(new URL(answer.location as string, target));
    }
  } catch (error) {
    if (signal.aborted) throw new ProbeTimeout('timed out');
    throw error;
  }
}

/**
 * The one address of an e-mail's SMTP server `name` that the guard lets through, resolved once:
 * the connection goes to it (outbound-mail.ts).
 */
async function checkedAddress(guard: Guard, name: string): Promise<string> {
  const host = name.replace(/^\[|\]$/g, '');
  const address = isIP(host)
    ? host
    : await new Promise<string>((resolve, reject) => {
        guardedLookup(guard.resolve, guard.isAllowed)(host, { family: 0 }, (error, found) => {
          if (error) reject(error);
          else resolve(found as string);
        });
      });
  if (!guard.isAllowed(address)) throw refusal(host, address);
  return address;
}

/** How a process resolves names and which addresses it may call. */
interface Guard {
  resolve: Resolve;
  isAllowed: IsAllowed;
}

/**
 * The outbound calls of one process (its app context): the internal ranges its deployment allows
 * (OUTBOUND_ALLOWED_RANGES) and the connections it keeps alive are its own, so two servers in one
 * process (the tests) each call as their own configuration says.
 */
export interface Outbound {
  /** True when this process may call the address. */
  isAllowed(address: string): boolean;
  fetch(input: string | URL | Request, init?: RequestInit): Promise<Response>;
  probe(url: string, options: ProbeOptions): Promise<ProbeResult>;
  sendMail(server: SmtpServer, message: MailMessage, timeoutMs: number): Promise<void>;
  /**
   * Closes the connections kept alive. A test server closes them with itself: a kept-alive socket
   * to a receiver that has gone would otherwise be reused, and a new receiver may have its port.
   */
  close(): Promise<void>;
}

/** The outbound calls allowed into `allowed` besides the public addresses; `resolve` is for tests. */
export function createOutbound(allowed: BlockList, resolve: Resolve = dns.lookup): Outbound {
  const guard: Guard = { resolve, isAllowed: allowedBy(allowed) };
  let dispatcher: Promise<Dispatcher> | undefined;
  return {
    isAllowed: guard.isAllowed,
    async fetch(input, init) {
      dispatcher ??= guardedDispatcher(resolve, guard.isAllowed);
      return outboundFetch(await dispatcher, input, init);
    },
    probe: (url, options) => probeUrl(guard, url, options),
    sendMail: async (server, message, timeoutMs) =>
      sendMailTo(await checkedAddress(guard, server.host), server, message, timeoutMs),
    async close() {
      const open = dispatcher;
      dispatcher = undefined;
      await (await open)?.close();
    },
  };
}
