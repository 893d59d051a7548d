import { z } from 'zod';
import { technologyCode } from '../configuration/common.ts';

// The measurement a probe sends, versioned. The gateway validates each item against it before it enters
// `measurements.raw`; the ingest workers validate again (the topic also takes messages produced directly to Kafka).

export const measurementSchemaVersion = 1;
/** Measurement result sections (docs/product/states.md#measurement-result-sections). */
export const measurementStatuses = [
  'Finished',
  'Cancelled',
  'Pending',
  'Not apply',
  'Error',
  'Valid',
  'Invalid',
] as const;
/** Active (instant) or passive (average; docs/product/entities.md#measurement). */
export const taskModes = ['active', 'passive'] as const;
export const testTypes = [
  'http-download',
  'http-upload',
  'ftp-download',
  'ftp-upload',
  'icmp-ping',
  'tcp-ping',
  'twamp',
  'traceroute',
  'dns',
  'web-browsing',
  'video',
  'voip',
  'gaming',
  'messaging',
] as const;

const id = (max = 128) => z.string().trim().min(1, 'validation.required').max(max, 'validation.tooLong');

/** Why a test ended in error, as its probe tells: what the interface names in the reader's language. */
export const measurementFailureReasons = [
  'timeout',
  'dnsFailure',
  'connectionRefused',
  'connectionLost',
  'noNetwork',
  'serverError',
  'other',
] as const;
export const measurementFailureSchema = z.object({
  reason: z.enum(measurementFailureReasons, { error: 'validation.invalidOption' }),
  /** The probe's own words for it (an HTTP status, a socket error), shown as sent. */
  detail: z.string().trim().min(1, 'validation.required').max(200, 'validation.tooLong').optional(),
});
export type MeasurementFailure = z.output<typeof measurementFailureSchema>;

/**
 * Where a measurement was taken: by this platform's own panel (its probes and agents), or elsewhere and imported (RIPE
 * Atlas, M-Lab's ndt7, an iperf3 run, the Ookla speedtest CLI). Analysts compare or leave out public data by it.
 */
export const measurementSources = ['panel', 'ripe-atlas', 'm-lab', 'iperf3', 'ookla'] as const;
export type MeasurementSource = (typeof measurementSources)[number];
/** A measurement without a source was taken by the panel. */
export const defaultMeasurementSource: MeasurementSource = 'panel';

const count = z
  .number({ error: 'validation.invalidNumber' })
  .int('validation.invalidNumber')
  .min(0, 'validation.tooSmall');
const milliseconds = z.number({ error: 'validation.invalidNumber' }).min(0, 'validation.tooSmall');

/** One hop of a traceroute: the address that answered (none when nothing did) and its round-trip times (ms). */
export const tracerouteHopSchema = z.object({
  hop: count.max(255, 'validation.tooBig'),
  address: z.string().max(64, 'validation.tooLong').optional(),
  rtts: z.array(milliseconds).max(16, 'validation.tooBig').default([]),
});

/**
 * What a test observed beyond its KPIs, for the measurement's detail: kept with it, shown as sent, never aggregated.
 */
export const measurementDetailsSchema = z.object({
  /** Phases of an HTTP exchange, ms from its start: dns, connect, tls, firstByte, total. */
  timings: z.record(z.string().max(32, 'validation.tooLong'), milliseconds).optional(),
  /** Bytes transferred (a page, a throughput test's payload). */
  bytes: count.optional(),
  httpStatus: count.min(100, 'validation.tooSmall').max(599, 'validation.tooBig').optional(),
  /** Packets or requests sent and answered (ping, UDP round trips, a throughput test's connections). */
  sent: count.optional(),
  received: count.optional(),
  /** TCP segments a throughput test's sender had to send again. */
  retransmits: count.optional(),
  /** A DNS answer: its response code (NOERROR, NXDOMAIN…) and records. */
  rcode: z.string().max(32, 'validation.tooLong').optional(),
  answers: z.array(z.string().max(512, 'validation.tooLong')).max(64, 'validation.tooBig').optional(),
  /** A traceroute's hops, in order. */
  hops: z.array(tracerouteHopSchema).max(64, 'validation.tooBig').optional(),
  /** What measured it: the agent or the imported tool, with its version ("nq-probe 1.2.0", "iperf 3.12"). */
  tool: z.string().max(64, 'validation.tooLong').optional(),
  /** An imported result's own reference at its source (a RIPE Atlas measurement and probe, an ndt7 UUID). */
  sourceRef: z.string().max(256, 'validation.tooLong').optional(),
});
export type MeasurementDetails = z.output<typeof measurementDetailsSchema>;

