import { signRequest } from '@nq/contracts/identity/request-signing';
import createClient, { type Client, type ClientOptions, type Middleware, type PathBasedClient } from 'openapi-fetch';
import type { paths } from './generated/openapi.ts';
import { operations } from './generated/operations.ts';

// The platform's API, typed from contracts/openapi.json (openapi-typescript's types, openapi-fetch's calls) and every
// request signed as docs/api-access.md says: the path and query exactly as sent and the exact body bytes, with the
// client id and secret of a session, a token or an API client. Works wherever fetch and Web Crypto do (Node, browsers);
// reading a credentials file is Node's (./credentials.ts).

export type { paths } from './generated/openapi.ts';
export { operations } from './generated/operations.ts';

/** A client id and its secret: a session's (`POST /login` answers them), a token's or an API client's. */
export interface ClientCredentials {
  clientId: string;
  clientSecret: string;
}

/** The request with its `Authorization` header: the signature of its method, path, query and body as they are sent. */
export async function signedRequest(request: Request, credentials: ClientCredentials): Promise<Request> {
  const url = new URL(request.url);
  const body = request.body ? new Uint8Array(await request.clone().arrayBuffer()) : undefined;
  const authorization = await signRequest(credentials, {
    method: request.method,
    url: url.pathname + url.search,
    ...(body ? { body } : {}),
  });
  const headers = new Headers(request.headers);
  headers.set('authorization', authorization);
  return new Request(request, { headers });
}

/** openapi-fetch middleware signing every request it sends. */
export const signingMiddleware = (credentials: ClientCredentials): Middleware => ({
  onRequest: ({ request }) => signedRequest(request, credentials),
});

/** `fetch` that signs what it sends: for calls the typed client does not make (any method on any path). */
export function signedFetch(credentials: ClientCredentials, fetchImpl: typeof fetch = globalThis.fetch) {
  return async (input: string | URL | Request, init?: RequestInit) =>
    fetchImpl(await signedRequest(new Request(input, init), credentials));
}

type Operations = typeof operations;
export type OperationId = keyof Operations;

/**
 * Each operation as a method named by its operationId (`getProbe`, `calculateScorecard`; docs/api-access.md says how
 * they are named), typed as openapi-fetch types the path's: `{ params: { path, query }, body }` in, `{ data, error,
 * response }` out.
 */
export type OperationsClient = {
  [Id in OperationId]: PathBasedClient<paths>[Operations[Id]['path']][Uppercase<Operations[Id]['method']>];
};

/** openapi-fetch's options, but `credentials` are what to sign with (the API reads no cookie). */
export interface NqClientOptions extends Omit<ClientOptions, 'baseUrl' | 'credentials'> {
  /** Where the platform is: `https://nq.example.com` (its API is at the root of the host). */
  baseUrl: string;
  credentials: ClientCredentials;
}

export interface NqClient extends OperationsClient {
  /** openapi-fetch's client: `api.GET('/probes/{id}', { params: { path: { id } } })`. */
  api: Client<paths>;
}

/** A signed, typed client: `nq.getProbe(...)` by operation, `nq.api.GET('/probes/{id}', ...)` by path. */
export function createNqClient({ credentials, baseUrl, ...options }: NqClientOptions): NqClient {
  const api = createClient<paths>({ ...options, baseUrl: baseUrl.replace(/\/+$/, '') });
  api.use(signingMiddleware(credentials));
  const request = api.request as unknown as (method: string, path: string, init?: unknown) => Promise<unknown>;
  const byOperation = Object.fromEntries(
    Object.entries(operations).map(([id, { method, path }]) => [id, (init?: unknown) => request(method, path, init)]),
  ) as unknown as OperationsClient;
  return { ...byOperation, api };
}
