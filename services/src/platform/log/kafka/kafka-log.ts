/**
 * The Kafka adapter of the Log port, on @platformatic/kafka (maintained, pure JS). It was kept over kafkajs
 * (unmaintained since 2023) after both passed the contract suite on Kafka 4.1 and this one produced faster
 * (load-tests/src/log-clients.bench.ts; figures in the README).
 */
import { once } from 'node:events';
import {
  Admin,
  Consumer,
  compatibilityPartitioner,
  type Message,
  type MessagesStream,
  Producer,
  stringDeserializers,
  stringSerializers,
} from '@platformatic/kafka';
import type { ConsumerOptions, LogConsumer, LogMessage, LogPort, LogRecord } from '../log-port.ts';
import { backOff, defaultMaxBatchSize, groupTimings, handleUntilDone, retryDelayMs } from './shared.ts';

type StringMessage = Message<string, string, string, string>;
type StringStream = MessagesStream<string, string, string, string>;

/** Records buffered per member before fetching pauses (at least): enough for a full batch of each partition at once. */
const minHighWater = 2_000;

/**
 * The most one send carries (keys, values and headers, plus a margin per record). The broker refuses for good a
 * partition's batch over `message.max.bytes` (1 MiB by default), and a produce call may put all its messages on one
 * partition (one key; or the ingest worker's batch of one partition, re-keyed by probe onto as many partitions).
 */
const maxSendBytes = 900_000;
const recordMarginBytes = 64;

type OutgoingMessage = LogMessage & { topic: string };

const bytesOf = ({ key, value, headers }: OutgoingMessage) =>
  Buffer.byteLength(key) +
  Buffer.byteLength(value) +
  Object.entries(headers ?? {}).reduce(
    (sum, [name, text]) => sum + Buffer.byteLength(name) + Buffer.byteLength(text),
    0,
  ) +
  recordMarginBytes;

/** Consecutive runs of messages of at most `maxSendBytes` each (a larger message alone). */
function sendsOf(messages: OutgoingMessage[]) {
  const sends: OutgoingMessage[][] = [[]];
  let bytes = 0;
  for (const message of messages) {
    const size = bytesOf(message);
    if (bytes + size > maxSendBytes && sends.at(-1)!.length > 0) {
      sends.push([]);
      bytes = 0;
    }
    sends.at(-1)!.push(message);
    bytes += size;
  }
  return sends;
}

const toRecord = (message: StringMessage): LogRecord => ({
  topic: message.topic,
  partition: message.partition,
  offset: message.offset.toString(),
  timestamp: Number(message.timestamp),
  key: message.key ?? '',
  value: message.value ?? '',
  ...(message.headers.size > 0 ? { headers: Object.fromEntries(message.headers) } : {}),
});

const warn = (what: string) => (error: unknown) =>
  console.warn(`kafka (@platformatic/kafka) ${what}:`, error instanceof Error ? error.message : error);

