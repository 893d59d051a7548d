import type { MeasurementFailure } from '@nq/contracts';
import { failure } from './results.ts';

const reasonOfCode: Record<string, MeasurementFailure['reason']> = {
  ETIMEDOUT: 'timeout',
  ETIMEOUT: 'timeout',
  ESOCKETTIMEDOUT: 'timeout',
  ENOTFOUND: 'dnsFailure',
  EAI_AGAIN: 'dnsFailure',
  EAI_NONAME: 'dnsFailure',
  EAI_FAIL: 'dnsFailure',
  ECONNREFUSED: 'connectionRefused',
  ECONNRESET: 'connectionLost',
  ECONNABORTED: 'connectionLost',
  EPIPE: 'connectionLost',
  ERR_STREAM_PREMATURE_CLOSE: 'connectionLost',
  ENETUNREACH: 'noNetwork',
  ENETDOWN: 'noNetwork',
  EHOSTUNREACH: 'noNetwork',
  EHOSTDOWN: 'noNetwork',
  EADDRNOTAVAIL: 'noNetwork',
  ERR_HTTP_STATUS: 'serverError',
};

/** An error of its own making, with a code `failureOf` understands. */
export const codedError = (code: string, message: string) => Object.assign(new Error(message), { code });

/** Why a socket, a request or a lookup failed, in the measurement's words; its code and message as the detail. */
export function failureOf(error: unknown): MeasurementFailure {
  const { code, message } = error as { code?: string; message?: string };
  const text = message ?? String(error);
  const detail = code && !text.includes(code) ? `${code}: ${text}` : text;
  // A malformed answer (HPE_*, Node's HTTP parser) is the server's doing.
  const reason = code ? (reasonOfCode[code] ?? (code.startsWith('HPE_') ? 'serverError' : 'other')) : 'other';
  return failure(reason, detail);
}
