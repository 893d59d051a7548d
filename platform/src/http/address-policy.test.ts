import type { LookupOptions } from 'node:dns';
import { describe, expect, it } from 'vitest';
import {
  type AddressPolicy,
  anyAddress,
  checkedLookup,
  publicAddressesOnly,
  RefusedAddress,
  refusedHost,
} from './address-policy.ts';

describe('the addresses the platform may call on a user’s behalf', () => {
  it.each([
    ['127.0.0.1', 'loopback'],
    ['127.8.9.10', 'loopback'],
    ['10.1.2.3', 'private'],
    ['172.16.0.1', 'private'],
    ['192.168.1.1', 'private'],
    ['100.64.0.1', 'carrierGradeNat'],
    ['169.254.169.254', 'linkLocal'],
    ['224.0.0.1', 'multicast'],
    ['0.0.0.0', 'unspecified'],
    ['255.255.255.255', 'broadcast'],
    ['192.0.2.10', 'reserved'],
    ['::1', 'loopback'],
    ['::', 'unspecified'],
    ['fe80::1', 'linkLocal'],
    ['fd00::1', 'uniqueLocal'],
    ['ff02::1', 'multicast'],
    ['::ffff:127.0.0.1', 'loopback'],
    ['::ffff:a9fe:a9fe', 'linkLocal'],
    ['::ffff:10.0.0.1', 'private'],
    ['::7f00:1', 'reserved'],
    ['64:ff9b::a00:1', 'rfc6052'],
    ['2002:7f00:1::', '6to4'],
    ['2001:db8::1', 'reserved'],
  ])('refuses %s (%s)', (address, range) => {
    expect(publicAddressesOnly(address)).toBe(range);
  });

  it('lets public addresses through, and every address when private ones are allowed', () => {
    expect(publicAddressesOnly('8.8.8.8')).toBeUndefined();
    expect(publicAddressesOnly('193.0.14.129')).toBeUndefined();
    expect(publicAddressesOnly('2001:4860:4860::8888')).toBeUndefined();
    expect(publicAddressesOnly('::ffff:8.8.8.8')).toBeUndefined();
    expect(anyAddress('127.0.0.1')).toBeUndefined();
  });

  it('judges a host by every address its name resolves to, and a literal as it is', async () => {
    expect(await refusedHost(new URL('http://[::ffff:7f00:1]:8080/x'), publicAddressesOnly)).toBe(
      '::ffff:7f00:1 loopback',
    );
    expect(await refusedHost(new URL('http://2130706433/x'), publicAddressesOnly)).toBe('127.0.0.1 loopback');
    expect(await refusedHost(new URL('http://localhost/x'), publicAddressesOnly)).toMatch(
      /^localhost: (127\.0\.0\.1|::1) loopback$/,
    );
    expect(await refusedHost(new URL('http://127.0.0.1/x'), anyAddress)).toBeUndefined();
    // Told by the download, which fails on it.
    expect(await refusedHost(new URL('http://no-such-host.invalid/x'), publicAddressesOnly)).toBeUndefined();
    expect(
      await refusedHost(new URL('https://no-such-host.invalid/x'), publicAddressesOnly, { refuseUnresolved: true }),
    ).toBe('no-such-host.invalid does not resolve');
  });

  it('resolves a name for a connection only to addresses the policy lets through', async () => {
    const resolve = (policy: AddressPolicy, options: LookupOptions) =>
      new Promise((resolved, failed) =>
        checkedLookup(policy)('localhost', options, (error, address) => (error ? failed(error) : resolved(address))),
      );
    expect(await resolve(anyAddress, { family: 4 })).toBe('127.0.0.1');
    expect(await resolve(anyAddress, { family: 4, all: true })).toEqual([{ address: '127.0.0.1', family: 4 }]);
    const refused = await resolve(publicAddressesOnly, { family: 4 }).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(RefusedAddress);
    expect((refused as RefusedAddress).reason).toBe('localhost: 127.0.0.1 loopback');
  });
});
