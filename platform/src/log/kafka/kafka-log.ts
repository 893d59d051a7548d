/**
 * The Kafka adapter of the Log port, on @platformatic/kafka (maintained, pure JS). It was kept over kafkajs
 * (unmaintained since 2023) after both passed the contract suite on Kafka 4.1 and this one produced faster
 * (load-tests/src/log-clients.bench.ts; figures in docs/decisions/0002-kafka-client.md).
 */
import { once } from 'node:events';
import { setTimeout as delay } from 'node:timers/promises';
import {
  Admin,
  Consumer,
  compatibilityPartitioner,
  findErrorBy,
  GenericError,
  type Message,
  type MessagesStream,
  Producer,
  stringDeserializers,
  stringSerializer,
} from '@platformatic/kafka';
import { processLog } from '../../logging/process-log.ts';
import { coalescingSender } from '../coalescing-sender.ts';
import { consumerStatusTracker } from '../consumer-status.ts';
import {
  type ConsumerOptions,
  type LogConsumer,
  type LogPort,
  type LogRecord,
  LogUnavailableError,
} from '../log-port.ts';
import { kafkaGroupLag } from './kafka-group-lag.ts';
import { KafkaRefusedError, type KafkaSecurity, kafkaConnectionOptions, kafkaRefusal } from './kafka-security.ts';
import { backOff, defaultMaxBatchSize, groupTimings, handleUntilDone, raceAbort, retryDelayMs } from './shared.ts';

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

/**
 * A message as it is sent: its key and value encoded once, here, so that a send is sized by the very bytes the
 * producer puts on the wire (the library's default serializers pass bytes through), with no second pass over the text.
 */
type OutgoingMessage = { topic: string; key: Buffer; value: Buffer; headers?: Record<string, string> };

const headerBytes = (headers: Record<string, string> | undefined) => {
  let bytes = 0;
  for (const name in headers) bytes += Buffer.byteLength(name) + Buffer.byteLength(headers[name]!);
  return bytes;
};

const bytesOf = ({ key, value, headers }: OutgoingMessage) =>
  key.length + value.length + headerBytes(headers) + recordMarginBytes;

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

const adapterName = 'kafka (@platformatic/kafka)';
const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));
const warn = (what: string) => (error: unknown) =>
  processLog().warn({ adapter: adapterName, reason: messageOf(error) }, `${adapterName} ${what}`);

/** How long a produce call may wait (for its turn, then for the broker's acknowledgement) before it gives up. */
export const defaultProduceTimeoutMs = 5_000;
/** How long closing a consumer (its stream, leaving its group) may take before it is dropped: the broker may be gone. */
const closeTimeoutMs = 4_000;

/** Settles like `work`, or resolves after `ms` leaving it behind. */
const atMost = (work: Promise<unknown>, ms: number) =>
  Promise.race([work.catch(() => undefined), delay(ms, undefined, { ref: false })]);

/** A failure the broker may not repeat (unreachable, leader moving, timeouts): every error in its chain retriable. */
const isTransient = (error: unknown) =>
  error instanceof Error && GenericError.isGenericError(error) && !findErrorBy(error, 'canRetry', false);

/** A refusal of this client's credentials or TLS settings, told as such; any other failure as it is. */
const explained = (error: unknown) => {
  const refusal = kafkaRefusal(error);
  return refusal ? new KafkaRefusedError(refusal, { cause: error }) : error;
};

type ClientBase = { clientId: string; bootstrapBrokers: string[] } & ReturnType<typeof kafkaConnectionOptions>;

