import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { BlockList, isIP, type LookupFunction } from 'node:net';

/**
 * Addresses a server-side request to a URL that a tenant gave must not reach (SSRF): this machine, private and shared
 * networks, link-local (the cloud metadata service, 169.254.169.254), multicast, reserved and documentation ranges.
 */
const blocked = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8], ['10.0.0.0', 8], ['100.64.0.0', 10], ['127.0.0.0', 8], ['169.254.0.0', 16], ['172.16.0.0', 12],
  ['192.0.0.0', 24], ['192.0.2.0', 24], ['192.88.99.0', 24], ['192.168.0.0', 16], ['198.18.0.0', 15], ['198.51.100.0', 24],
  ['203.0.113.0', 24], ['224.0.0.0', 4], ['240.0.0.0', 4],
] as const) blocked.addSubnet(network, prefix, 'ipv4');
for (const [network, prefix] of [
  ['::', 128], ['::1', 128], ['64:ff9b:1::', 48], ['100::', 64], ['2001::', 23], ['2001:db8::', 32], ['fc00::', 7], ['fe80::', 10], ['fec0::', 10], ['ff00::', 8],
] as const) blocked.addSubnet(network, prefix, 'ipv6');

/** The IPv4 address an IPv6 address carries (mapped `::ffff:a.b.c.d`, NAT64 `64:ff9b::a.b.c.d`), if any. */
const embeddedIpv4 = (address: string) => {
  const match = /^(?:::ffff:|64:ff9b::)(?:0{1,4}:)?([\d.]+|[\da-f]{1,4}:[\da-f]{1,4})$/i.exec(address);
  if (!match) return undefined;
  const tail = match[1]!;
  if (tail.includes('.')) return tail;
  const [high, low] = tail.split(':').map((part) => Number.parseInt(part, 16));
  return [high! >> 8, high! & 255, low! >> 8, low! & 255].join('.');
};

/** Whether `address` (an IP address) is one a tenant's URL must not reach. */
export const isNonPublicAddress = (address: string) => {
  const family = isIP(address);
  if (family === 0) return true;
  if (family === 4) return blocked.check(address, 'ipv4');
  const v4 = embeddedIpv4(address);
  return v4 !== undefined ? blocked.check(v4, 'ipv4') : blocked.check(address, 'ipv6');
};

/** The host of a URL as an IP literal (brackets of IPv6 removed), or undefined for a name. */
const literalOf = (hostname: string) => {
  const bare = hostname.replace(/^\[(.*)\]$/, '$1');
  return isIP(bare) ? bare : undefined;
};

export class NonPublicAddressError extends Error {
  constructor(host: string, address: string) {
    super(`${host} resolves to ${address}, which is not a public address.`);
  }
}

/**
 * A DNS lookup for outgoing connections that refuses non-public addresses: checked at connect time, so a name that
 * resolved to a public address when saved and to a private one now (DNS rebinding) is still refused.
 */
export const publicOnlyLookup: LookupFunction = (hostname, options, callback) => {
  dnsLookup(hostname, { ...options, all: true }, (error, addresses: LookupAddress[]) => {
    if (error) return callback(error, '', 0);
    const refused = addresses.find((entry) => isNonPublicAddress(entry.address));
    if (refused) return callback(new NonPublicAddressError(hostname, refused.address), '', 0);
    if (options.all) return (callback as unknown as (error: null, all: LookupAddress[]) => void)(null, addresses);
    const [first] = addresses;
    if (!first) return callback(new Error(`${hostname} has no address.`), '', 0);
    return callback(null, first.address, first.family);
  });
};

/**
 * Why `url`'s host is not a public address (an address it resolves to now is not), or undefined when it is. A name that
 * does not resolve now is not refused here: the connection checks again.
 */
export const nonPublicReason = async (url: URL): Promise<string | undefined> => {
  const literal = literalOf(url.hostname);
  if (literal) return isNonPublicAddress(literal) ? `${literal} is not a public address.` : undefined;
  return new Promise((resolve) => {
    publicOnlyLookup(url.hostname, { all: true }, (error) => resolve(error instanceof NonPublicAddressError ? error.message : undefined));
  });
};

/** Whether `url`'s host is an IP literal that is not public (connections to literals skip the lookup). */
export const isNonPublicLiteral = (url: URL) => {
  const literal = literalOf(url.hostname);
  return literal !== undefined && isNonPublicAddress(literal);
};
