import type { MeasurementFailure } from '@nq/contracts';

// The words tools use for a test that failed, each pointing to the reason the interface names.
const reasons: [RegExp, MeasurementFailure['reason']][] = [
  [/time(d)?[ -]?out/i, 'timeout'],
  [/refused/i, 'connectionRefused'],
  [/unreachable|no route|network is down/i, 'noNetwork'],
  [/getaddrinfo|resolv|name or service|nxdomain|dns/i, 'dnsFailure'],
  [/reset|broken pipe|closed/i, 'connectionLost'],
];

/** Why a test failed, from a tool's own words (kept as its detail). */
export function failureOf(words: string): MeasurementFailure {
  const detail = words.trim().slice(0, 200);
  const reason = reasons.find(([pattern]) => pattern.test(words))?.[1] ?? 'other';
  return detail ? { reason, detail } : { reason };
}
