import type { Credentials, Runtime } from './scenario.ts';

// Request signing (docs/product/api.md#conventions), as `signRequest` in contracts/src/identity/request-signing.ts does
// it, over the runtime's own hashes (k6/crypto in k6, node:crypto in Node): that module reaches for Web Crypto, which
// k6 lacks. A unit test (load-tests/src/k6-scenarios.test.ts) holds the two to the same signature.

const scheme = 'NQ-HMAC-SHA256';

const decode = (text: string) => {
  try {
    return decodeURIComponent(text.replace(/\+/g, ' '));
  } catch {
    return text;
  }
};

/** The query's pairs decoded, sorted by name then value and encoded one way (the server does the same). */
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

/** The Authorization header of a request: `url` the path and query as sent, `body` the exact text sent. */
export function authorizationOf(
  credentials: Credentials,
  request: { method: string; url: string; body: string },
  runtime: Runtime,
  at: { timestamp: number; nonce: string } = { timestamp: runtime.now(), nonce: runtime.uuid() },
): string {
  const question = request.url.indexOf('?');
  const text = [
    scheme,
    request.method.toUpperCase(),
    question < 0 ? request.url : request.url.slice(0, question),
    canonicalQuery(question < 0 ? '' : request.url.slice(question + 1)),
    String(at.timestamp),
    at.nonce,
    runtime.sha256Hex(request.body),
  ].join('\n');
  const signature = runtime.hmacSha256Base64url(credentials.clientSecret, text);
  return `${scheme} Credential=${credentials.clientId}, Timestamp=${at.timestamp}, Nonce=${at.nonce}, Signature=${signature}`;
}

/** What goes on the wire for a scenario's request: its body as JSON text, and the headers signing it. */
export function wireRequestOf(
  request: { method: string; url: string; body?: unknown; signedBy?: Credentials },
  runtime: Runtime,
) {
  const body = request.body === undefined ? '' : JSON.stringify(request.body);
  const headers: Record<string, string> = body ? { 'content-type': 'application/json' } : {};
  if (request.signedBy)
    headers.authorization = authorizationOf(
      request.signedBy,
      { method: request.method, url: request.url, body },
      runtime,
    );
  return { method: request.method, url: request.url, body, headers };
}
