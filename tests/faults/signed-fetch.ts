import { signRequest } from '@nq/contracts';

export interface Credentials {
  clientId: string;
  clientSecret: string;
}

export interface Answer {
  /** 0 when no answer came (refused, cut off, timed out). */
  status: number;
  body: Record<string, unknown> | null;
}

/**
 * A signed call the way a probe or the console makes one, that never throws: a connection refused or cut off, or no
 * answer within `timeoutMs`, is status 0 (the caller does not know whether the platform took it).
 */
export function signedFetch(base: () => string, credentials: Credentials, timeoutMs = 15_000) {
  return async (
    method: string,
    path: string,
    payload?: unknown,
    headers: Record<string, string> = {},
  ): Promise<Answer> => {
    const body = payload === undefined ? undefined : JSON.stringify(payload);
    try {
      const authorization = await signRequest(credentials, { method, url: path, ...(body ? { body } : {}) });
      const response = await fetch(`${base()}${path}`, {
        method,
        headers: { ...headers, authorization, ...(body ? { 'content-type': 'application/json' } : {}) },
        signal: AbortSignal.timeout(timeoutMs),
        ...(body ? { body } : {}),
      });
      const text = await response.text();
      let parsed: Record<string, unknown> | null = null;
      try {
        parsed = JSON.parse(text) as Record<string, unknown>;
      } catch {}
      return { status: response.status, body: parsed };
    } catch {
      return { status: 0, body: null };
    }
  };
}

/** Logs in with e-mail and password, retrying while the platform cannot answer yet; resolves to the session's keys. */
export async function logIn(base: string, login: { email: string; password: string }, timeoutMs = 120_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const answer = await fetch(`${base}/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(login),
    }).catch(() => undefined);
    if (answer?.ok) return ((await answer.json()) as { data: Credentials }).data;
    if (Date.now() > deadline)
      throw new Error(`login as ${login.email}: ${answer?.status ?? 'no answer'} ${await answer?.text()}`);
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}
