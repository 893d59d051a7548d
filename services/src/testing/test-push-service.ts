import { createDecipheriv, createECDH, createPublicKey, hkdfSync, randomBytes, randomUUID, verify } from 'node:crypto';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';

// A push service on loopback for tests: it hands out browser subscriptions (a P-256 key pair and an auth secret made
// here, as a browser would), records every push it receives, answers each endpoint with the status the test sets,
// checks the VAPID signature (RFC 8292) and decrypts the aes128gcm payload (RFC 8291) with the browser's keys.

export interface TestBrowser {
  /** What the browser's `PushSubscription.toJSON()` gives the console. */
  subscription: { endpoint: string; expirationTime: null; keys: { p256dh: string; auth: string } };
  privateKey: Buffer;
  publicKey: Buffer;
  authSecret: Buffer;
}

export interface ReceivedPush {
  endpoint: string;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

export interface VapidClaims {
  aud: string;
  exp: number;
  sub: string;
  /** The public key the push was signed with (`k=`), which verified the JWT. */
  publicKey: string;
}

const info = (label: string) => Buffer.concat([Buffer.from(`Content-Encoding: ${label}`), Buffer.from([0])]);

/** RFC 8291 §3.4 and RFC 8188: the push message a browser would read, from one aes128gcm record. */
export function decryptPush(body: Buffer, browser: TestBrowser): string {
  const salt = body.subarray(0, 16);
  const idLength = body.readUInt8(20);
  const serverPublicKey = body.subarray(21, 21 + idLength);
  const record = body.subarray(21 + idLength);
  const ecdh = createECDH('prime256v1');
  ecdh.setPrivateKey(browser.privateKey);
  const sharedSecret = ecdh.computeSecret(serverPublicKey);
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), browser.publicKey, serverPublicKey]);
  const ikm = Buffer.from(hkdfSync('sha256', sharedSecret, browser.authSecret, keyInfo, 32));
  const contentKey = Buffer.from(hkdfSync('sha256', ikm, salt, info('aes128gcm'), 16));
  const nonce = Buffer.from(hkdfSync('sha256', ikm, salt, info('nonce'), 12));
  const decipher = createDecipheriv('aes-128-gcm', contentKey, nonce);
  decipher.setAuthTag(record.subarray(record.length - 16));
  const padded = Buffer.concat([decipher.update(record.subarray(0, record.length - 16)), decipher.final()]);
  // The last record ends with the delimiter 0x02, then zero padding.
  const delimiter = padded.lastIndexOf(2);
  if (delimiter < 0 || padded.subarray(delimiter + 1).some((byte) => byte !== 0)) throw new Error('bad padding');
  return padded.subarray(0, delimiter).toString('utf8');
}

/** RFC 8292: `vapid t=<JWT>, k=<public key>`, the JWT's ES256 signature checked with that key. */
export function verifyVapid(authorization: string | undefined): VapidClaims {
  const match = /^vapid t=([\w-]+\.[\w-]+\.[\w-]+), k=([\w-]+)$/.exec(authorization ?? '');
  if (!match) throw new Error(`not a VAPID authorization: ${authorization}`);
  const [, token, publicKey] = match as unknown as [string, string, string];
  const [header, payload, signature] = token.split('.') as [string, string, string];
  const point = Buffer.from(publicKey, 'base64url');
  const key = createPublicKey({
    key: {
      kty: 'EC',
      crv: 'P-256',
      x: point.subarray(1, 33).toString('base64url'),
      y: point.subarray(33, 65).toString('base64url'),
    },
    format: 'jwk',
  });
  const signed = verify(
    'sha256',
    Buffer.from(`${header}.${payload}`),
    { key, dsaEncoding: 'ieee-p1363' },
    Buffer.from(signature, 'base64url'),
  );
  if (!signed) throw new Error('the VAPID JWT is not signed by its key');
  const { alg } = JSON.parse(Buffer.from(header, 'base64url').toString()) as { alg: string };
  if (alg !== 'ES256') throw new Error(`VAPID JWT algorithm ${alg}`);
  return { ...(JSON.parse(Buffer.from(payload, 'base64url').toString()) as Omit<VapidClaims, 'publicKey'>), publicKey };
}

export async function startTestPushService() {
  const received: ReceivedPush[] = [];
  const statusOf = new Map<string, number>();
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const endpoint = `${url}${request.url}`;
      received.push({ endpoint, headers: request.headers, body: Buffer.concat(chunks) });
      response.writeHead(statusOf.get(endpoint) ?? 201).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    url,
    /** A new browser subscription to this push service. */
    browser(): TestBrowser {
      const ecdh = createECDH('prime256v1');
      const publicKey = ecdh.generateKeys();
      const authSecret = randomBytes(16);
      return {
        subscription: {
          endpoint: `${url}/push/${randomUUID()}`,
          expirationTime: null,
          keys: { p256dh: publicKey.toString('base64url'), auth: authSecret.toString('base64url') },
        },
        privateKey: ecdh.getPrivateKey(),
        publicKey,
        authSecret,
      };
    },
    /** The pushes received so far for a browser. */
    pushesTo: (browser: TestBrowser) => received.filter((push) => push.endpoint === browser.subscription.endpoint),
    /** The browser's subscription has expired: its endpoint answers 410 Gone. */
    expire: (browser: TestBrowser) => statusOf.set(browser.subscription.endpoint, 410),
    /** The endpoint answers this status (e.g. 503 for a push service down for a moment). */
    answer: (browser: TestBrowser, status: number) => statusOf.set(browser.subscription.endpoint, status),
    close: () => new Promise<void>((resolve, reject) => server.close((error) => (error ? reject(error) : resolve()))),
  };
}

export type TestPushService = Awaited<ReturnType<typeof startTestPushService>>;
