import { createHash, createHmac, randomBytes } from 'node:crypto';
import { formatAuthorization, stringToSign } from '@nq/contracts/identity/request-signing';

export interface Credentials {
  clientId: string;
  clientSecret: string;
}

/** An answer with what a benchmark reads of it: how long it took and how many bytes it was. */
export interface Answer {
  status: number;
  ms: number;
  bytes: number;
  body: unknown;
}

const base64url = (bytes: Buffer) => bytes.toString('base64url');

/**
 * The Authorization header as `signRequest` (contracts/src/identity/request-signing.ts) makes it, with node:crypto's
 * synchronous HMAC: the load signs thousands of requests a second and Web Crypto's key import per request costs more
 * than the request.
 */
export function authorizationFor(credentials: Credentials, method: string, url: string, body = '') {
  const at = url.indexOf('?');
  const timestamp = Date.now();
  const nonce = base64url(randomBytes(18));
  const text = stringToSign({
    method,
    path: at < 0 ? url : url.slice(0, at),
    query: at < 0 ? '' : url.slice(at + 1),
    timestamp,
    nonce,
    bodyHash: createHash('sha256').update(body).digest('hex'),
  });
  const signature = base64url(createHmac('sha256', credentials.clientSecret).update(text).digest());
  return formatAuthorization({ credential: credentials.clientId, timestamp, nonce, signature });
}

export interface RequestOptions {
  /** Sent as JSON. */
  json?: unknown;
  /** Sent as is, with `contentType`. */
  text?: string;
  contentType?: string;
  headers?: Record<string, string>;
}

/** A client of the platform at `address`, signing as `credentials` (none: public routes only). */
export function panelClient(address: string, credentials?: Credentials) {
  return async (method: string, url: string, options: RequestOptions = {}): Promise<Answer> => {
    const body = options.json !== undefined ? JSON.stringify(options.json) : options.text;
    const contentType = options.json !== undefined ? 'application/json' : options.contentType;
    const headers: Record<string, string> = {
      ...options.headers,
      ...(contentType ? { 'content-type': contentType } : {}),
      ...(credentials ? { authorization: authorizationFor(credentials, method, url, body) } : {}),
    };
    const started = performance.now();
    const response = await fetch(`${address}${url}`, { method, headers, ...(body !== undefined ? { body } : {}) });
    const bytes = Buffer.from(await response.arrayBuffer());
    const ms = performance.now() - started;
    let parsed: unknown = null;
    if (bytes.length > 0 && response.headers.get('content-type')?.includes('json'))
      parsed = JSON.parse(bytes.toString('utf8'));
    return { status: response.status, ms, bytes: bytes.length, body: parsed };
  };
}

export type PanelClient = ReturnType<typeof panelClient>;

/** The answer's body, or an error naming the request and what the platform said. */
export function expectStatus<T>(answer: Answer, expected: number, what: string): T {
  if (answer.status !== expected)
    throw new Error(`${what}: ${answer.status} ${JSON.stringify(answer.body)?.slice(0, 2_000)}`);
  return answer.body as T;
}

/** The platform's error code of a refused answer (or its status). */
export const failureOf = (answer: Answer) =>
  `${answer.status}${(answer.body as { code?: string } | null)?.code ? ` ${(answer.body as { code: string }).code}` : ''}`;
