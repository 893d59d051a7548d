// Every call but login and password reset carries an HMAC-SHA256 signature over its method, path, query,
// timestamp, nonce and body hash, made with the credentials of a session, a token or an API client. The console and
// machine clients sign with `signRequest` (Web Crypto: browsers and Node alike); the server rebuilds `stringToSign`.

export const signatureScheme = 'NQ-HMAC-SHA256';

export interface SignedParts {
  method: string;
  /** The path as sent, without the query string. */
  path: string;
  /** The raw query string, without `?` (may be empty). */
  query: string;
  /** Milliseconds since the epoch, as the client's clock saw them. */
  timestamp: number;
  /** Random, used once. */
  nonce: string;
  /** Lower-case hex SHA-256 of the raw body bytes (of nothing when there is no body). */
  bodyHash: string;
}

export interface AuthorizationParts {
  credential: string;
  timestamp: number;
  nonce: string;
  signature: string;
}

const decode = (text: string) => {
  try {
    return decodeURIComponent(text.replace(/\+/g, ' '));
  } catch {
    return text;
  }
};

/** The query with its pairs decoded, sorted by name then value and encoded one way, so encodings don't matter. */
export function canonicalQuery(query: string): string {
  return query
    .split('&')
    .filter(Boolean)
    .map((pair) => {
      const at = pair.indexOf('=');
      return at < 0 ? [decode(pair), ''] : [decode(pair.slice(0, at)), decode(pair.slice(at + 1))];
    })
    .sort(([a = '', x = ''], [b = '', y = '']) => (a < b ? -1 : a > b ? 1 : x < y ? -1 : x > y ? 1 : 0))
    .map(([name = '', value = '']) => `${encodeURIComponent(name)}=${encodeURIComponent(value)}`)
    .join('&');
}

export const stringToSign = (parts: SignedParts) =>
  [
    signatureScheme,
    parts.method.toUpperCase(),
    parts.path,
    canonicalQuery(parts.query),
    String(parts.timestamp),
    parts.nonce,
    parts.bodyHash,
  ].join('\n');

export const formatAuthorization = (parts: AuthorizationParts) =>
  `${signatureScheme} Credential=${parts.credential}, Timestamp=${parts.timestamp}, Nonce=${parts.nonce}, Signature=${parts.signature}`;

const authorizationPattern = new RegExp(
  `^${signatureScheme} Credential=([\\w.-]{1,128}), Timestamp=(\\d{1,16}), Nonce=([\\w-]{16,128}), Signature=([\\w-]{43,128})$`,
);

/** The parts of an Authorization header in our scheme, or undefined when it is absent or malformed. */
export function parseAuthorization(header: string | undefined): AuthorizationParts | undefined {
  const match = header ? authorizationPattern.exec(header.trim()) : null;
  if (!match) return undefined;
  const [, credential = '', timestamp = '', nonce = '', signature = ''] = match;
  return { credential, timestamp: Number(timestamp), nonce, signature };
}

const encoder = new TextEncoder();
const hex = (bytes: ArrayBuffer) => [...new Uint8Array(bytes)].map((b) => b.toString(16).padStart(2, '0')).join('');
const base64url = (bytes: ArrayBuffer) =>
  btoa(String.fromCharCode(...new Uint8Array(bytes)))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');

export async function sha256Hex(body: string | Uint8Array = ''): Promise<string> {
  const bytes = typeof body === 'string' ? encoder.encode(body) : body;
  return hex(await crypto.subtle.digest('SHA-256', bytes as Uint8Array<ArrayBuffer>));
}

export async function hmacBase64url(secret: string, text: string): Promise<string> {
  const key = await crypto.subtle.importKey('raw', encoder.encode(secret), { name: 'HMAC', hash: 'SHA-256' }, false, [
    'sign',
  ]);
  return base64url(await crypto.subtle.sign('HMAC', key, encoder.encode(text)));
}

export const randomNonce = () => base64url(crypto.getRandomValues(new Uint8Array(18)).buffer);

/**
 * The Authorization header for a request: `url` is the path with its query string as it will be sent
 * (e.g. `/tags?page=2`); `body` the exact text or bytes sent.
 */
export async function signRequest(
  credentials: { clientId: string; clientSecret: string },
  request: { method: string; url: string; body?: string | Uint8Array },
  now: number = Date.now(),
): Promise<string> {
  const at = request.url.indexOf('?');
  const nonce = randomNonce();
  const parts: SignedParts = {
    method: request.method,
    path: at < 0 ? request.url : request.url.slice(0, at),
    query: at < 0 ? '' : request.url.slice(at + 1),
    timestamp: now,
    nonce,
    bodyHash: await sha256Hex(request.body ?? ''),
  };
  const signature = await hmacBase64url(credentials.clientSecret, stringToSign(parts));
  return formatAuthorization({ credential: credentials.clientId, timestamp: now, nonce, signature });
}
