import { describe, expect, it } from 'vitest';
import { refusedPushEndpoint } from './push-endpoint.ts';

describe('the push addresses a browser may subscribe with', () => {
  it.each([
    ['http://push.example.com/x', 'http: is not https'],
    ['https://127.0.0.1/x', '127.0.0.1 loopback'],
    ['https://10.1.2.3/x', '10.1.2.3 private'],
    ['https://192.168.0.10:8443/x', '192.168.0.10 private'],
    ['https://169.254.169.254/latest/meta-data', '169.254.169.254 linkLocal'],
    ['https://[::1]/x', '::1 loopback'],
    ['https://[::ffff:127.0.0.1]/x', '::ffff:7f00:1 loopback'],
    ['https://[::7f00:1]/x', '::7f00:1 reserved'],
    ['https://[fd00::1]/x', 'fd00::1 uniqueLocal'],
    ['https://0.0.0.0/x', '0.0.0.0 unspecified'],
    ['https://localhost/x', /^localhost: (127\.0\.0\.1|::1) loopback$/],
    ['https://no-such-host.invalid/x', 'no-such-host.invalid does not resolve'],
  ])('refuses %s', async (endpoint, reason) => {
    const why = await refusedPushEndpoint(endpoint, false);
    if (typeof reason === 'string') expect(why).toBe(reason);
    else expect(why).toMatch(reason);
  });

  it('lets a public https address through, and anything when private addresses are allowed', async () => {
    expect(await refusedPushEndpoint('https://8.8.8.8/push', false)).toBeUndefined();
    expect(await refusedPushEndpoint('https://[2001:4860:4860::8888]/push', false)).toBeUndefined();
    expect(await refusedPushEndpoint('http://127.0.0.1:9000/push', true)).toBeUndefined();
  });
});