export async function openKafkaLog(options: { brokers: string[]; clientId: string }): Promise<LogPort> {
  const base = { clientId: options.clientId, bootstrapBrokers: options.brokers };
  const admin = new Admin(base);
  admin.on('error', warn('admin'));
  await admin.metadata({ topics: [] });
  const producer = new Producer({
    ...base,
    idempotent: true, // implies acks=all
    serializers: stringSerializers,
    // murmur2 exactly as the Java client (and kafkajs) hash keys, so every client puts a key on the same partition.
    partitioner: compatibilityPartitioner,
    // Idempotence otherwise retries forever; bound it so produce() fails during a long outage instead of hanging.
    retries: 60,
    retryDelay: 500,
  });
  producer.on('error', warn('producer'));
  // One send at a time. When only some partitions of a request fail (NOT_LEADER_OR_FOLLOWER, e.g. on a new topic
  // or a leader change), 2.12.1 resends the whole request; with other sends in flight the partitions that had
  // succeeded answer OUT_OF_ORDER_SEQUENCE_NUMBER, the client takes a new producer id and stores them twice.
  // Alone in flight, the resend stays inside the broker's duplicate window and is acknowledged without a copy.
  let sending: Promise<unknown> = Promise.resolve();
  const consumers = new Set<LogConsumer>();

  const topicNames = async () => new Set(await admin.listTopics());

  return {
    adapter: 'kafka (@platformatic/kafka)',
    async ensureTopics(topics) {
      const existing = await topicNames();
      const missing = topics.filter((topic) => !existing.has(topic.name));
      if (missing.length === 0) return;
      try {
        await admin.createTopics({
          topics: missing.map(({ name, partitions }) => ({ topic: name, partitions, replicas: -1 })),
        });
      } catch (error) {
        // Another process may have created some of them in the meantime: that is success.
        const now = await topicNames();
        if (!missing.every((topic) => now.has(topic.name))) throw error;
      }
    },
    async produce(topic, messages) {
      if (messages.length === 0) return;
      const sends = sendsOf(messages.map(({ key, value, headers }) => ({ topic, key, value, headers })));
      // The sends of one call follow each other, so that messages sharing a key keep their order.
      const send = sending.then(async () => {
        for (const batch of sends) await producer.send({ messages: batch });
      });
      sending = send.catch(() => undefined);
      await send;
    },
    async consume(consumerOptions) {
      const consumer = await startConsumer(base, consumerOptions);
      consumers.add(consumer);
      return {
        stop: () => consumer.stop().finally(() => consumers.delete(consumer)),
        abort: () => consumer.abort().finally(() => consumers.delete(consumer)),
      };
    },
    async ping() {
      await admin.metadata({ topics: [], forceUpdate: true, retries: 0 });
    },
    async close() {
      await Promise.allSettled([...consumers].map((consumer) => consumer.abort()));
      await Promise.all([producer.close(), admin.close()]);
    },
  };
}

