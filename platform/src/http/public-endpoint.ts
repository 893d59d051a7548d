import { lookup } from 'node:dns/promises';
import ipaddr from 'ipaddr.js';

/**
 * Why the platform must not call this address on a user's behalf, or undefined when it may. An address a user gives
 * (a browser's push service) is called from inside the network: only public https addresses are called, so that no
 * user can make the platform reach a loopback, private, link-local (cloud metadata) or otherwise reserved host.
 * Every address the name resolves to is checked, when it is stored and again when it is called.
 */
export async function nonPublicReason(
  address: string,
  options: { allowPrivate: boolean },
): Promise<string | undefined> {
  if (options.allowPrivate) return undefined;
  const url = new URL(address);
  if (url.protocol !== 'https:') return `${url.protocol} is not https`;
  const host = url.hostname.replace(/^\[|\]$/g, '');
  let resolved: string[];
  try {
    resolved = ipaddr.isValid(host) ? [host] : (await lookup(host, { all: true })).map((entry) => entry.address);
  } catch {
    return `${host} does not resolve`;
  }
  for (const ip of resolved) {
    const parsed = ipaddr.process(ip);
    const range = parsed.range();
    if (range !== 'unicast') return `${ip} is ${range}`;
  }
  return undefined;
}
