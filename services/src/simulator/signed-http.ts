import { type StoredSession, signRequest } from '@nq/contracts';

export type Credentials = { clientId: string; clientSecret: string };

/** A signed HTTP client, the way a machine client or a probe calls the platform. */
export function signedClient(base: string, credentials: Credentials) {
  return async (method: string, path: string, body?: unknown) => {
    const text = body === undefined ? undefined : JSON.stringify(body);
    const authorization = await signRequest(credentials, { method, url: path, ...(text ? { body: text } : {}) });
    const response = await fetch(`${base}${path}`, {
      method,
      headers: { authorization, ...(text ? { 'content-type': 'application/json' } : {}) },
      ...(text ? { body: text } : {}),
    });
    const answer = response.status === 304 ? null : await response.json().catch(() => null);
    return { status: response.status, body: answer as Record<string, unknown> | null };
  };
}

export type SignedClient = ReturnType<typeof signedClient>;

/** Logs in at `base` as the console does: the session whose credentials sign the next requests. */
export async function logIn(base: string, login: { email: string; password: string }): Promise<StoredSession> {
  const response = await fetch(`${base}/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: login.email, password: login.password }),
  });
  if (response.status !== 200) throw new Error(`login failed: ${response.status} ${await response.text()}`);
  return (await response.json()) as StoredSession;
}
