import { signRequest } from '@nq/contracts';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';

export interface Credentials {
  clientId: string;
  clientSecret: string;
}

/** Calls the API the way the console does: every request signed with a session's (or token's) credentials. */
export interface SignedClient {
  inject(request: string | InjectOptions): Promise<LightMyRequestResponse>;
  close(): Promise<void>;
  readonly credentials: Credentials;
}

export function signedClient(app: FastifyInstance, credentials: Credentials): SignedClient {
  return {
    async inject(request) {
      const options: InjectOptions = typeof request === 'string' ? { method: 'GET', url: request } : { ...request };
      const url = typeof options.url === 'string' ? options.url : String(options.url ?? '/');
      const payload = options.payload;
      const body =
        payload === undefined
          ? undefined
          : typeof payload === 'string' || Buffer.isBuffer(payload)
            ? payload
            : JSON.stringify(payload);
      const headers = { ...(options.headers as Record<string, string> | undefined) };
      if (body !== undefined && typeof payload === 'object' && !Buffer.isBuffer(payload))
        headers['content-type'] ??= 'application/json';
      headers.authorization ??= await signRequest(credentials, {
        method: options.method ?? 'GET',
        url,
        ...(body !== undefined ? { body: typeof body === 'string' ? body : new Uint8Array(body) } : {}),
      });
      return app.inject({ ...options, url, headers, ...(body !== undefined ? { payload: body } : {}) });
    },
    close: () => app.close(),
    credentials,
  };
}
