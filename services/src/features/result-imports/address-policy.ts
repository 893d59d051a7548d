import { lookup } from 'node:dns/promises';
import { isIP } from 'node:net';
import ipaddr from 'ipaddr.js';

/**
 * Whether the platform may connect to an IP address on a user's behalf: the reason it may not (the address's range:
 * `loopback`, `private`, `linkLocal`…), or undefined when it may.
 */
export type AddressPolicy = (address: string) => string | undefined;

// ipaddr.js calls every IPv6 address outside its special ranges unicast, the IPv4-compatible `::7f00:1` among them:
// only the global unicast block is on the internet.
const globalUnicast = ipaddr.parseCIDR('2000::/3');

/**
 * Public addresses only: an address a user gives is downloaded from inside the platform's network, so that no user
 * can make it reach a loopback, private, carrier-grade NAT, link-local (cloud metadata), multicast or otherwise
 * reserved host. An IPv4-mapped IPv6 address is judged as the IPv4 address it is.
 */
export const publicAddressesOnly: AddressPolicy = (address) => {
  if (!isIP(address)) return 'not an IP address';
  const parsed = ipaddr.process(address);
  const range = parsed.range();
  if (range !== 'unicast') return range;
  if (parsed.kind() === 'ipv6' && !parsed.match(globalUnicast)) return 'reserved';
  return undefined;
};

/** Every address (IMPORT_PRIVATE_URLS=true: tests, a file server inside the network). */
export const anyAddress: AddressPolicy = () => undefined;

export const addressPolicy = (allowPrivate: boolean): AddressPolicy =>
  allowPrivate ? anyAddress : publicAddressesOnly;

/** The host a connection to the address names: an IPv6 literal without its brackets. */
export const hostOf = (url: URL) => url.hostname.replace(/^\[|\]$/g, '');

/** Why the policy refuses an address the host is or resolves to (`127.0.0.1 loopback`, `localhost: ::1 loopback`). */
export const refusalOf = (host: string, address: string, range: string) =>
  host === address ? `${address} ${range}` : `${host}: ${address} ${range}`;

/**
 * Why the address's host is refused, told before an import is queued; the download checks again on the address it
 * connects to, after every redirect. A name that does not resolve now passes: the download says why it failed.
 */
export async function refusedHost(url: URL, policy: AddressPolicy): Promise<string | undefined> {
  const host = hostOf(url);
  if (policy === anyAddress) return undefined;
  let addresses: string[];
  try {
    addresses = isIP(host) ? [host] : (await lookup(host, { all: true })).map((entry) => entry.address);
  } catch {
    return undefined;
  }
  for (const address of addresses) {
    const range = policy(address);
    if (range) return refusalOf(host, address, range);
  }
  return undefined;
}
