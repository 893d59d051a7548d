import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

// Signing secrets are derived from the platform key and the credential's id, never stored: a copy of the database
// alone cannot sign requests. Rotating SECRET_KEY ends every session and token at once.

export const credentialSecret = (secretKey: string, credentialId: string) =>
  createHmac('sha256', secretKey).update(`credential:${credentialId}`).digest('base64url');

const prefixes = { session: 's', token: 't', client: 'c', probe: 'p' } as const;

export const newCredentialId = (kind: keyof typeof prefixes) =>
  `${prefixes[kind]}_${randomBytes(18).toString('base64url')}`;

export const hmac = (secret: string, text: string) => createHmac('sha256', secret).update(text).digest();

export function sameBytes(a: Buffer, b: Buffer): boolean {
  return a.length === b.length && timingSafeEqual(a, b);
}

export const sha256 = (bytes: Buffer | string) => createHash('sha256').update(bytes).digest('hex');

/** A one-time token for an e-mailed link, and the hash stored in its place. */
export function oneTimeToken() {
  const token = randomBytes(32).toString('base64url');
  return { token, hash: sha256(token) };
}