export async function openKafkaLog(
  options: KafkaSecurity & {
    brokers: string[];
    clientId: string;
    produceTimeoutMs?: number;
    /**
     * Static membership (KIP-345): the consumers join their groups under this id, and a process started again under
     * it (a restarted container keeps its pod's name) is handed its partitions back at once, without waiting for the
     * crashed one's session to expire. Two live processes must never share one: each would fence the other out.
     */
    groupInstanceId?: string;
    sessionTimeoutMs?: number;
  },
): Promise<LogPort> {
  const base: ClientBase = {
    clientId: options.clientId,
    bootstrapBrokers: options.brokers,
    ...kafkaConnectionOptions(options),
  };
  const sessionTimeoutMs = options.sessionTimeoutMs ?? groupTimings.sessionTimeoutMs;
  const consumersPerGroup = new Map<string, number>();
  /** One instance id per consumer of a group in this process (the first keeps the id itself). */
  const instanceIdFor = (groupId: string) => {
    if (!options.groupInstanceId) return undefined;
    const earlier = consumersPerGroup.get(groupId) ?? 0;
    consumersPerGroup.set(groupId, earlier + 1);
    return earlier === 0 ? options.groupInstanceId : `${options.groupInstanceId}.${earlier}`;
  };
  const produceTimeoutMs = options.produceTimeoutMs ?? defaultProduceTimeoutMs;
  const admin = new Admin(base);
  admin.on('error', warn('admin'));
  await admin.metadata({ topics: [] }).catch(async (error: unknown) => {
    await admin.close().catch(() => undefined);
    throw explained(error);
  });
  const producer = new Producer<Buffer, Buffer, string, string>({
    ...base,
    idempotent: true, // implies acks=all
    // Keys and values come encoded (`OutgoingMessage`); header names and values are encoded by the library.
    serializers: { headerKey: stringSerializer, headerValue: stringSerializer },
    // murmur2 exactly as the Java client (and kafkajs) hash keys, so every client puts a key on the same partition.
    partitioner: compatibilityPartitioner,
    // Idempotence otherwise retries forever; these retries last about as long as a produce call may wait, so that a
    // send given up does not hold the next ones back for long.
    retries: 10,
    retryDelay: 500,
  });
  producer.on('error', warn('producer'));
  // One send at a time. When only some partitions of a request fail (NOT_LEADER_OR_FOLLOWER, e.g. on a new topic
  // or a leader change), 2.12.1 resends the whole request; with other sends in flight the partitions that had
  // succeeded answer OUT_OF_ORDER_SEQUENCE_NUMBER, the client takes a new producer id and stores them twice.
  // Alone in flight, the resend stays inside the broker's duplicate window and is acknowledged without a copy.
  // The produce calls made meanwhile (a gateway's requests, many at once) go together in the next send: one after
  // another, each would wait for every earlier one's acknowledgement.
  const send = coalescingSender<OutgoingMessage>(async (messages) => {
    for (const batch of sendsOf(messages)) await producer.send({ messages: batch });
  });
  const consumers = new Set<LogConsumer>();

  const topicNames = async () => new Set(await admin.listTopics());

  return {
    adapter: adapterName,
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
      const deadline = AbortSignal.timeout(produceTimeoutMs);
      const sent = send(
        messages.map(({ key, value, headers }) => ({
          topic,
          key: Buffer.from(key),
          value: Buffer.from(value),
          headers,
        })),
        deadline,
      );
      try {
        await raceAbort(sent, deadline);
      } catch (error) {
        // A send under way when the bound passed may still be stored: callers send again, and consumers are
        // idempotent (measurement ids, report times).
        if (deadline.aborted || isTransient(error)) throw new LogUnavailableError(error);
        throw error;
      }
    },
    async consume(consumerOptions) {
      const groupInstanceId = instanceIdFor(consumerOptions.groupId);
      const consumer = await startConsumer(
        base,
        { sessionTimeoutMs, ...(groupInstanceId ? { groupInstanceId } : {}) },
        consumerOptions,
      );
      consumers.add(consumer);
      return {
        stop: () => consumer.stop().finally(() => consumers.delete(consumer)),
        abort: () => consumer.abort().finally(() => consumers.delete(consumer)),
        status: consumer.status,
      };
    },
    groupLag: (groupId) => kafkaGroupLag(admin, groupId),
    async ping() {
      await admin.metadata({ topics: [], forceUpdate: true, retries: 0 }).catch((error: unknown) => {
        throw explained(error);
      });
    },
    async close() {
      await Promise.allSettled([...consumers].map((consumer) => consumer.abort()));
      await Promise.all([producer.close(), admin.close()]);
    },
  };
}

/**
 * One membership of the group: a client of the library and its stream. When it breaks (the stream gives up, a
 * rejoin fails, heartbeats go unanswered) it is dropped whole and a new one joins, however long that takes: a
 * client whose join failed is left outside its group for good by 2.12.1, without heartbeats or an error.
 */
interface Session {
  consumer: Consumer<string, string, string, string>;
  stream?: StringStream;
  /** The partitions of the last assignment. */
  owned: Set<string>;
  /** A partition came back from another member: the stream must start again from the committed offsets. */
  reopen: boolean;
  /** Why it broke, once it has. */
  broken?: string;
}

