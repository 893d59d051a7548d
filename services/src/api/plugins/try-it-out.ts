import type { signRequest } from '@nq/contracts/identity/request-signing';

// Swagger UI's "Try it out" at /docs, signed in the browser. This module is served to the page as it is, its types
// stripped (openapi.ts): it imports nothing at run time, the page hands it the contracts' `signRequest` (served the
// same way), so the page signs exactly as every other client does.
//
// The page's Authorize dialog takes a client id (as user name) and its secret (as password) under the `tryItOut`
// scheme (HTTP basic, declared in the page's copy of the document only); Swagger UI puts them in a Basic
// Authorization header, which this replaces with the request's signature before anything is sent: the secret never
// leaves the page.

/** The request as Swagger UI hands it to its `requestInterceptor` (swagger-client's request object). */
export interface SwaggerRequest {
  url: string;
  method: string;
  headers: Record<string, string>;
  body?: unknown;
  [other: string]: unknown;
}

const isRawBody = (body: unknown) =>
  typeof body === 'string' ||
  body instanceof Blob ||
  body instanceof ArrayBuffer ||
  ArrayBuffer.isView(body) ||
  body instanceof URLSearchParams ||
  body instanceof FormData;

/** The client id and secret of a Basic Authorization header: what the Authorize dialog took. */
export function basicCredentials(header: string | undefined) {
  const encoded = header && /^Basic\s+([A-Za-z0-9+/=]+)$/i.exec(header.trim())?.[1];
  if (!encoded) return undefined;
  const decoded = new TextDecoder().decode(Uint8Array.from(atob(encoded), (character) => character.charCodeAt(0)));
  const at = decoded.indexOf(':');
  return at > 0 ? { clientId: decoded.slice(0, at), clientSecret: decoded.slice(at + 1) } : undefined;
}

/**
 * The request signed with the credentials of its Basic Authorization header (unchanged without one): its URL as fetch
 * will send it, and the signature of that path and query and of the exact body, in place of the credentials.
 */
export async function signTryItOutRequest(
  request: SwaggerRequest,
  sign: typeof signRequest,
  base: string = globalThis.location?.href ?? 'http://localhost/',
): Promise<SwaggerRequest> {
  const name = Object.keys(request.headers).find((header) => header.toLowerCase() === 'authorization');
  const credentials = basicCredentials(name ? request.headers[name] : undefined);
  if (!name || !credentials) return request;
  // What fetch sends: the URL normalised, a body object as JSON text.
  const url = new URL(request.url, base);
  const body =
    request.body === undefined || request.body === null || isRawBody(request.body)
      ? request.body
      : JSON.stringify(request.body);
  const bytes =
    body === undefined || body === null
      ? undefined
      : typeof body === 'string'
        ? body
        : new Uint8Array(await new Response(body as BodyInit).arrayBuffer());
  const headers = { ...request.headers };
  delete headers[name];
  headers.Authorization = await sign(credentials, {
    method: request.method,
    url: url.pathname + url.search,
    ...(bytes === undefined ? {} : { body: bytes }),
  });
  return { ...request, url: url.href, headers, ...(body === undefined ? {} : { body: bytes }) };
}
