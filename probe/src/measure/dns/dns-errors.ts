import type { MeasurementFailure } from '@nq/contracts';
import { failure } from '../results.ts';

export interface DnsErrorMeaning {
  /** The response code the server answered with; none when no answer came. */
  rcode?: string;
  /** Undefined: not a failure (the name exists, with no record of the type asked). */
  failure?: MeasurementFailure;
}

const rcodeOfCode: Record<string, string> = {
  ENOTFOUND: 'NXDOMAIN',
  ESERVFAIL: 'SERVFAIL',
  EREFUSED: 'REFUSED',
  EFORMERR: 'FORMERR',
  ENOTIMP: 'NOTIMP',
};

/** What a `node:dns` resolver error says of the answer: its rcode and the failure, if it is one. */
export function dnsErrorMeaning(error: unknown): DnsErrorMeaning {
  const { code = 'unknown', message = String(error) } = error as { code?: string; message?: string };
  if (code === 'ENODATA') return { rcode: 'NOERROR' };
  const rcode = rcodeOfCode[code];
  if (rcode) return { rcode, failure: failure('dnsFailure', `${rcode}: ${message}`) };
  if (code === 'ETIMEOUT') return { failure: failure('timeout', `no answer from the DNS server: ${message}`) };
  if (code === 'ECONNREFUSED') return { failure: failure('connectionRefused', message) };
  if (code === 'EBADRESP') return { failure: failure('serverError', message) };
  return { failure: failure('other', message) };
}
