import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { canonicalQuery, parseAuthorization, sha256Hex, signRequest, stringToSign } from './request-signing.ts';

describe('request signing', () => {
  it('puts the query in one canonical form whatever its order and encoding', () => {
    expect(canonicalQuery('b=2&a=1&a=0')).toBe('a=0&a=1&b=2');
    expect(canonicalQuery('q=caf%C3%A9%20bar')).toBe(canonicalQuery('q=café+bar'));
    expect(canonicalQuery('')).toBe('');
    expect(canonicalQuery('flag')).toBe('flag=');
  });

  it('signs method, path, query, timestamp, nonce and body hash with HMAC-SHA256, as the server recomputes it', async () => {
    const credentials = { clientId: 's_abc', clientSecret: 'secret-of-the-session' };
    const body = JSON.stringify({ name: 'Fibre' });
    const header = await signRequest(credentials, { method: 'post', url: '/tags?b=2&a=1', body }, 1_700_000_000_000);
    const parts = parseAuthorization(header)!;
    expect(parts).toMatchObject({ credential: 's_abc', timestamp: 1_700_000_000_000 });
    const expected = createHmac('sha256', credentials.clientSecret)
      .update(
        stringToSign({
          method: 'POST',
          path: '/tags',
          query: 'a=1&b=2',
          timestamp: 1_700_000_000_000,
          nonce: parts.nonce,
          bodyHash: await sha256Hex(body),
        }),
      )
      .digest('base64url');
    expect(parts.signature).toBe(expected);
  });

  it('uses a fresh nonce for every request and rejects malformed headers', async () => {
    const credentials = { clientId: 'c_1', clientSecret: 'x' };
    const first = parseAuthorization(await signRequest(credentials, { method: 'GET', url: '/' }))!;
    const second = parseAuthorization(await signRequest(credentials, { method: 'GET', url: '/' }))!;
    expect(first.nonce).not.toBe(second.nonce);
    expect(parseAuthorization(undefined)).toBeUndefined();
    expect(parseAuthorization('Bearer abc')).toBeUndefined();
    expect(parseAuthorization('NQ-HMAC-SHA256 Credential=a b, Timestamp=1, Nonce=x, Signature=y')).toBeUndefined();
  });

  it('hashes an empty body as SHA-256 of nothing', async () => {
    expect(await sha256Hex()).toBe('e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855');
  });
});
