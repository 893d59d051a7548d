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
  location: z.object({ lat: z.number().min(-90).max(90), lon: z.number().min(-180).max(180) }).optional(),
});
export type ProbeStatusReport = z.output<typeof probeStatusReportSchema>;
