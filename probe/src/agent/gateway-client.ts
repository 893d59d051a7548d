import { gatewayBasePath, probeCredentialsSchema, probeHeaders, signRequest } from '@nq/contracts';
import type { ClockOffset } from './clock-offset.ts';
import type { StoredCredentials } from './credentials-file.ts';

/** The gateway cannot take the request now (429, 503): the probe waits `afterMs` and sends it again. */
export class RetryLater extends Error {
  readonly afterMs: number;
  readonly status: number;
  constructor(afterMs: number, status: number) {
    super(`the gateway answered ${status}: again in ${Math.round(afterMs / 1000)} s`);
    this.afterMs = afterMs;
    this.status = status;
  }
}

/** The gateway could not be reached, or failed (5xx): the probe keeps what it has and tries again later. */
export class GatewayUnavailable extends Error {}

export interface GatewayAnswer {
  status: number;
  body: unknown;
  headers: Headers;
}

export interface GatewayClientOptions {
  gatewayUrl: string;
  credentials: () => StoredCredentials;
  /** Saves renewed credentials (durably) before the client uses them. */
  saveCredentials: (credentials: StoredCredentials) => Promise<void>;
  clock: ClockOffset;
  userAgent: string;
  /** How long a request may take (ms). */
  timeoutMs?: number;
  /** Renew the credentials when they have less than this left (ms). Default: 7 days. */
  renewBeforeMs?: number;
  log?: (line: string) => void;
}

/** `Retry-After` in seconds or as an HTTP date, else the default. */
export function retryAfterMs(header: string | null, fallbackMs: number, now = Date.now()) {
  if (!header) return fallbackMs;
  const seconds = Number(header);
  if (Number.isFinite(seconds)) return Math.max(0, seconds * 1000);
  const at = Date.parse(header);
  return Number.isNaN(at) ? fallbackMs : Math.max(0, at - now);
}

const codeOf = (body: unknown) =>
  typeof body === 'object' && body !== null ? (body as { code?: unknown }).code : undefined;

/**
 * Calls the probe gateway as the probe: each request signed with its credentials at the platform's time (its clock's
 * offset taken out), the offset learned from every answer; credentials renewed before they end, or when refused as
 * ended; `RetryLater` on 429/503 with the wait the gateway asked for, `GatewayUnavailable` when unreachable or failing.
 */
export function gatewayClient(options: GatewayClientOptions) {
  const { clock, log = () => undefined } = options;
  const timeoutMs = options.timeoutMs ?? 30_000;
  const renewBeforeMs = options.renewBeforeMs ?? 7 * 86_400_000;
  let renewing: Promise<void> | undefined;

  async function send(method: string, path: string, body?: unknown, headers: Record<string, string> = {}) {
    const url = `${gatewayBasePath}${path}`;
    const text = body === undefined ? undefined : JSON.stringify(body);
    const authorization = await signRequest(
      options.credentials(),
      { method, url, ...(text === undefined ? {} : { body: text }) },
      clock.platformNow(),
    );
    const sentAt = Date.now();
    let response: Response;
    try {
      response = await fetch(new URL(url, options.gatewayUrl), {
        method,
        headers: {
          authorization,
          'user-agent': options.userAgent,
          ...(text === undefined ? {} : { 'content-type': 'application/json' }),
          ...headers,
        },
        ...(text === undefined ? {} : { body: text }),
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch (error) {
      throw new GatewayUnavailable(`gateway unreachable: ${(error as Error).message}`);
    }
    const answeredAt = Date.now();
    const serverTime = Number(response.headers.get(probeHeaders.serverTime));
    if (response.headers.has(probeHeaders.serverTime)) clock.observe(sentAt, answeredAt, serverTime);
    const answer = response.status === 304 ? null : await response.json().catch(() => null);
    return { status: response.status, body: answer, headers: response.headers };
  }

  /** New credentials from the gateway, saved before they are used; one renewal at a time. */
  function renew() {
    renewing ??= (async () => {
      const answer = await send('POST', '/credentials');
      if (answer.status !== 201) throw new Error(`credentials not renewed: ${answer.status} ${codeOf(answer.body)}`);
      const renewed = probeCredentialsSchema.parse(answer.body);
      await options.saveCredentials(renewed);
      log(`credentials renewed, valid until ${renewed.expiresAt}`);
    })().finally(() => {
      renewing = undefined;
    });
    return renewing;
  }

  const endingSoon = (headers: Headers) => {
    const endsAt = Date.parse(headers.get(probeHeaders.credentialsExpireAt) ?? '');
    return Number.isFinite(endsAt) && endsAt - clock.platformNow() < renewBeforeMs;
  };

  return {
    /** A gateway call (path under the gateway's base); answers 2xx, 3xx and 4xx, throws on what is worth retrying. */
    async request(method: string, path: string, body?: unknown, headers?: Record<string, string>) {
      let answer = await send(method, path, body, headers);
      const code = codeOf(answer.body);
      if (answer.status === 401 && code === 'auth.staleRequest') {
        // Our clock is off by more than the gateway allows: its answer carried its time, the offset is known now.
        answer = await send(method, path, body, headers);
      } else if (answer.status === 401 && code === 'auth.sessionExpired') {
        await renew();
        answer = await send(method, path, body, headers);
      }
      if (answer.status === 429 || answer.status === 503)
        throw new RetryLater(retryAfterMs(answer.headers.get('retry-after'), 5_000), answer.status);
      if (answer.status >= 500) throw new GatewayUnavailable(`the gateway answered ${answer.status}`);
      if (answer.status < 300 && endingSoon(answer.headers))
        void renew().catch((error: Error) => log(`credentials not renewed yet: ${error.message}`));
      return answer as GatewayAnswer;
    },
  };
}

export type GatewayClient = ReturnType<typeof gatewayClient>;
