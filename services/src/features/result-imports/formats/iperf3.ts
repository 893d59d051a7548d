import { z } from 'zod';
import { failureOf } from './failure-reason.ts';
import { destinationOf, importProbeOf } from './measurement-ends.ts';
import {
  type FormatSettings,
  type ImportedMeasurement,
  importedMeasurement,
  instantOf,
  isObject,
  notAResult,
  parsed,
  type ResultFormat,
  type RowOutcome,
  rounded,
  type TransferDirection,
  transferTestType,
} from './result-format.ts';

const tcpSumSchema = z.looseObject({
  bits_per_second: z.number().nonnegative(),
  bytes: z.number().int().nonnegative().optional(),
  retransmits: z.number().int().nonnegative().optional(),
});
const udpSumSchema = z.looseObject({
  bits_per_second: z.number().nonnegative(),
  bytes: z.number().int().nonnegative().optional(),
  jitter_ms: z.number().nonnegative().optional(),
  lost_packets: z.number().int().nonnegative().optional(),
  packets: z.number().int().nonnegative().optional(),
  lost_percent: z.number().min(0).max(100).optional(),
});
/** `iperf3 -J` (https://iperf.fr/iperf-doc.php): the test as started, and its totals at the end. */
const iperfSchema = z.looseObject({
  start: z.looseObject({
    version: z.string().optional(),
    timestamp: z.looseObject({ timesecs: z.number().int().nonnegative() }).optional(),
    cookie: z.string().optional(),
    connecting_to: z.looseObject({ host: z.string() }).optional(),
    connected: z.array(z.looseObject({ remote_host: z.string().optional() })).optional(),
    test_start: z
      .looseObject({
        protocol: z.string().optional(),
        reverse: z.number().optional(),
        bidir: z.number().optional(),
      })
      .optional(),
  }),
  end: z
    .looseObject({
      sum_sent: tcpSumSchema.optional(),
      sum_received: tcpSumSchema.optional(),
      sum_sent_bidir_reverse: tcpSumSchema.optional(),
      sum_received_bidir_reverse: tcpSumSchema.optional(),
      /** UDP: the receiver's view of the whole test. */
      sum: udpSumSchema.optional(),
    })
    .optional(),
  error: z.string().optional(),
});
type Iperf = z.output<typeof iperfSchema>;

/** A TCP direction: what its receiver got, and how often its sender sent again. */
function tcpResult(sent: z.output<typeof tcpSumSchema> | undefined, received: z.output<typeof tcpSumSchema>) {
  return {
    kpis: { mbps: received.bits_per_second / 1e6 },
    details: {
      ...(received.bytes !== undefined ? { bytes: received.bytes } : {}),
      ...(sent?.retransmits !== undefined ? { retransmits: sent.retransmits } : {}),
    },
  };
}

/** A UDP test: throughput, jitter and loss as its receiver saw them, its datagrams sent and received. */
function udpResult(sum: z.output<typeof udpSumSchema>) {
  const { packets, lost_packets: lost } = sum;
  return {
    kpis: {
      mbps: sum.bits_per_second / 1e6,
      ...(sum.jitter_ms !== undefined ? { jitter: rounded(sum.jitter_ms) } : {}),
      ...(sum.lost_percent !== undefined ? { loss: rounded(sum.lost_percent) } : {}),
    },
    details: {
      ...(sum.bytes !== undefined ? { bytes: sum.bytes } : {}),
      ...(packets !== undefined && lost !== undefined && lost <= packets
        ? { sent: packets, received: packets - lost }
        : {}),
    },
  };
}

type DirectionResult = ReturnType<typeof tcpResult> | ReturnType<typeof udpResult>;

/** Each direction the test measured, from the client's side (the probe): it sends (upload) unless reversed. */
function directionsOf({ start, end }: Iperf): [TransferDirection, DirectionResult | undefined][] {
  const options = start.test_start ?? {};
  if (options.protocol?.toUpperCase() === 'UDP')
    return [[options.reverse ? 'download' : 'upload', end?.sum ? udpResult(end.sum) : undefined]];
  const forward = end?.sum_received ? tcpResult(end.sum_sent, end.sum_received) : undefined;
  if (!options.bidir) return [[options.reverse ? 'download' : 'upload', forward]];
  const reverse = end?.sum_received_bidir_reverse
    ? tcpResult(end.sum_sent_bidir_reverse, end.sum_received_bidir_reverse)
    : undefined;
  return [
    ['upload', forward],
    ['download', reverse],
  ];
}

function readIperf(result: unknown, settings: FormatSettings): RowOutcome {
  const iperf = parsed(iperfSchema, result);
  if ('refusal' in iperf) return iperf;
  const { start, error } = iperf.data;
  const seconds = start.timestamp?.timesecs;
  const measuredAt = seconds === undefined ? settings.measuredAt : instantOf(seconds);
  if (!measuredAt) return { refusal: { code: 'resultImports.noTime' } };
  const host = start.connecting_to?.host;
  const reference = start.cookie || `${host ?? 'server'} ${measuredAt}`;
  const measurement = (direction: TransferDirection, fields: Partial<ImportedMeasurement>) =>
    importedMeasurement(
      iperf3Format,
      settings,
      { sourceRef: `${reference} ${direction}`, tool: start.version ?? 'iperf3' },
      {
        ...importProbeOf(settings, 'iperf3'),
        testType: transferTestType(direction),
        measuredAt,
        status: 'Finished',
        ...destinationOf(host, start.connected?.[0]?.remote_host),
        ...fields,
      },
    );
  const measurements = directionsOf(iperf.data).map(([direction, measured]) => {
    if (error || !measured) {
      const failure = failureOf(error ?? 'the test ended without its totals');
      return measurement(direction, { status: 'Error', failure });
    }
    const { mbps, ...others } = measured.kpis;
    return measurement(direction, { kpis: { [direction]: rounded(mbps), ...others }, details: measured.details });
  });
  return { measurements };
}

/**
 * `iperf3 -J` output, one test per JSON document (several may follow each other in one file): throughput as its
 * receiver measured it, download or upload from the client's side (`start.test_start.reverse`; both for `--bidir`),
 * the sender's retransmissions, UDP's jitter and loss; the tool's version from `start.version`, the test's cookie as
 * its reference. A test that failed (`error`) becomes an error with iperf3's words.
 */
export const iperf3Format: ResultFormat = {
  name: 'iperf3',
  label: 'iperf3',
  source: 'iperf3',
  namesItsProbes: false,
  read(result, settings) {
    if (!isObject(result) || !isObject(result.start)) return { refusal: notAResult(iperf3Format) };
    return readIperf(result, settings);
  },
};