async function startConsumer(
  base: { clientId: string; bootstrapBrokers: string[] },
  {
    groupId,
    topics,
    startFrom = 'earliest',
    handle,
    maxBatchSize = defaultMaxBatchSize,
    partitionsAtOnce = 1,
  }: ConsumerOptions,
): Promise<LogConsumer> {
  const highWater = Math.max(minHighWater, maxBatchSize * (partitionsAtOnce + 1));
  const consumer = new Consumer({
    ...base,
    groupId,
    deserializers: stringDeserializers,
    autocommit: false,
    sessionTimeout: groupTimings.sessionTimeoutMs,
    rebalanceTimeout: groupTimings.rebalanceTimeoutMs,
    heartbeatInterval: groupTimings.heartbeatIntervalMs,
    maxWaitTime: 1_000,
    maxBytesPerPartition: 1_048_576, // the default (all of maxBytes) makes a group's first fetch one slow 10 MB read
  });
  consumer.on('error', warn(`consumer of ${groupId}`));

  const stopping = new AbortController();
  const aborting = new AbortController();
  const queues = new Map<string, StringMessage[]>(); // per topic-partition, in offset order
  const nextOffsets = new Map<string, bigint>(); // per topic-partition, the offset after the last one received
  const inHand = new Map<string, Promise<void>>(); // per topic-partition, the batch being handled and committed
  let queued = 0;
  let paused = false;
  let wake = () => {};

  const owns = (topic: string, partition: number) =>
    consumer.assignments?.some((a) => a.topic === topic && a.partitions.includes(partition)) ?? false;
  const dropQueue = (key: string) => {
    queued -= queues.get(key)?.length ?? 0;
    queues.delete(key);
    nextOffsets.delete(key);
  };
  let owned = new Set<string>();
  let reopen = false;
  // After a rebalance the new owner of a partition starts from its committed offset: drop what we hold of it.
  consumer.on('consumer:group:join', () => {
    for (const key of [...nextOffsets.keys()]) {
      const colon = key.lastIndexOf(':'); // topic names cannot contain one
      if (!owns(key.slice(0, colon), Number(key.slice(colon + 1)))) dropQueue(key);
    }
    const assigned = new Set(
      (consumer.assignments ?? []).flatMap((a) => a.partitions.map((partition) => `${a.topic}:${partition}`)),
    );
    // A partition given back (after another member left or crashed) may have been fetched past its committed offset
    // while another member held it: a new stream starts every partition from its committed offset again.
    if ([...assigned].some((key) => !owned.has(key)) && owned.size > 0) reopen = true;
    owned = assigned;
    wake();
  });

  const openStream = async () => {
    const stream: StringStream = await consumer.consume({
      topics,
      mode: 'committed',
      fallbackMode: startFrom,
      autocommit: false,
    });
    // Resolves once the start positions are fixed, so that a 'latest' group sees whatever is produced next.
    await once(stream, 'offsets', { signal: AbortSignal.timeout(groupTimings.rebalanceTimeoutMs) });
    stream.on('data', (message: StringMessage) => {
      const key = `${message.topic}:${message.partition}`;
      // After a rejoin the stream rewinds to the last commit: what we already hold or handled is not taken twice.
      if (!owns(message.topic, message.partition) || message.offset < (nextOffsets.get(key) ?? -1n)) return;
      nextOffsets.set(key, message.offset + 1n);
      const queue = queues.get(key);
      if (queue) queue.push(message);
      else queues.set(key, [message]);
      if (++queued >= highWater && !paused) {
        paused = true;
        stream.pause();
      }
      wake();
    });
    stream.on('error', warn(`stream of ${groupId}`));
    stream.on('close', () => wake());
    return stream;
  };

  const nextBatch = () => {
    for (const [key, queue] of queues) {
      if (inHand.has(key)) continue;
      const batch = queue.splice(0, maxBatchSize);
      queued -= batch.length;
      queues.delete(key); // re-inserted at the end, so that partitions take turns
      if (queue.length > 0) queues.set(key, queue);
      if (batch.length > 0) return batch;
    }
    return undefined;
  };

  const handleAndCommit = async (batch: StringMessage[]) => {
    const { topic, partition } = batch[0]!;
    const handled = await handleUntilDone({
      records: batch.map(toRecord),
      handle,
      signal: aborting.signal,
      mayRetry: () => !stopping.signal.aborted && owns(topic, partition),
    });
    if (!handled) {
      // Later records of the partition must not overtake the ones given up.
      dropQueue(`${topic}:${partition}`);
      return;
    }
    try {
      await batch.at(-1)!.commit();
    } catch (error) {
      // Handled but not committed: the next commit covers them, or the partition's next owner gets them again.
      warn(`commit of ${topic}/${partition} for ${groupId}`)(error);
    }
  };
  const allInHand = () => Promise.all(inHand.values());

  const run = async (first: StringStream) => {
    let stream = first;
    let reopenFailures = 0;
    while (!stopping.signal.aborted && !aborting.signal.aborted) {
      if (stream.destroyed || stream.closed) {
        // The stream gave up (e.g. broker unreachable); a new one resumes from the committed offsets.
        await backOff(retryDelayMs(reopenFailures), aborting.signal);
        if (stopping.signal.aborted || aborting.signal.aborted) break;
        try {
          paused = false;
          stream = await openStream();
          reopenFailures = 0;
        } catch (error) {
          warn(`reopening the stream of ${groupId}`)(error);
          reopenFailures++;
        }
        continue;
      }
      if (reopen) {
        await allInHand();
        reopen = false;
        for (const key of [...queues.keys()]) dropQueue(key);
        await stream.close().catch(warn(`closing the stream of ${groupId}`));
        try {
          paused = false;
          stream = await openStream();
        } catch (error) {
          warn(`reopening the stream of ${groupId}`)(error);
        }
        continue;
      }
      if (paused && queued < highWater / 2) {
        paused = false;
        stream.resume();
      }
      const batch = inHand.size < partitionsAtOnce ? nextBatch() : undefined;
      if (!batch) {
        await new Promise<void>((resolve) => {
          wake = resolve;
        });
        continue;
      }
      const key = `${batch[0]!.topic}:${batch[0]!.partition}`;
      inHand.set(
        key,
        handleAndCommit(batch)
          .catch(warn(`batch of ${key} for ${groupId}`))
          .finally(() => {
            inHand.delete(key);
            wake();
          }),
      );
    }
    await allInHand();
    if (!aborting.signal.aborted) await stream.close().catch(warn(`closing the stream of ${groupId}`));
    // Leaving the group (rather than waiting for the session timeout) hands the partitions over at once.
    await consumer.close(true).catch(warn(`closing the consumer of ${groupId}`));
  };

  let first: StringStream;
  try {
    first = await openStream();
  } catch (error) {
    await consumer.close(true).catch(() => undefined);
    throw error;
  }
  const done = run(first).catch(warn(`consumer loop of ${groupId}`));
  return {
    stop: () => {
      stopping.abort();
      wake();
      return done;
    },
    abort: () => {
      aborting.abort();
      wake();
      return done;
    },
  };
}
