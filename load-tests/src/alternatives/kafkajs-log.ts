import { consumerStatusTracker } from '@nq/platform/log/consumer-status';
import { defaultMaxBatchSize, groupTimings, handleUntilDone } from '@nq/platform/log/kafka/shared';
import type { ConsumerOptions, LogConsumer, LogPort, LogRecord } from '@nq/platform/log/log-port';
import {
  type Consumer,
  type EachBatchPayload,
  type IHeaders,
  Kafka,
  type KafkaMessage,
  logLevel,
  Partitioners,
} from 'kafkajs';

const toHeaders = (headers: IHeaders = {}) => {
  const entries = Object.entries(headers).flatMap(([name, value]) => {
    const last = Array.isArray(value) ? value.at(-1) : value; // a repeated header keeps its last value
    return last === undefined ? [] : [[name, last.toString()] as const];
  });
  return Object.fromEntries(entries);
};

const toRecord = (topic: string, partition: number, message: KafkaMessage): LogRecord => ({
  topic,
  partition,
  offset: message.offset,
  timestamp: Number(message.timestamp),
  key: message.key?.toString() ?? '',
  value: message.value?.toString() ?? '',
  headers: toHeaders(message.headers),
});

export async function openKafkajsLog(options: { brokers: string[]; clientId: string }): Promise<LogPort> {
  const kafka = new Kafka({ clientId: options.clientId, brokers: options.brokers, logLevel: logLevel.ERROR });
  const admin = kafka.admin();
  const producer = kafka.producer({
    idempotent: true,
    allowAutoTopicCreation: false,
    // murmur2 as the Java client hashes keys (same partitions as @platformatic/kafka's compatibilityPartitioner);
    // naming it also silences kafkajs's warning about its v2 default.
    createPartitioner: Partitioners.DefaultPartitioner,
    // Idempotence otherwise retries forever; bound it so produce() fails during a long outage instead of hanging.
    retry: { retries: 10, maxRetryTime: 5_000 },
  });
  await admin.connect();
  await producer.connect();
  const consumers = new Set<LogConsumer>();

  const topicNames = async () => new Set(await admin.listTopics());

  return {
    adapter: 'kafka (kafkajs)',
    async ensureTopics(topics) {
      const existing = await topicNames();
      const missing = topics.filter((topic) => !existing.has(topic.name));
      if (missing.length === 0) return;
      try {
        await admin.createTopics({
          topics: missing.map(({ name, partitions }) => ({ topic: name, numPartitions: partitions })),
          waitForLeaders: true,
        });
      } catch (error) {
        // Another process may have created some of them in the meantime: that is success.
        const now = await topicNames();
        if (!missing.every((topic) => now.has(topic.name))) throw error;
      }
    },
    async produce(topic, messages) {
      if (messages.length === 0) return;
      await producer.send({
        topic,
        acks: -1,
        messages: messages.map(({ key, value, headers }) => ({ key, value, headers })),
      });
    },
    async consume(consumerOptions) {
      const consumer = await startConsumer(kafka.consumer(consumerConfig(consumerOptions.groupId)), consumerOptions);
      consumers.add(consumer);
      return {
        stop: () => consumer.stop().finally(() => consumers.delete(consumer)),
        abort: () => consumer.abort().finally(() => consumers.delete(consumer)),
        status: consumer.status,
      };
    },
    async groupLag(groupId) {
      const committed = await admin.fetchOffsets({ groupId });
      const lags = await Promise.all(
        committed.map(async ({ topic, partitions }) => {
          const ends = new Map((await admin.fetchTopicOffsets(topic)).map(({ partition, high }) => [partition, high]));
          return partitions
            .filter(({ offset }) => Number(offset) >= 0)
            .map(({ partition, offset }) => ({
              topic,
              partition,
              records: Math.max(0, Number(ends.get(partition) ?? offset) - Number(offset)),
            }));
        }),
      );
      return lags.flat();
    },
    async ping() {
      await admin.describeCluster();
    },
    async close() {
      await Promise.allSettled([...consumers].map((consumer) => consumer.abort()));
      await Promise.all([producer.disconnect(), admin.disconnect()]);
    },
  };
}

