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
  type TransferDirection,
  transferTestType,
} from './result-format.ts';

interface Subtest {
  direction: TransferDirection;
  sourceRef: string;
  mbps: number;
  minRttMs?: number;
  lossPercent?: number;
}
/** How and where a test ran: its tool, its time, the probe's public address and ISP, the server. */
interface Ends extends Pick<ImportedMeasurement, 'measuredAt' | 'ip' | 'isp' | 'destination'> {
  tool: string;
}

const valueUnit = z.looseObject({ Value: z.number().nonnegative(), Unit: z.string() });
const subtestSchema = z.looseObject({
  UUID: z.string().min(1),
  Throughput: valueUnit,
  Latency: valueUnit.optional(),
  Retransmission: valueUnit.optional(),
});
/** The ndt7 client's summary (`ndt7-client -format json`, its last line). It says nothing of when it ran. */
const summarySchema = z.looseObject({
  ServerFQDN: z.string().optional(),
  ServerIP: z.string().optional(),
  ClientIP: z.string().optional(),
  Download: subtestSchema.optional(),
  Upload: subtestSchema.optional(),
});
/** A row of M-Lab's BigQuery tables (`ndt7`) or unified views (`unified_downloads`, `unified_uploads`), as exported. */
const rowSchema = z.looseObject({
  id: z.string().optional(),
  a: z.looseObject({
    UUID: z.string().optional(),
    TestTime: z.string(),
    MeanThroughputMbps: z.number().nonnegative(),
    MinRTT: z.number().nonnegative().optional(),
    LossRate: z.number().min(0).max(1).optional(),
  }),
  raw: z
    .looseObject({
      ClientIP: z.string().optional(),
      ServerIP: z.string().optional(),
      Download: z.unknown().optional(),
      Upload: z.unknown().optional(),
    })
    .optional(),
  client: z
    .looseObject({
      IP: z.string().optional(),
      Network: z.looseObject({ ASName: z.string().optional() }).optional(),
    })
    .optional(),
  server: z.looseObject({ Site: z.string().optional(), IP: z.string().optional() }).optional(),
});

const mbpsPerUnit: Record<string, number> = { 'bit/s': 1e-6, 'kbit/s': 1e-3, 'Mbit/s': 1, 'Gbit/s': 1e3 };
const msPerUnit: Record<string, number> = { µs: 1e-3, us: 1e-3, ms: 1, s: 1e3 };

/** A BigQuery TIMESTAMP as exported (`2024-05-02 10:11:12.123456 UTC`, or ISO 8601), as an instant. */
function instantOfTimestamp(text: string): string | undefined {
  const iso = text
    .trim()
    .replace(/ UTC$/, 'Z')
    .replace(' ', 'T')
    .replace(/(\.\d{3})\d+/, '$1');
  const zoned = /(Z|[+-]\d\d:?\d\d)$/.test(iso) ? iso : `${iso}Z`;
  const time = Date.parse(zoned);
  return Number.isNaN(time) ? undefined : new Date(time).toISOString();
}

function measurementOf(settings: FormatSettings, { tool, ...ends }: Ends, subtest: Subtest): ImportedMeasurement {
  const { direction, mbps, minRttMs, lossPercent } = subtest;
  return importedMeasurement(
    ndt7Format,
    settings,
    { sourceRef: subtest.sourceRef, tool },
    {
      ...importProbeOf(settings, 'm-lab-ndt7'),
      testType: transferTestType(direction),
      status: 'Finished',
      kpis: {
        [direction]: rounded(mbps),
        ...(minRttMs !== undefined ? { latency: rounded(minRttMs) } : {}),
        ...(lossPercent !== undefined ? { loss: rounded(lossPercent) } : {}),
      },
      ...ends,
    },
  );
}

