/**
 * Compares the Log port's adapters: the two Kafka clients tried on the local broker, and the embedded log:
 *   node load-tests/src/log-clients.bench.ts
 * BENCH_MESSAGES (default 200000), BENCH_IN_FLIGHT produce calls in flight (default 8), BENCH_TIMEOUT_S per phase
 * (default 300). Each run leaves one `bench-*` topic per adapter behind (the port has no way to delete one).
 */
import { randomUUID } from 'node:crypto';
import { openEmbeddedLog } from '@nq/platform/log/embedded/embedded-log';
import { openKafkaLog } from '@nq/platform/log/kafka/kafka-log';
import type { LogMessage, LogPort } from '@nq/platform/log/log-port';
import { openPgliteClient } from '@nq/platform/sql/pglite-client';
import { openKafkajsLog } from './alternatives/kafkajs-log.ts';

const total = Number(process.env.BENCH_MESSAGES ?? 200_000);
const inFlight = Number(process.env.BENCH_IN_FLIGHT ?? 8);
const phaseTimeoutMs = Number(process.env.BENCH_TIMEOUT_S ?? 300) * 1_000;
const batchSize = 500;
const probes = 1_000;
const brokers = [`127.0.0.1:${process.env.NQ_KAFKA_PORT ?? 9092}`];
if (!(Number.isInteger(total) && total > 0 && inFlight > 0))
  throw new Error('BENCH_MESSAGES and BENCH_IN_FLIGHT must be positive integers');

const adapters: { name: string; open: () => Promise<LogPort> }[] = [
  { name: 'kafkajs 2.2.4', open: () => openKafkajsLog({ brokers, clientId: 'bench' }) },
  { name: '@platformatic/kafka 2.12.1 (kept)', open: () => openKafkaLog({ brokers, clientId: 'bench' }) },
  { name: 'embedded log on PGlite', open: async () => openEmbeddedLog(await openPgliteClient()) },
];

function makeMessages(): LogMessage[] {
  return Array.from({ length: total }, (_, seq) => {
    const probeId = `probe-${String(seq % probes).padStart(4, '0')}`;
    const measurement = {
      probeId,
      seq,
      measuredAt: new Date(1_700_000_000_000 + seq * 1_000).toISOString(),
      kpis: { rttMs: 12.5 + (seq % 50), jitterMs: 1.25, lossPct: 0.01, downMbps: 512.75, upMbps: 48.5 },
      cell: { mcc: 208, mnc: 1, lac: 1234, cellId: 56_789 + (seq % 97) },
      pad: '',
    };
    const value = JSON.stringify(measurement);
    measurement.pad = 'x'.repeat(Math.max(0, 300 - value.length - 2));
    return { key: probeId, value: JSON.stringify(measurement), headers: { 'content-type': 'application/json' } };
  });
}

function withDeadline<T>(what: string, work: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} took longer than ${phaseTimeoutMs / 1_000} s`)), phaseTimeoutMs);
  });
  return Promise.race([work, deadline]).finally(() => clearTimeout(timer));
}

async function produceAll(port: LogPort, topic: string, messages: LogMessage[]) {
  let next = 0;
  const worker = async () => {
    while (next < messages.length) {
      const from = next;
      next += batchSize;
      await port.produce(topic, messages.slice(from, from + batchSize));
    }
  };
  const started = performance.now();
  await withDeadline('producing', Promise.all(Array.from({ length: inFlight }, worker)));
  return (performance.now() - started) / 1_000;
}

async function consumeAll(port: LogPort, topic: string) {
  const seen = new Set<string>(); // at least once: a redelivered record is counted once
  let finished = () => {};
  const allSeen = new Promise<void>((resolve) => {
    finished = resolve;
  });
  const started = performance.now();
  const consumer = await port.consume({
    groupId: `bench-${randomUUID()}`,
    topics: [topic],
    startFrom: 'earliest',
    handle: async (records) => {
      for (const record of records) seen.add(`${record.partition}:${record.offset}`);
      if (seen.size >= total) finished();
    },
  });
  try {
    await withDeadline(`consuming (${seen.size} of ${total} handled so far)`, allSeen);
    return (performance.now() - started) / 1_000;
  } finally {
    await consumer.stop();
  }
}

interface Row {
  adapter: string;
  produce: string;
  mbps: string;
  consume: string;
  note: string;
}

async function bench(adapter: (typeof adapters)[number], messages: LogMessage[], bytes: number): Promise<Row> {
  const row: Row = { adapter: adapter.name, produce: '-', mbps: '-', consume: '-', note: '' };
  let port: LogPort | undefined;
  try {
    port = await adapter.open();
    const topic = `bench-${randomUUID()}`;
    await port.ensureTopics([{ name: topic, partitions: 6 }]);
    const produceSeconds = await produceAll(port, topic, messages);
    row.produce = Math.round(total / produceSeconds).toLocaleString('en-US');
    row.mbps = (bytes / produceSeconds / 1e6).toFixed(1);
    const consumeSeconds = await consumeAll(port, topic);
    row.consume = Math.round(total / consumeSeconds).toLocaleString('en-US');
  } catch (error) {
    row.note = error instanceof Error ? error.message : String(error);
  } finally {
    await port?.close().catch(() => undefined);
  }
  return row;
}

function printTable(rows: Row[]) {
  const header: Row = {
    adapter: 'adapter',
    produce: 'produce msg/s',
    mbps: 'produce MB/s',
    consume: 'consume msg/s',
    note: 'note',
  };
  const columns = ['adapter', 'produce', 'mbps', 'consume', 'note'] as const;
  const widths = columns.map((column) => Math.max(...[header, ...rows].map((row) => row[column].length)));
  const line = (row: Row) =>
    columns
      .map((column, i) =>
        column === 'adapter' || column === 'note' ? row[column].padEnd(widths[i]!) : row[column].padStart(widths[i]!),
      )
      .join(' | ')
      .trimEnd();
  console.info([line(header), widths.map((width) => '-'.repeat(width)).join('-|-'), ...rows.map(line)].join('\n'));
}

// Whatever hangs, the benchmark ends by itself.
setTimeout(
  () => {
    console.error('log-clients benchmark: watchdog expired, giving up');
    process.exit(1);
  },
  adapters.length * (2 * phaseTimeoutMs + 60_000),
).unref();
const messages = makeMessages();
const bytes = messages.reduce((sum, { key, value }) => sum + Buffer.byteLength(key) + Buffer.byteLength(value), 0);
console.info(
  `${total.toLocaleString('en-US')} messages of ~${Math.round(bytes / total)} bytes (key + value), ${probes} keys, ` +
    `batches of ${batchSize}, ${inFlight} produce calls in flight, 6 partitions, acks=all idempotent`,
);
const rows: Row[] = [];
for (const adapter of adapters) rows.push(await bench(adapter, messages, bytes));
printTable(rows);
// A client that does not let go of its sockets must not keep the benchmark alive.
setTimeout(() => process.exit(0), 5_000).unref();
