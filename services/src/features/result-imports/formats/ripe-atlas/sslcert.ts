import type { MeasurementFailure } from '@nq/contracts';
import { z } from 'zod';
import { failureOf } from '../failure-reason.ts';
import { parsed, type RowOutcome } from '../result-format.ts';
import type { RipeAtlasReading } from './ripe-atlas-result.ts';

const sslcertSchema = z.looseObject({
  /** ms to connect (TCP). */
  ttc: z.number().nonnegative().optional(),
  /** ms from the start of the connection to the server's certificate (the TLS handshake's round trips included). */
  rt: z.number().nonnegative().optional(),
  err: z.string().optional(),
  alert: z.looseObject({ level: z.number().optional(), description: z.number().optional() }).optional(),
});

/**
 * An SSL certificate fetch measures no certificate quality the platform has a KPI for, but its TCP connect time is a
 * round trip to the server: it becomes a TCP ping (latency = `ttc`), the handshake's time kept as its `tls` timing.
 * An error or a TLS alert makes an error.
 */
export function readSslcert(reading: RipeAtlasReading, document: unknown): RowOutcome {
  const sslcert = parsed(sslcertSchema, document);
  if ('refusal' in sslcert) return sslcert;
  const { ttc, rt, err, alert } = sslcert.data;
  const timings = { ...(ttc !== undefined ? { connect: ttc } : {}), ...(rt !== undefined ? { tls: rt } : {}) };
  const details = Object.keys(timings).length > 0 ? { timings } : {};
  const failure: MeasurementFailure | undefined = err
    ? failureOf(err)
    : alert
      ? { reason: 'other', detail: `TLS alert ${alert.description ?? ''}`.trim() }
      : undefined;
  if (failure)
    return { measurements: [reading.measurement({ testType: 'tcp-ping', status: 'Error', failure, details })] };
  const kpis: Record<string, number> = ttc !== undefined ? { latency: ttc } : {};
  return { measurements: [reading.measurement({ testType: 'tcp-ping', status: 'Finished', kpis, details })] };
}