const consumerConfig = (groupId: string) => ({
  groupId,
  sessionTimeout: groupTimings.sessionTimeoutMs,
  rebalanceTimeout: groupTimings.rebalanceTimeoutMs,
  heartbeatInterval: groupTimings.heartbeatIntervalMs,
  maxWaitTimeInMs: 1_000,
  allowAutoTopicCreation: false,
});

async function startConsumer(
  consumer: Consumer,
  { groupId, topics, startFrom = 'earliest', handle, maxBatchSize = defaultMaxBatchSize }: ConsumerOptions,
): Promise<LogConsumer> {
  const aborting = new AbortController();
  const started = firstFetchAfterJoin(consumer, groupId);
  const tracker = consumerStatusTracker('kafkajs', groupId);
  consumer.on(consumer.events.CRASH, ({ payload }) => tracker.down(payload.error));
  consumer.on(consumer.events.GROUP_JOIN, () => tracker.up());

  const eachBatch = async ({
    batch,
    resolveOffset,
    heartbeat,
    commitOffsetsIfNecessary,
    isRunning,
    isStale,
  }: EachBatchPayload) => {
    const { topic, partition } = batch;
    for (let start = 0; start < batch.messages.length; start += maxBatchSize) {
      // isRunning() turns false on stop(): the chunk in hand is finished and committed, the rest is left.
      if (aborting.signal.aborted || !isRunning() || isStale()) return;
      const chunk = batch.messages.slice(start, start + maxBatchSize);
      const handled = await handleUntilDone({
        records: chunk.map((message) => toRecord(topic, partition, message)),
        handle,
        signal: aborting.signal,
        mayRetry: async () => {
          await heartbeat(); // throws when the group rebalances, and kafkajs rejoins
          return isRunning() && !isStale();
        },
      });
      // Unresolved, the records are fetched again from the last resolved offset.
      if (!handled) return;
      const last = chunk.at(-1)!.offset;
      const next = (BigInt(last) + 1n).toString();
      await commitOffsetsIfNecessary({ topics: [{ topic, partitions: [{ partition, offset: next }] }] });
      resolveOffset(last);
      await heartbeat();
    }
  };

  try {
    await consumer.connect();
    await consumer.subscribe({ topics, fromBeginning: startFrom === 'earliest' });
    await consumer.run({ autoCommit: false, eachBatchAutoResolve: false, eachBatch });
    await started.promise;
  } catch (error) {
    started.cancel();
    aborting.abort();
    await consumer.disconnect().catch(() => undefined);
    throw error;
  }

  // disconnect() waits for the batch in hand (which returns at once when aborted), then leaves the group.
  let done: Promise<void> | undefined;
  const leave = () => {
    done ??= consumer.disconnect();
    return done;
  };
  return {
    stop: leave,
    abort: () => {
      aborting.abort();
      return leave();
    },
    status: tracker.status,
  };
}

/** The first fetch after joining: by then the start positions are fixed (also those of a 'latest' group). */
function firstFetchAfterJoin(consumer: Consumer, groupId: string) {
  let cancel = () => {};
  const promise = new Promise<void>((resolve, reject) => {
    let joined = false;
    const listeners = [
      consumer.on(consumer.events.GROUP_JOIN, () => {
        joined = true;
      }),
      consumer.on(consumer.events.FETCH, () => joined && settle()),
      consumer.on(consumer.events.CRASH, ({ payload }) => !payload.restart && settle(payload.error)),
    ];
    const timer = setTimeout(
      () => settle(new Error(`the consumer of ${groupId} did not join its group in time`)),
      groupTimings.rebalanceTimeoutMs,
    );
    const settle = (error?: Error) => {
      clearTimeout(timer);
      for (const remove of listeners) remove();
      if (error) reject(error);
      else resolve();
    };
    cancel = () => settle(new Error('cancelled'));
  });
  promise.catch(() => undefined); // settled through cancel() when starting failed for another reason
  return { promise, cancel: () => cancel() };
}
