import type { MeasurementFailure } from '@nq/contracts';
import { z } from 'zod';
import { failureOf } from '../failure-reason.ts';
import { destinationOf } from '../measurement-ends.ts';
import { type ImportedMeasurement, instantOf, invalidField, parsed, type RowOutcome } from '../result-format.ts';
import type { RipeAtlasReading } from './ripe-atlas-result.ts';

/** One exchange (one per address asked): its times in ms, status, body size, or what went wrong. */
const exchangeSchema = z.looseObject({
  /** From the start to the end of the response. */
  rt: z.number().nonnegative().optional(),
  res: z.number().int().optional(),
  bsize: z.number().int().nonnegative().optional(),
  /** To resolve the name, to connect, to the first byte of the response. */
  ttr: z.number().nonnegative().optional(),
  ttc: z.number().nonnegative().optional(),
  ttfb: z.number().nonnegative().optional(),
  err: z.string().optional(),
  dnserr: z.string().optional(),
  dst_addr: z.string().optional(),
  time: z.number().int().nonnegative().optional(),
});
const httpSchema = z.looseObject({ uri: z.string().optional(), result: z.array(exchangeSchema).min(1) });
type Exchange = z.output<typeof exchangeSchema>;

const hostOf = (uri: string | undefined) => (uri && URL.canParse(uri) ? new URL(uri).host : undefined);

function failureOfExchange({ err, dnserr, res }: Exchange): MeasurementFailure | undefined {
  if (dnserr) return { ...failureOf(dnserr), reason: 'dnsFailure' };
  if (err) return failureOf(err);
  if (res !== undefined && res >= 400) return { reason: res >= 500 ? 'serverError' : 'other', detail: `HTTP ${res}` };
  return undefined;
}

function measurementOf(reading: RipeAtlasReading, uri: string | undefined, exchange: Exchange, index: number) {
  const destination = destinationOf(hostOf(uri) ?? exchange.dst_addr, exchange.dst_addr);
  const at = exchange.time === undefined ? {} : { measuredAt: instantOf(exchange.time) };
  const timings = Object.fromEntries(
    Object.entries({ dns: exchange.ttr, connect: exchange.ttc, firstByte: exchange.ttfb, total: exchange.rt }).filter(
      ([, value]) => value !== undefined,
    ),
  ) as Record<string, number>;
  const status = exchange.res;
  const details = {
    ...(Object.keys(timings).length > 0 ? { timings } : {}),
    ...(status !== undefined && status >= 100 && status <= 599 ? { httpStatus: status } : {}),
    ...(exchange.bsize !== undefined ? { bytes: exchange.bsize } : {}),
  };
  const part = `exchange=${index}`;
  const failure = failureOfExchange(exchange);
  const shared = { testType: 'web-browsing', details, ...destination, ...at } as const;
  if (failure) return reading.measurement({ ...shared, status: 'Error', failure }, part);
  if (exchange.rt === undefined) return undefined;
  return reading.measurement({ ...shared, status: 'Finished', kpis: { loadTime: exchange.rt } }, part);
}

/**
 * An HTTP request: per exchange, its total time as the page's load time, its phases' times, status and body size.
 * An error, a name that did not resolve or a 4xx/5xx status make an error (without load time).
 */
export function readHttp(reading: RipeAtlasReading, document: unknown): RowOutcome {
  const http = parsed(httpSchema, document);
  if ('refusal' in http) return http;
  const { uri, result } = http.data;
  const measurements: ImportedMeasurement[] = [];
  for (const [index, exchange] of result.entries()) {
    const measurement = measurementOf(reading, uri, exchange, index);
    if (!measurement) return { refusal: invalidField(`result.${index}.rt`) };
    measurements.push(measurement);
  }
  return { measurements };
}
