import { describe, expect, it } from 'vitest';
import { nonPublicReason } from './public-endpoint.ts';

const strict = { allowPrivate: false };

describe('nonPublicReason', () => {
  it.each([
    ['http://push.example.com/x', 'http: is not https'],
    ['https://127.0.0.1/x', '127.0.0.1 is loopback'],
    ['https://10.1.2.3/x', '10.1.2.3 is private'],
    ['https://192.168.0.10:8443/x', '192.168.0.10 is private'],
    ['https://169.254.169.254/latest/meta-data', '169.254.169.254 is linkLocal'],
    ['https://[::1]/x', '::1 is loopback'],
    ['https://[::ffff:127.0.0.1]/x', '::ffff:7f00:1 is loopback'],
    ['https://[fd00::1]/x', 'fd00::1 is uniqueLocal'],
    ['https://0.0.0.0/x', '0.0.0.0 is unspecified'],
    ['https://localhost/x', /is loopback|does not resolve/],
  ])('refuses %s', async (address, reason) => {
    const why = await nonPublicReason(address, strict);
    if (typeof reason === 'string') expect(why).toBe(reason);
    else expect(why).toMatch(reason);
  });

  it('lets a public https address through, and anything when private addresses are allowed', async () => {
    expect(await nonPublicReason('https://8.8.8.8/push', strict)).toBeUndefined();
    expect(await nonPublicReason('https://[2001:4860:4860::8888]/push', strict)).toBeUndefined();
    expect(await nonPublicReason('http://127.0.0.1:9000/push', { allowPrivate: true })).toBeUndefined();
  });
});
