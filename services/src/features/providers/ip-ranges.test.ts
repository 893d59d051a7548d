import { describe, expect, it } from 'vitest';
import { contains, normaliseIpRange, parseIpAddress, parseIpRange } from './ip-ranges.ts';

const text = (address: { toNormalizedString(): string } | undefined) => address?.toNormalizedString();

describe('ip ranges', () => {
  it('parses IPv4 and IPv6 addresses', () => {
    expect(text(parseIpAddress('10.0.0.1'))).toBe('10.0.0.1');
    expect(text(parseIpAddress('::1'))).toBe('0:0:0:0:0:0:0:1');
    expect(text(parseIpAddress('::'))).toBe('0:0:0:0:0:0:0:0');
    expect(text(parseIpAddress('2001:DB8::8:800:200C:417A'))).toBe('2001:db8:0:0:8:800:200c:417a');
    expect(text(parseIpAddress('::ffff:192.0.2.128'))).toBe('0:0:0:0:0:ffff:c000:280');
    expect(text(parseIpAddress('1:2:3:4:5:6:7:8'))).toBe('1:2:3:4:5:6:7:8');
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
    const shown = (range: ReturnType<typeof parseIpRange>) =>
      range && { version: range.version, network: text(range.network), prefix: range.prefix };
    expect(shown(parseIpRange('10.1.2.3/8'))).toEqual({ version: 4, network: '10.0.0.0', prefix: 8 });
    expect(shown(parseIpRange('192.168.1.7'))).toEqual({ version: 4, network: '192.168.1.7', prefix: 32 });
    expect(parseIpRange('2001:db8::1')?.prefix).toBe(128);
    expect(shown(parseIpRange('0.0.0.0/0'))).toEqual({ version: 4, network: '0.0.0.0', prefix: 0 });
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
