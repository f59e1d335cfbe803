import dns from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import net from 'node:net';

/**
 * Addresses a push endpoint may not point at: the server's own machine and network, and cloud
 * metadata services (169.254.169.254). A push subscription is a URL any user gives us and the
 * server later POSTs to, so without this it would be a way to reach them from inside.
 */
const FORBIDDEN = new net.BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8], // "this network", the unspecified address
  ['10.0.0.0', 8],
  ['100.64.0.0', 10], // carrier-grade NAT
  ['127.0.0.0', 8],
  ['169.254.0.0', 16], // link-local, metadata services
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15], // benchmarking
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, broadcast
] as const) {
  FORBIDDEN.addSubnet(network, prefix, 'ipv4');
}
for (const [network, prefix] of [
  ['::', 128], // unspecified
  ['::1', 128], // loopback
  ['fc00::', 7], // unique local
  ['fe80::', 10], // link-local
  ['ff00::', 8], // multicast
] as const) {
  FORBIDDEN.addSubnet(network, prefix, 'ipv6');
}

/** An IPv4 address written as IPv6 (::ffff:127.0.0.1, ::ffff:7f00:1), as the IPv4 address. */
function unmapped(address: string): string {
  const match = /^::ffff:(.+)$/i.exec(address);
  if (!match) return address;
  const tail = match[1] as string;
  if (net.isIPv4(tail)) return tail;
  const hex = /^([0-9a-f]{1,4}):([0-9a-f]{1,4})$/i.exec(tail);
  if (!hex) return address;
  const n = (Number.parseInt(hex[1] as string, 16) << 16) | Number.parseInt(hex[2] as string, 16);
  return [n >>> 24, (n >>> 16) & 255, (n >>> 8) & 255, n & 255].join('.');
}

/** Whether `address` (an IP literal) is one a push endpoint may not reach. */
export function isForbiddenAddress(address: string): boolean {
  const ip = unmapped(address);
  const family = net.isIPv4(ip) ? 'ipv4' : net.isIPv6(ip) ? 'ipv6' : undefined;
  return family === undefined || FORBIDDEN.check(ip, family);
}

/** A URL's host as an IP literal, or undefined for a name ([::1] loses its brackets). */
const literal = (url: URL) => {
  const host = url.hostname.replace(/^\[(.*)\]$/, '$1');
  return net.isIP(host) ? host : undefined;
};

/** A subscribe does not wait longer than this for DNS; the send-time check still applies. */
const LOOKUP_TIMEOUT_MS = 3000;

/** Names that always mean this machine (RFC 6761), whatever a resolver says, trailing dot or not. */
const isLocalName = (url: URL) => /(^|\.)localhost\.*$/i.test(url.hostname);

export type EndpointVerdict = 'ok' | 'insecure' | 'private';

/**
 * Whether the server may send to this endpoint. With `allowHttp` (tests, a local push service)
 * anything http or https goes; otherwise only https to public addresses: an IP literal is checked
 * as is and a name by what it resolves to now. A name that does not resolve (in time) is let
 * through here (the check at send time stands); the connection itself goes through `pushLookup`.
 */
export async function checkEndpoint(endpoint: string, allowHttp: boolean): Promise<EndpointVerdict> {
  const url = new URL(endpoint);
  if (allowHttp) return url.protocol === 'https:' || url.protocol === 'http:' ? 'ok' : 'insecure';
  if (url.protocol !== 'https:') return 'insecure';
  if (isLocalName(url)) return 'private';
  const ip = literal(url);
  if (ip) return isForbiddenAddress(ip) ? 'private' : 'ok';
  const resolved = await Promise.race([
    dns.promises.lookup(url.hostname, { all: true, verbatim: true }).catch(() => []),
    new Promise<dns.LookupAddress[]>((resolve) => setTimeout(() => resolve([]), LOOKUP_TIMEOUT_MS).unref()),
  ]);
  return resolved.some((a) => isForbiddenAddress(a.address)) ? 'private' : 'ok';
}

/** The refusal a lookup answers with: the socket fails before any connection is made. */
class ForbiddenAddressError extends Error {
  code = 'EPUSHFORBIDDEN';
}

/**
 * A `lookup` for sockets to push endpoints: the name is resolved here and the connection goes to
 * the address checked, so a name that changed its address after the subscribe check (DNS
 * rebinding) is refused at send time too. Any forbidden address among the answers refuses all.
 */
export const pushLookup: net.LookupFunction = (hostname, options, callback) => {
  dns.lookup(hostname, { ...options, all: true, verbatim: true }, (err, addresses) => {
    if (err) return callback(err, '', 0);
    const list = addresses as dns.LookupAddress[];
    const bad = list.find((a) => isForbiddenAddress(a.address));
    if (bad || list.length === 0)
      return callback(
        new ForbiddenAddressError(`push endpoint ${hostname} resolves to a private address`),
        '',
        0,
      );
    if (options.all) return (callback as unknown as (e: null, a: dns.LookupAddress[]) => void)(null, list);
    const first = list[0] as dns.LookupAddress;
    callback(null, first.address, first.family);
  });
};

export interface PushRequest {
  endpoint: string;
  method: string;
  headers: Record<string, string | number>;
  body: Buffer | null;
}

/**
 * POSTs one push and answers the push service's status. Redirects are not followed (node's
 * http.request never does): a 3xx is just a status that is not a success. Without `allowHttp` an
 * endpoint that is not https, or whose address is forbidden, is refused before connecting.
 */
export async function postPush(request: PushRequest, allowHttp: boolean, timeoutMs: number): Promise<number> {
  const url = new URL(request.endpoint);
  if (!allowHttp) {
    if (url.protocol !== 'https:') throw new ForbiddenAddressError('push endpoint is not https');
    const ip = literal(url);
    if (isLocalName(url) || (ip && isForbiddenAddress(ip)))
      throw new ForbiddenAddressError('push endpoint is a private address');
  }
  const send = url.protocol === 'https:' ? https.request : http.request;
  return new Promise<number>((resolve, reject) => {
    const req = send(
      url,
      {
        method: request.method,
        headers: request.headers,
        signal: AbortSignal.timeout(timeoutMs),
        // No pooled sockets: each push is checked and connected on its own.
        agent: false,
        ...(allowHttp ? {} : { lookup: pushLookup }),
      },
      (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(request.body ?? undefined);
  });
}
