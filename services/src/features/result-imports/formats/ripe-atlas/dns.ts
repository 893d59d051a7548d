import type { MeasurementFailure } from '@nq/contracts';
import { z } from 'zod';
import { failureOf } from '../failure-reason.ts';
import { destinationOf } from '../measurement-ends.ts';
import { type ImportedMeasurement, instantOf, invalidField, parsed, type RowOutcome } from '../result-format.ts';
import { readDnsMessage } from './dns-message.ts';
import type { RipeAtlasReading } from './ripe-atlas-result.ts';

/** A resolver's answer: how long it took (ms), how many records, and the message itself (base64). */
const answerSchema = z.looseObject({
  rt: z.number().nonnegative(),
  ANCOUNT: z.number().int().nonnegative().optional(),
  abuf: z.string().optional(),
});
/** No answer: `{ timeout: ms }`, `{ getaddrinfo: text }`, `{ socket: text }`… */
const errorSchema = z.record(z.string(), z.unknown());
const resolverSchema = z.looseObject({
  dst_addr: z.string().optional(),
  /** Unix seconds, when this resolver was asked. */
  time: z.number().int().nonnegative().optional(),
  result: answerSchema.optional(),
  error: errorSchema.optional(),
});
/** One resolver (its answer or error at the top), or several in `resultset`. */
const dnsSchema = resolverSchema.extend({ resultset: z.array(resolverSchema).min(1).optional() });
type Resolver = z.output<typeof resolverSchema>;

function failureOfError(error: Record<string, unknown>): MeasurementFailure {
  const [kind = 'error', said] = Object.entries(error)[0] ?? [];
  if (kind === 'timeout') return { reason: 'timeout', detail: `no answer within ${String(said)} ms` };
  const failure = failureOf(`${kind}: ${String(said ?? '')}`);
  return kind === 'getaddrinfo' ? { ...failure, reason: 'dnsFailure' } : failure;
}

function measurementOf(reading: RipeAtlasReading, resolver: Resolver, part?: string): ImportedMeasurement {
  const at = resolver.time === undefined ? {} : { measuredAt: instantOf(resolver.time) };
  const destination = destinationOf(resolver.dst_addr, resolver.dst_addr);
  if (!resolver.result) {
    const failure = failureOfError(resolver.error ?? {});
    return reading.measurement({ testType: 'dns', status: 'Error', failure, ...at, ...destination }, part);
  }
  const { rt, abuf } = resolver.result;
  const details = abuf ? readDnsMessage(abuf) : {};
  return reading.measurement(
    { testType: 'dns', status: 'Finished', kpis: { resolution: rt }, details, ...at, ...destination },
    part,
  );
}

/**
 * A DNS lookup: per resolver asked, its response time as resolution KPI and, read from the answer's message, its
 * response code and records (a resolver that did not answer: an error, with why). A response code such as NXDOMAIN
 * is an answer, not an error.
 */
export function readDns(reading: RipeAtlasReading, document: unknown): RowOutcome {
  const dns = parsed(dnsSchema, document);
  if ('refusal' in dns) return dns;
  const { resultset, ...single } = dns.data;
  if (resultset)
    return { measurements: resultset.map((resolver, index) => measurementOf(reading, resolver, `resolver=${index}`)) };
  if (!single.result && !single.error) return { refusal: invalidField('result') };
  return { measurements: [measurementOf(reading, single)] };
}
