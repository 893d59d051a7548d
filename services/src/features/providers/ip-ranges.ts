// IPv4 and IPv6 addresses and CIDR ranges as BigInt, for provider detection by IP. Pure, no library.
// A range is `address/prefix` or a single address (a /32 or /128). Host bits below the prefix are cleared, so
// `10.1.2.3/8` normalises to `10.0.0.0/8`. IPv4 octets are decimal without leading zeros (`010` is ambiguous and
// refused); IPv6 follows RFC 4291 text forms (`::` compression, trailing dotted IPv4) without zone ids.

export type IpVersion = 4 | 6;
export interface IpAddress {
  version: IpVersion;
  value: bigint;
}
export interface IpRange {
  version: IpVersion;
  /** The first address of the range (host bits cleared). */
  network: bigint;
  prefix: number;
}

const bitsOf = (version: IpVersion) => (version === 4 ? 32 : 128);

function parseIpv4(text: string): bigint | undefined {
  const octets = text.split('.');
  if (octets.length !== 4) return undefined;
  let value = 0n;
  for (const octet of octets) {
    if (!/^(0|[1-9]\d{0,2})$/.test(octet) || Number(octet) > 255) return undefined;
    value = (value << 8n) | BigInt(octet);
  }
  return value;
}

/** The 16-bit groups of one side of `::`; a dotted IPv4 may end the last side only. */
function groupsOf(part: string, last: boolean): number[] | undefined {
  if (part === '') return [];
  const pieces = part.split(':');
  const groups: number[] = [];
  for (const [index, piece] of pieces.entries()) {
    if (last && index === pieces.length - 1 && piece.includes('.')) {
      const v4 = parseIpv4(piece);
      if (v4 === undefined) return undefined;
      groups.push(Number(v4 >> 16n), Number(v4 & 0xffffn));
    } else if (/^[0-9a-fA-F]{1,4}$/.test(piece)) groups.push(Number.parseInt(piece, 16));
    else return undefined;
  }
  return groups;
}

function parseIpv6(text: string): bigint | undefined {
  const halves = text.split('::');
  if (halves.length > 2) return undefined;
  const head = groupsOf(halves[0] ?? '', halves.length === 1);
  const tail = halves.length === 2 ? groupsOf(halves[1] ?? '', true) : [];
  if (head === undefined || tail === undefined) return undefined;
  const missing = 8 - head.length - tail.length;
  if (halves.length === 1 ? missing !== 0 : missing < 1) return undefined;
  const groups = [...head, ...new Array<number>(halves.length === 2 ? missing : 0).fill(0), ...tail];
  return groups.reduce((value, group) => (value << 16n) | BigInt(group), 0n);
}

export function parseIpAddress(text: string): IpAddress | undefined {
  const trimmed = text.trim();
  if (trimmed.includes(':')) {
    const value = parseIpv6(trimmed);
    return value === undefined ? undefined : { version: 6, value };
  }
  const value = parseIpv4(trimmed);
  return value === undefined ? undefined : { version: 4, value };
}

const maskOf = (version: IpVersion, prefix: number) => {
  const bits = BigInt(bitsOf(version));
  return ((1n << bits) - 1n) ^ ((1n << (bits - BigInt(prefix))) - 1n);
};

/** `address/prefix` or a single address; undefined when it is neither. */
export function parseIpRange(text: string): IpRange | undefined {
  const [addressText = '', prefixText, ...rest] = text.trim().split('/');
  if (rest.length > 0) return undefined;
  const address = parseIpAddress(addressText);
  if (address === undefined) return undefined;
  const bits = bitsOf(address.version);
  if (prefixText !== undefined && !/^(0|[1-9]\d{0,2})$/.test(prefixText)) return undefined;
  const prefix = prefixText === undefined ? bits : Number(prefixText);
  if (prefix > bits) return undefined;
  return { version: address.version, network: address.value & maskOf(address.version, prefix), prefix };
}

function formatIpv6(value: bigint): string {
  const groups = Array.from({ length: 8 }, (_, index) => Number((value >> BigInt(112 - 16 * index)) & 0xffffn));
  // RFC 5952: compress the longest run of two or more zero groups (the first on a tie).
  let best = { start: -1, length: 1 };
  for (let start = 0; start < 8; start++) {
    let length = 0;
    while (start + length < 8 && groups[start + length] === 0) length++;
    if (length > best.length) best = { start, length };
  }
  const hex = groups.map((group) => group.toString(16));
  if (best.start < 0) return hex.join(':');
  return `${hex.slice(0, best.start).join(':')}::${hex.slice(best.start + best.length).join(':')}`;
}

export function formatIpAddress(address: IpAddress): string {
  if (address.version === 6) return formatIpv6(address.value);
  return [24n, 16n, 8n, 0n].map((shift) => String((address.value >> shift) & 0xffn)).join('.');
}

/** The canonical text of a range: network address (RFC 5952 for IPv6) and prefix, e.g. `2001:db8::/32`. */
export const formatIpRange = (range: IpRange) =>
  `${formatIpAddress({ version: range.version, value: range.network })}/${range.prefix}`;

/** The canonical text of a range given as text, or undefined when it is not one. */
export function normaliseIpRange(text: string): string | undefined {
  const range = parseIpRange(text);
  return range === undefined ? undefined : formatIpRange(range);
}

/** An IPv4-mapped IPv6 address (`::ffff:a.b.c.d`) as the IPv4 address it carries. */
const unmapped = (address: IpAddress): IpAddress =>
  address.version === 6 && address.value >> 32n === 0xffffn
    ? { version: 4, value: address.value & 0xffffffffn }
    : address;

/** Whether the address lies in the range. Invalid text is in no range; `::ffff:a.b.c.d` matches IPv4 ranges. */
export function contains(range: IpRange | string, address: IpAddress | string): boolean {
  const parsedRange = typeof range === 'string' ? parseIpRange(range) : range;
  const parsedAddress = typeof address === 'string' ? parseIpAddress(address) : address;
  if (parsedRange === undefined || parsedAddress === undefined) return false;
  const candidate = parsedRange.version === 4 ? unmapped(parsedAddress) : parsedAddress;
  if (candidate.version !== parsedRange.version) return false;
  return (candidate.value & maskOf(parsedRange.version, parsedRange.prefix)) === parsedRange.network;
}