async function startConsumer(
  base: ClientBase,
  membership: { groupInstanceId?: string; sessionTimeoutMs: number },
  {
    groupId,
    topics,
    startFrom = 'earliest',
    handle,
    maxBatchSize = defaultMaxBatchSize,
    partitionsAtOnce = 1,
    lingerMs = 0,
  }: ConsumerOptions,
): Promise<LogConsumer> {
  const highWater = Math.max(minHighWater, maxBatchSize * (partitionsAtOnce + 1));
  const tracker = consumerStatusTracker(adapterName, groupId);
  const stopping = new AbortController();
  const aborting = new AbortController();
  const ending = AbortSignal.any([stopping.signal, aborting.signal]);
  const queues = new Map<string, StringMessage[]>(); // per topic-partition, in offset order
  const queuedSince = new Map<string, number>(); // per topic-partition, when its oldest queued record came
  const nextOffsets = new Map<string, bigint>(); // per topic-partition, the offset after the last one received
  const inHand = new Map<string, Promise<void>>(); // per topic-partition, the batch being handled and committed
  let queued = 0;
  let paused = false;
  let wake = () => {};
  let session: Session | undefined;

  const owns = (owner: Session, topic: string, partition: number) =>
    owner.consumer.assignments?.some((a) => a.topic === topic && a.partitions.includes(partition)) ?? false;
  const dropQueue = (key: string) => {
    queued -= queues.get(key)?.length ?? 0;
    queues.delete(key);
    queuedSince.delete(key);
    nextOffsets.delete(key);
  };
  const breakSession = (broken: Session, reason: string) => {
    broken.broken ??= reason;
    wake();
  };
  const closeSession = async (closing: Session) => {
    const stream = closing.stream;
    closing.stream = undefined;
    await atMost(
      (async () => {
        if (stream && !aborting.signal.aborted) await stream.close().catch(() => undefined);
        // Leaving the group (rather than waiting for the session timeout) hands the partitions over at once.
        await closing.consumer.close(true);
      })(),
      closeTimeoutMs,
    );
  };

  // After a rebalance the new owner of a partition starts from its committed offset: drop what we hold of it.
  const onJoin = (joined: Session) => {
    for (const key of [...nextOffsets.keys()]) {
      const colon = key.lastIndexOf(':'); // topic names cannot contain one
      if (!owns(joined, key.slice(0, colon), Number(key.slice(colon + 1)))) dropQueue(key);
    }
    const assigned = new Set(
      (joined.consumer.assignments ?? []).flatMap((a) => a.partitions.map((partition) => `${a.topic}:${partition}`)),
    );
    // A partition given back (after another member left or crashed) may have been fetched past its committed offset
    // while another member held it: a new stream starts every partition from its committed offset again.
    if ([...assigned].some((key) => !joined.owned.has(key)) && joined.owned.size > 0) joined.reopen = true;
    joined.owned = assigned;
    wake();
  };

  const openStream = async (owner: Session) => {
    const stream: StringStream = await owner.consumer.consume({
      topics,
      mode: 'committed',
      fallbackMode: startFrom,
      autocommit: false,
    });
    owner.stream = stream;
    stream.on('error', (error: unknown) => {
      if (owner.stream === stream) breakSession(owner, `fetching failed: ${messageOf(error)}`);
    });
    stream.on('close', () => {
      if (owner.stream === stream) breakSession(owner, 'its stream closed');
    });
    // Resolves once the start positions are fixed, so that a 'latest' group sees whatever is produced next.
    await once(stream, 'offsets', {
      signal: AbortSignal.any([AbortSignal.timeout(groupTimings.rebalanceTimeoutMs), ending]),
    });
    stream.on('data', (message: StringMessage) => {
      const key = `${message.topic}:${message.partition}`;
      // After a rejoin the stream rewinds to the last commit: what we already hold or handled is not taken twice.
      if (!owns(owner, message.topic, message.partition) || message.offset < (nextOffsets.get(key) ?? -1n)) return;
      nextOffsets.set(key, message.offset + 1n);
      const queue = queues.get(key);
      if (queue) queue.push(message);
      else queues.set(key, [message]);
      if (!queuedSince.has(key)) queuedSince.set(key, Date.now());
      if (++queued >= highWater && !paused) {
        paused = true;
        stream.pause();
      }
      wake();
    });
    paused = false;
  };

  const openSession = async (): Promise<Session> => {
    const opening: Session = {
      consumer: new Consumer({
        ...base,
        groupId,
        ...(membership.groupInstanceId ? { groupInstanceId: membership.groupInstanceId } : {}),
        deserializers: stringDeserializers,
        autocommit: false,
        sessionTimeout: membership.sessionTimeoutMs,
        rebalanceTimeout: groupTimings.rebalanceTimeoutMs,
        heartbeatInterval: groupTimings.heartbeatIntervalMs,
        // Heartbeats unanswered for a session timeout: the broker has let this member go.
        heartbeatStallTimeout: membership.sessionTimeoutMs,
        maxWaitTime: 1_000,
        maxBytesPerPartition: 1_048_576, // the default (all of maxBytes) makes a group's first fetch one slow 10 MB read
      }),
      owned: new Set(),
      reopen: false,
    };
    // The library emits 'error' only when a rejoin has failed: the member is then out of the group for good.
    opening.consumer.on('error', (error: unknown) => breakSession(opening, `rejoining failed: ${messageOf(error)}`));
    opening.consumer.on('consumer:heartbeat:stalled', () => breakSession(opening, 'heartbeats go unanswered'));
    opening.consumer.on('consumer:group:join', () => onJoin(opening));
    // Stopping while it joins: closing the client ends the join's retries at once.
    const closeWhenEnding = () => void closeSession(opening);
    ending.addEventListener('abort', closeWhenEnding, { once: true });
    try {
      await openStream(opening);
      if (opening.broken) throw new Error(opening.broken);
      return opening;
    } catch (error) {
      await closeSession(opening);
      throw error;
    } finally {
      ending.removeEventListener('abort', closeWhenEnding);
    }
  };

  /** When a lingering partition's batch is due (undefined when none lingers). */
  let lingerDue: number | undefined;
  const nextBatch = () => {
    const now = Date.now();
    lingerDue = undefined;
    for (const [key, queue] of queues) {
      if (inHand.has(key)) continue;
      const due = (queuedSince.get(key) ?? now) + lingerMs;
      if (queue.length < maxBatchSize && due > now) {
        lingerDue = Math.min(lingerDue ?? due, due);
        continue;
      }
      const batch = queue.splice(0, maxBatchSize);
      queued -= batch.length;
      queues.delete(key); // re-inserted at the end, so that partitions take turns
      if (queue.length > 0) {
        queues.set(key, queue);
        queuedSince.set(key, now);
      } else queuedSince.delete(key);
      if (batch.length > 0) return batch;
    }
    return undefined;
  };

  const handleAndCommit = async (owner: Session, batch: StringMessage[]) => {
    const { topic, partition } = batch[0]!;
    const current = () => session === owner && !owner.broken;
    const handled = await handleUntilDone({
      records: batch.map(toRecord),
      handle,
      signal: aborting.signal,
      mayRetry: () => !stopping.signal.aborted && current() && owns(owner, topic, partition),
    });
    if (!handled) {
      // Later records of the partition must not overtake the ones given up.
      if (current()) dropQueue(`${topic}:${partition}`);
      return;
    }
    // Its membership is gone: the partition comes again from its last commit (handling is idempotent).
    if (!current()) return;
    try {
      await batch.at(-1)!.commit();
    } catch (error) {
      // Handled but not committed: the next commit covers them, or the partition's next owner gets them again.
      if (current()) warn(`commit of ${topic}/${partition} for ${groupId}`)(error);
    }
  };
  const allInHand = () => Promise.all(inHand.values());

  const run = async () => {
    let failures = 0;
    while (!ending.aborted) {
      if (!session) {
        await backOff(retryDelayMs(failures), ending);
        if (ending.aborted) break;
        try {
          session = await openSession();
          failures = 0;
          tracker.up();
        } catch (error) {
          failures++;
          if (!ending.aborted) tracker.down(`joining its group failed: ${messageOf(error)}`);
        }
        continue;
      }
      if (session.broken) {
        tracker.down(session.broken);
        // What is queued is fetched again from the committed offsets by the next membership; the batches in hand
        // finish their attempt and are not retried.
        for (const key of [...queues.keys()]) dropQueue(key);
        nextOffsets.clear();
        void closeSession(session);
        session = undefined;
        continue;
      }
      if (session.reopen) {
        await allInHand();
        session.reopen = false;
        for (const key of [...queues.keys()]) dropQueue(key);
        const stream = session.stream;
        session.stream = undefined;
        await stream?.close().catch(warn(`closing the stream of ${groupId}`));
        await openStream(session).catch((error: unknown) =>
          breakSession(session!, `reopening its stream failed: ${messageOf(error)}`),
        );
        continue;
      }
      if (paused && queued < highWater / 2) {
        paused = false;
        session.stream?.resume();
      }
      const batch = inHand.size < partitionsAtOnce ? nextBatch() : undefined;
      if (!batch) {
        const lingering =
          lingerDue === undefined || inHand.size >= partitionsAtOnce
            ? undefined
            : setTimeout(() => wake(), lingerDue - Date.now());
        await new Promise<void>((resolve) => {
          wake = resolve;
        });
        clearTimeout(lingering);
        continue;
      }
      const key = `${batch[0]!.topic}:${batch[0]!.partition}`;
      inHand.set(
        key,
        handleAndCommit(session, batch)
          .catch(warn(`batch of ${key} for ${groupId}`))
          .finally(() => {
            inHand.delete(key);
            wake();
          }),
      );
    }
    await allInHand();
    if (session) await closeSession(session);
  };

  session = await openSession();
  const done = run().catch((error: unknown) => {
    tracker.ended(error);
    warn(`consumer loop of ${groupId}`)(error);
  });
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
    status: tracker.status,
  };
}

/** The partition of a topic of `partitions` the producer puts `key` on (murmur2, as the Java client hashes keys). */
export const kafkaPartitionOf = (key: string, partitions: number) =>
  compatibilityPartitioner(undefined as never, Buffer.from(key)) % partitions;
