import { describe, expect, it } from 'vitest';
import { contains, formatIpAddress, normaliseIpRange, parseIpAddress, parseIpRange } from './ip-ranges.ts';

describe('ip ranges', () => {
  it('parses IPv4 and IPv6 addresses as BigInt', () => {
    expect(parseIpAddress('10.0.0.1')).toEqual({ version: 4, value: 0x0a000001n });
    expect(parseIpAddress('::1')).toEqual({ version: 6, value: 1n });
    expect(parseIpAddress('::')).toEqual({ version: 6, value: 0n });
    expect(parseIpAddress('2001:DB8::8:800:200C:417A')).toEqual({
      version: 6,
      value: 0x20010db8_00000000_00080800_200c417an,
    });
    expect(parseIpAddress('::ffff:192.0.2.128')).toEqual({ version: 6, value: 0xffffc0000280n });
    expect(parseIpAddress('1:2:3:4:5:6:7:8')?.value).toBe(0x00010002000300040005000600070008n);
  });

  it('refuses malformed addresses', () => {
    for (const text of [
      '',
      '1.2.3',
      '1.2.3.4.5',
      '256.0.0.1',
      '01.2.3.4',
      '1.2.3.-4',
      '1::2::3',
      '1:2:3:4:5:6:7:8:9',
      '1:2:3:4:5:6:7',
      '1:2:3:4:5:6:7:8::',
      '12345::',
      ':1::',
      '1.2.3.4::',
      'fe80::1%eth0',
      'g::1',
    ])
      expect(parseIpAddress(text), text).toBeUndefined();
  });

  it('parses ranges, clears host bits and treats a single address as /32 or /128', () => {
    expect(parseIpRange('10.1.2.3/8')).toEqual({ version: 4, network: 0x0a000000n, prefix: 8 });
    expect(parseIpRange('192.168.1.7')).toEqual({ version: 4, network: 0xc0a80107n, prefix: 32 });
    expect(parseIpRange('2001:db8::1')?.prefix).toBe(128);
    expect(parseIpRange('0.0.0.0/0')).toEqual({ version: 4, network: 0n, prefix: 0 });
    for (const text of ['10.0.0.0/33', '::/129', '10.0.0.0/', '10.0.0.0/08', '10.0.0.0/8/1', '/8'])
      expect(parseIpRange(text), text).toBeUndefined();
  });

  it('normalises ranges to canonical text (RFC 5952 for IPv6)', () => {
    expect(normaliseIpRange(' 10.1.2.3/8 ')).toBe('10.0.0.0/8');
    expect(normaliseIpRange('2001:0DB8:0000:0000:0000:0000:0000:0001')).toBe('2001:db8::1/128');
    expect(normaliseIpRange('2001:db8:0:0:1:0:0:1/128')).toBe('2001:db8::1:0:0:1/128');
    expect(normaliseIpRange('2001:db8:ffff::/32')).toBe('2001:db8::/32');
    expect(normaliseIpRange('1:0:2:3:4:5:6:7')).toBe('1:0:2:3:4:5:6:7/128');
    expect(normaliseIpRange('::/0')).toBe('::/0');
    expect(normaliseIpRange('nope')).toBeUndefined();
    expect(formatIpAddress({ version: 4, value: 0xc0a80107n })).toBe('192.168.1.7');
  });

  it('answers whether an address lies in a range', () => {
    expect(contains('10.0.0.0/8', '10.255.255.255')).toBe(true);
    expect(contains('10.0.0.0/8', '11.0.0.0')).toBe(false);
    expect(contains('192.168.1.7', '192.168.1.7')).toBe(true);
    expect(contains('192.168.1.7', '192.168.1.8')).toBe(false);
    expect(contains('0.0.0.0/0', '203.0.113.9')).toBe(true);
    expect(contains('2001:db8::/32', '2001:db8:1234::1')).toBe(true);
    expect(contains('2001:db8::/32', '2001:db9::1')).toBe(false);
    expect(contains(parseIpRange('2001:db8::/127') ?? '', '2001:db8::1')).toBe(true);
  });

  it('keeps versions apart, except IPv4-mapped IPv6 addresses in IPv4 ranges', () => {
    expect(contains('0.0.0.0/0', '::1')).toBe(false);
    expect(contains('::/0', '10.0.0.1')).toBe(false);
    expect(contains('10.0.0.0/8', '::ffff:10.1.2.3')).toBe(true);
    expect(contains('10.0.0.0/8', '::ffff:11.1.2.3')).toBe(false);
  });

  it('puts invalid text in no range', () => {
    expect(contains('10.0.0.0/8', 'ten')).toBe(false);
    expect(contains('ten/8', '10.0.0.1')).toBe(false);
  });
});
