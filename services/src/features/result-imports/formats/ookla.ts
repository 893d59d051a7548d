import { z } from 'zod';
import { clientOf, destinationOf, importProbeOf } from './measurement-ends.ts';
import {
  type FormatSettings,
  type ImportedMeasurement,
  importedMeasurement,
  invalidField,
  isObject,
  notAResult,
  parsed,
  type ResultFormat,
  type RowOutcome,
  rounded,
} from './result-format.ts';

/** bytes per second, as the CLI reports throughput. */
const transferSchema = z.looseObject({
  bandwidth: z.number().nonnegative(),
  bytes: z.number().int().nonnegative().optional(),
});
/** `speedtest --format=json` (Ookla's Speedtest CLI): one result per run. */
const ooklaSchema = z.looseObject({
  type: z.literal('result'),
  timestamp: z.string(),
  ping: z.looseObject({ latency: z.number().nonnegative(), jitter: z.number().nonnegative().optional() }),
  download: transferSchema,
  upload: transferSchema,
  packetLoss: z.number().min(0).max(100).optional(),
  isp: z.string().optional(),
  interface: z.looseObject({ externalIp: z.string().optional() }).optional(),
  server: z
    .looseObject({ name: z.string().optional(), host: z.string().optional(), ip: z.string().optional() })
    .optional(),
  result: z.looseObject({ id: z.string().min(1) }),
});

const megabitsPerSecond = (bytesPerSecond: number) => rounded((bytesPerSecond * 8) / 1e6);

function readResult(result: unknown, settings: FormatSettings): RowOutcome {
  const run = parsed(ooklaSchema, result);
  if ('refusal' in run) return run;
  const { timestamp, ping, download, upload, packetLoss, isp, server } = run.data;
  const time = Date.parse(timestamp);
  if (Number.isNaN(time)) return { refusal: invalidField('timestamp') };
  const measurement = (part: string, fields: Pick<ImportedMeasurement, 'testType' | 'kpis' | 'details'>) =>
    importedMeasurement(
      ooklaFormat,
      settings,
      { sourceRef: `${run.data.result.id} ${part}`, tool: 'Ookla Speedtest CLI' },
      {
        ...importProbeOf(settings, 'ookla'),
        measuredAt: new Date(time).toISOString(),
        status: 'Finished',
        ...clientOf(run.data.interface?.externalIp, isp),
        ...destinationOf(server?.name || server?.host, server?.ip),
        ...fields,
      },
    );
  const bytes = (transfer: z.output<typeof transferSchema>) =>
    transfer.bytes !== undefined ? { bytes: transfer.bytes } : {};
  return {
    measurements: [
      measurement('download', {
        testType: 'http-download',
        kpis: { download: megabitsPerSecond(download.bandwidth) },
        details: bytes(download),
      }),
      measurement('upload', {
        testType: 'http-upload',
        kpis: { upload: megabitsPerSecond(upload.bandwidth) },
        details: bytes(upload),
      }),
      measurement('ping', {
        testType: 'tcp-ping',
        kpis: {
          latency: ping.latency,
          ...(ping.jitter !== undefined ? { jitter: ping.jitter } : {}),
          ...(packetLoss !== undefined ? { loss: rounded(packetLoss) } : {}),
        },
      }),
    ],
  };
}

/**
 * Ookla's Speedtest CLI (`speedtest --format=json`): each run makes three measurements — download and upload
 * (bandwidth in bytes/s, ×8, in Mbit/s) and its idle ping over TCP (latency, jitter, packet loss when measured) —,
 * with the ISP it reports and its server as destination; the result id is its reference. Its log lines
 * (`"type": "log"`) are passed over.
 */
export const ooklaFormat: ResultFormat = {
  name: 'ookla',
  label: 'Ookla Speedtest',
  source: 'ookla',
  namesItsProbes: false,
  read(result, settings) {
    if (!isObject(result)) return { refusal: notAResult(ooklaFormat) };
    if (result.type === 'log') return { measurements: [] };
    if (result.type !== 'result') return { refusal: notAResult(ooklaFormat) };
    return readResult(result, settings);
  },
};