export const measurementSchema = z.object({
  schemaVersion: z.literal(measurementSchemaVersion).default(measurementSchemaVersion),
  measurementId: id(),
  probeId: id(64),
  taskSuite: id().optional(),
  connectionId: id().optional(),
  program: id(),
  testType: z.enum(testTypes, { error: 'validation.invalidOption' }),
  destination: z.object({ name: id(), ip: id(255).optional() }).optional(),
  technology: technologyCode,
  isp: id().optional(),
  imsi: z
    .string()
    .regex(/^\d{14,15}$/, 'providers.imsiFormat')
    .optional(),
  ip: z.string().max(64).optional(),
  measuredAt: z.iso.datetime({ offset: true, error: 'validation.invalidDate' }),
  location: z.object({ lat: z.number().min(-90).max(90), lon: z.number().min(-180).max(180) }).optional(),
  taskMode: z.enum(taskModes, { error: 'validation.invalidOption' }).default('active'),
  status: z.enum(measurementStatuses, { error: 'validation.invalidOption' }),
  /** Why the test failed, when the probe tells (a result of section `Error`). */
  failure: measurementFailureSchema.optional(),
  /** KPI values by KPI id (e.g. `download` in Mbps, `latency` in ms). */
  kpis: z.record(z.string().max(64), z.number({ error: 'validation.invalidNumber' })).default({}),
  device: z.object({ model: id().optional(), appVersion: id(32).optional() }).optional(),
  /**
   * How many devices were connected to the probe's network while it measured
   * (docs/product/entities.md#graphic-filter-set, `connectedDevices`).
   */
  connectedDevices: z.number({ error: 'validation.invalidNumber' }).int('validation.invalidNumber').min(0).optional(),
  /** Who measured it; absent, the panel (`defaultMeasurementSource`). */
  source: z.enum(measurementSources, { error: 'validation.invalidOption' }).optional(),
  details: measurementDetailsSchema.optional(),
});
export type Measurement = z.output<typeof measurementSchema>;

/** Probe states (docs/product/states.md#probe-status), and what a probe reports about itself (heartbeat and status). */
export const probeStatusReportSchema = z.object({
  probeId: id(64),
  reportedAt: z.iso.datetime({ offset: true, error: 'validation.invalidDate' }),
  state: z.enum(['Available', 'Not available', 'Ready', 'Not ready'], { error: 'validation.invalidOption' }),
  technology: technologyCode.optional(),
  operator: id().optional(),
  battery: z.number().min(0).max(100).optional(),
  signal: z.number().min(-150).max(0).optional(),
  softwareVersion: id(32).optional(),
  /** Results the probe holds on its disk, not yet acknowledged by the gateway. */
  bufferedResults: count.optional(),
  /** Results the probe dropped since it started, oldest first, because its disk buffer was full. */
  droppedResults: count.optional(),
  /** The probe's clock minus the platform's (ms), as the probe estimates it from the gateway's answers. */
  clockOffsetMs: z
    .number({ error: 'validation.invalidNumber' })
    .min(-86_400_000, 'validation.tooSmall')
    .max(86_400_000, 'validation.tooBig')
    .optional(),
  location: z.object({ lat: z.number().min(-90).max(90), lon: z.number().min(-180).max(180) }).optional(),
});
export type ProbeStatusReport = z.output<typeof probeStatusReportSchema>;
