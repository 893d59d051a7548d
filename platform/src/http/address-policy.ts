import { type LookupAddress, lookup } from 'node:dns';
import { lookup as lookupAll } from 'node:dns/promises';
import { isIP, type LookupFunction } from 'node:net';
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
 * Public addresses only: an address a user gives (a file to import, a browser's push service) is called from inside
 * the platform's network, so that no user can make it reach a loopback, private, carrier-grade NAT, link-local (cloud
 * metadata), multicast or otherwise reserved host. An IPv4-mapped IPv6 address is judged as the IPv4 address it is.
 */
export const publicAddressesOnly: AddressPolicy = (address) => {
  if (!isIP(address)) return 'not an IP address';
  const parsed = ipaddr.process(address);
  const range = parsed.range();
  if (range !== 'unicast') return range;
  if (parsed.kind() === 'ipv6' && !parsed.match(globalUnicast)) return 'reserved';
  return undefined;
};

/** Every address (IMPORT_PRIVATE_URLS, PUSH_PRIVATE_ENDPOINTS: tests, a server inside the network). */
export const anyAddress: AddressPolicy = () => undefined;

export const addressPolicy = (allowPrivate: boolean): AddressPolicy =>
  allowPrivate ? anyAddress : publicAddressesOnly;

/** The host a connection to the address names: an IPv6 literal without its brackets. */
export const hostOf = (url: URL) => url.hostname.replace(/^\[|\]$/g, '');

/** Why the policy refuses an address the host is or resolves to (`127.0.0.1 loopback`, `localhost: ::1 loopback`). */
export const refusalOf = (host: string, address: string, range: string) =>
  host === address ? `${address} ${range}` : `${host}: ${address} ${range}`;

/** A connection the address policy refused, and why (`localhost: 127.0.0.1 loopback`). */
export class RefusedAddress extends Error {
  readonly reason: string;
  constructor(reason: string) {
    super(`refused address ${reason}`);
    this.reason = reason;
  }
}

/**
 * Why the address's host is refused, told before anything is called (when a user gives the address); the connection
 * checks again through `checkedLookup`. A name that does not resolve passes, unless `refuseUnresolved`: then it is
 * refused as `<host> does not resolve`.
 */
export async function refusedHost(
  url: URL,
  policy: AddressPolicy,
  { refuseUnresolved = false } = {},
): Promise<string | undefined> {
  const host = hostOf(url);
  if (policy === anyAddress) return undefined;
  let addresses: string[];
  try {
    addresses = isIP(host) ? [host] : (await lookupAll(host, { all: true })).map((entry) => entry.address);
  } catch {
    return refuseUnresolved ? `${host} does not resolve` : undefined;
  }
  for (const address of addresses) {
    const range = policy(address);
    if (range) return refusalOf(host, address, range);
  }
  return undefined;
}

/**
 * net's lookup, answering only addresses the policy lets through: the connection goes to an address checked here,
 * so a name cannot resolve to a public address when checked and to an internal one when connected (DNS rebinding).
 * One refused address refuses the name, with a `RefusedAddress`.
 */
export function checkedLookup(policy: AddressPolicy): LookupFunction {
  return (hostname, options, callback) => {
    lookup(hostname, { ...options, all: true }, (error, addresses: LookupAddress[]) => {
      if (error) return callback(error, '', 0);
      for (const { address } of addresses) {
        const range = policy(address);
        if (range) return callback(new RefusedAddress(refusalOf(hostname, address, range)), '', 0);
      }
      if (options.all) return callback(null, addresses);
      const [first] = addresses;
      if (!first) return callback(Object.assign(new Error(`${hostname} has no address`), { code: 'ENOTFOUND' }), '', 0);
      callback(null, first.address, first.family);
    });
  };
}