function readSummary(result: Record<string, unknown>, settings: FormatSettings): RowOutcome {
  const summary = parsed(summarySchema, result);
  if ('refusal' in summary) return summary;
  const { ServerFQDN, ServerIP, ClientIP } = summary.data;
  if (!settings.measuredAt) return { refusal: { code: 'resultImports.noTime' } };
  const subtests: Subtest[] = [];
  for (const direction of ['download', 'upload'] as const) {
    const field = direction === 'download' ? 'Download' : 'Upload';
    const subtest = summary.data[field];
    if (!subtest) continue;
    const toMbps = mbpsPerUnit[subtest.Throughput.Unit];
    if (toMbps === undefined) return { refusal: invalidField(`${field}.Throughput.Unit`) };
    const toMs = subtest.Latency ? msPerUnit[subtest.Latency.Unit] : 1;
    if (toMs === undefined) return { refusal: invalidField(`${field}.Latency.Unit`) };
    subtests.push({
      direction,
      sourceRef: subtest.UUID,
      mbps: subtest.Throughput.Value * toMbps,
      ...(subtest.Latency ? { minRttMs: subtest.Latency.Value * toMs } : {}),
      ...(subtest.Retransmission ? { lossPercent: subtest.Retransmission.Value } : {}),
    });
  }
  if (subtests.length === 0) return { refusal: invalidField('Download') };
  const server = ServerFQDN || ServerIP;
  const ends: Ends = {
    tool: 'ndt7-client',
    measuredAt: settings.measuredAt,
    ...clientOf(ClientIP),
    ...destinationOf(server, ServerIP),
  };
  return { measurements: subtests.map((subtest) => measurementOf(settings, ends, subtest)) };
}

function readRow(result: Record<string, unknown>, settings: FormatSettings): RowOutcome {
  const row = parsed(rowSchema, result);
  if ('refusal' in row) return row;
  const { id, a, raw, client, server } = row.data;
  const measuredAt = instantOfTimestamp(a.TestTime);
  if (!measuredAt) return { refusal: invalidField('a.TestTime') };
  const direction: TransferDirection | undefined =
    raw?.Download != null ? 'download' : raw?.Upload != null ? 'upload' : settings.direction;
  if (!direction) return { refusal: { code: 'resultImports.noDirection' } };
  const sourceRef = a.UUID || id;
  if (!sourceRef) return { refusal: invalidField('a.UUID') };
  const serverIp = raw?.ServerIP ?? server?.IP;
  const serverName = server?.Site ?? serverIp;
  const ip = raw?.ClientIP ?? client?.IP;
  const isp = client?.Network?.ASName;
  const ends: Ends = {
    tool: 'ndt7 (M-Lab)',
    measuredAt,
    ...clientOf(ip, isp),
    ...destinationOf(serverName, serverIp),
  };
  const subtest: Subtest = {
    direction,
    sourceRef,
    mbps: a.MeanThroughputMbps,
    ...(a.MinRTT !== undefined ? { minRttMs: a.MinRTT } : {}),
    ...(a.LossRate !== undefined ? { lossPercent: a.LossRate * 100 } : {}),
  };
  return { measurements: [measurementOf(settings, ends, subtest)] };
}

/**
 * M-Lab's ndt7 (https://www.measurementlab.net/tests/ndt/ndt7/): the ndt7 client's summary (download and upload, as
 * measured — the time given by the import) or rows exported from M-Lab's BigQuery tables (one test each: the row's
 * `raw.Download` or `raw.Upload` says which, or the import's direction). Throughput in Mbit/s, MinRTT as latency,
 * the loss rate (retransmitted bytes) as loss; the test's UUID is its reference. The client's progress lines
 * (`{"Key": …}`) are passed over.
 */
export const ndt7Format: ResultFormat = {
  name: 'ndt7',
  label: 'ndt7',
  source: 'm-lab',
  namesItsProbes: false,
  read(result, settings) {
    if (!isObject(result)) return { refusal: notAResult(ndt7Format) };
    if ('Key' in result && 'Value' in result) return { measurements: [] };
    if (isObject(result.a)) return readRow(result, settings);
    if ('Download' in result || 'Upload' in result) return readSummary(result, settings);
    return { refusal: notAResult(ndt7Format) };
  },
};
