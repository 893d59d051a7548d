import ipaddr from 'ipaddr.js';

// IPv4 and IPv6 addresses and CIDR ranges, for provider detection by IP (parsing by ipaddr.js). A range is
// `address/prefix` or a single address (a /32 or /128). Host bits below the prefix are cleared, so `10.1.2.3/8`
// normalises to `10.0.0.0/8`. Stricter than the library on input that could be read two ways: IPv4 must be four
// decimal parts without leading zeros (`010` could be octal), and IPv6 zone ids (`fe80::1%eth0`) are refused.

export type IpAddress = ipaddr.IPv4 | ipaddr.IPv6;
export type IpVersion = 4 | 6;
export interface IpRange {
  version: IpVersion;
  /** The first address of the range (host bits cleared). */
  network: IpAddress;
  prefix: number;
}

const versionOf = (address: IpAddress): IpVersion => (address.kind() === 'ipv4' ? 4 : 6);
const decimalPart = /^(0|[1-9]\d{0,2})$/;

export function parseIpAddress(text: string): IpAddress | undefined {
  const trimmed = text.trim();
  if (trimmed.includes(':')) {
    if (trimmed.includes('%') || !ipaddr.IPv6.isValid(trimmed)) return undefined;
    return ipaddr.IPv6.parse(trimmed);
  }
  const parts = trimmed.split('.');
  if (parts.length !== 4 || !parts.every((part) => decimalPart.test(part))) return undefined;
  return ipaddr.IPv4.isValidFourPartDecimal(trimmed) ? ipaddr.IPv4.parse(trimmed) : undefined;
}

/** `address/prefix` or a single address; undefined when it is neither. */
export function parseIpRange(text: string): IpRange | undefined {
  const [addressText = '', prefixText, ...rest] = text.trim().split('/');
  if (rest.length > 0) return undefined;
  const address = parseIpAddress(addressText);
  if (address === undefined) return undefined;
  const version = versionOf(address);
  const bits = version === 4 ? 32 : 128;
  if (prefixText !== undefined && !decimalPart.test(prefixText)) return undefined;
  const prefix = prefixText === undefined ? bits : Number(prefixText);
  if (prefix > bits) return undefined;
  const cidr = `${address.toString()}/${prefix}`;
  const network = version === 4 ? ipaddr.IPv4.networkAddressFromCIDR(cidr) : ipaddr.IPv6.networkAddressFromCIDR(cidr);
  return { version, network, prefix };
}

/** The canonical text of a range: network address (RFC 5952 for IPv6) and prefix, e.g. `2001:db8::/32`. */
export const formatIpRange = (range: IpRange) => `${range.network.toString()}/${range.prefix}`;

/** The canonical text of a range given as text, or undefined when it is not one. */
export function normaliseIpRange(text: string): string | undefined {
  const range = parseIpRange(text);
  return range === undefined ? undefined : formatIpRange(range);
}

/** Whether the address lies in the range. Invalid text is in no range; `::ffff:a.b.c.d` matches IPv4 ranges. */
export function contains(range: IpRange | string, address: IpAddress | string): boolean {
  const parsedRange = typeof range === 'string' ? parseIpRange(range) : range;
  const parsedAddress = typeof address === 'string' ? parseIpAddress(address) : address;
  if (parsedRange === undefined || parsedAddress === undefined) return false;
  const candidate =
    parsedRange.version === 4 && parsedAddress instanceof ipaddr.IPv6 && parsedAddress.isIPv4MappedAddress()
      ? parsedAddress.toIPv4Address()
      : parsedAddress;
  if (versionOf(candidate) !== parsedRange.version) return false;
  return candidate.match(parsedRange.network, parsedRange.prefix);
}
