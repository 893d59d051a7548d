import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

export type SealedSecret = { sealed: string };

const VERSION = 'v1';
const isSealed = (value: unknown): value is SealedSecret =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as SealedSecret).sealed === 'string' &&
  Object.keys(value).length === 1;

/** Replaces every sealed value found in a document (at any depth). */
function mapSealed(value: unknown, replace: (sealed: SealedSecret) => unknown): unknown {
  if (isSealed(value)) return replace(value);
  if (Array.isArray(value)) return value.map((item) => mapSealed(item, replace));
  if (typeof value === 'object' && value !== null)
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, mapSealed(item, replace)]));
  return value;
}

/**
 * Secrets at rest (probe credentials, wifi and APN passwords): AES-256-GCM with a key derived (HKDF-SHA256) from the
 * configured key material, a random IV per value. Events and read models only ever hold the sealed form.
 */
export function secretSealer(keyMaterial: string) {
  const key = Buffer.from(hkdfSync('sha256', keyMaterial, 'nq-secrets', 'probe-secrets-v1', 32));

  function seal(clear: string): SealedSecret {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', key, iv);
    const encrypted = Buffer.concat([cipher.update(clear, 'utf8'), cipher.final()]);
    return { sealed: `${VERSION}:${Buffer.concat([iv, cipher.getAuthTag(), encrypted]).toString('base64url')}` };
  }

  function open({ sealed }: SealedSecret): string {
    const bytes = Buffer.from(sealed.slice(VERSION.length + 1), 'base64url');
    const decipher = createDecipheriv('aes-256-gcm', key, bytes.subarray(0, 12));
    decipher.setAuthTag(bytes.subarray(12, 28));
    return Buffer.concat([decipher.update(bytes.subarray(28)), decipher.final()]).toString('utf8');
  }

  return {
    seal,
    open,
    /** The document as shown to everyone: each secret only says that it is set. */
    mask: <T>(document: T): T => mapSealed(document, () => ({ sealed: true })) as T,
    /** The document with its secrets in clear (administrators asking explicitly). */
    reveal: <T>(document: T): T => mapSealed(document, open) as T,
  };
}

export type SecretSealer = ReturnType<typeof secretSealer>;
export type Seal = SecretSealer['seal'];
